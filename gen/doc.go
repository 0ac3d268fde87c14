// Package gen writes HCL configuration in the JSON syntax (.tf.json) that
// reads back exactly as it was meant: same blocks in the same order, same
// attributes in the same order, same values.
//
// A program builds a [File] (bodies, blocks, attributes, "//" comments),
// with values made by [String], [Template], [Number], [Array], [Object]
// and the others, or converted from cty by [FromCty] and
// [Body.AppendAttributeCty], and writes it with [AppendFile], [File.Bytes]
// or an [Encoder]; [FormatJSON] (or [FormatFile]) rewrites a JSON-syntax
// file in the general array form, and [LayoutFile] lays one out in the
// form its author wrote, changing only white space; both read the blocks
// as the decoder does (hcljson.Source.Blocks) and refuse, with the
// decoder's diagnostics, a file whose labels do not nest as its block
// types take them (spec.md C27). Conversions live beside it, one package
// per direction: package tojson converts native HCL to JSON through this
// builder, package tonative converts JSON to native syntax. How the
// output is read back is the parse side, package hcljson, which [spec.md]
// specifies: bodies (§body), "//" properties
// (§body-comments), blocks and labels (§blocks), values, strings and object
// keys as expressions (§json-values, §json-strings, §json-objects).
//
// # Building as a language reads it
//
// A file made by [NewFileFor] knows its schema (schema.Terraform.Root, or
// a Language with provider schemas): [Body.Set] writes each argument in the
// mode the schema reads it, so the caller does not choose between Expr
// and Literal, and it refuses what would mean something else there: a
// reference, call or template in a literal argument (a variable's
// default, a module source), a string where a type, reference or keyword
// is read, a keyword the argument does not take, a name the body does not
// take (with the nearest one). [Ref], [Type], [Keyword], [Call] and
// [JSONEncode] make those values, checked as they are made: Ref("var.x")
// is "${var.x}" in an expression and the bare var.x in depends_on;
// Call("format", String("a-%s"), ref) is "${format(\"a-%s\", var.x)}",
// its String arguments quoted so that they stay text. [MustRef], [MustType],
// [MustKeyword], [MustCall] and [MustNumber] are the same for constant
// input, panicking where the others return an error. [Body.AddBlock]
// appends a block once the schema takes it: its type (with the nearest
// one when it does not), its number of labels, and, with provider
// schemas, a resource type of a known provider and the nested block a
// dynamic block generates; [Body.AppendBlock] appends any.
//
// # The general array form
//
// Every body is one JSON object. Attributes and comments are written in
// the order they were appended. The blocks of one type are written
// together as one property, at the place of the first block of that type,
// whose value is an array with one element per block, in order. Each label
// is an object with that label as its only property, holding an array
// with one element; inside the last array is the block's body:
//
//	{
//	  "resource": [
//	    {"aws_instance": [{"web": [{"ami": "ami-123"}]}]},
//	    {"aws_instance": [{"db": [{"ami": "ami-456"}]}]}
//	  ],
//	  "lifecycle": [{...}]
//	}
//
// (shown here with some lines joined). This is the form Terraform's
// documentation recommends for systematic conversion: it is valid for
// every schema, whatever the number of blocks, and keeps the order of
// blocks of one type even when their labels differ or repeat. The order
// between blocks of different types, and between blocks and attributes, is
// not kept (hcl.BodyContent lists blocks of all types in one slice, so a
// decoder that looks at that order sees the grouped order), except where
// it means something: a dynamic block expands in place among the static
// blocks of the type it generates, so where grouping would move a block
// across such a dynamic block, the type starts a new property of the same
// name (a JSON body may repeat a name) and source order is kept:
//
//	{"ingress": [{...}], "dynamic": [{"ingress": [{...}]}], "ingress": [{...}]}
//
// Output is deterministic: two spaces of indentation by default, no
// whitespace with Options.Compact, and a trailing newline after a file.
//
// # Modes and escaping
//
// An attribute is appended with a [Mode], which says how whoever decodes
// it will read it. In [Expr] mode (Value with an evaluation context, most
// arguments) every string is a template, object keys too, so a [String]'s
// text is escaped for templates: "${" is written "$${", "%{" is written
// "%%{", and a leading U+FEFF is doubled. In [Literal] mode (Value(nil):
// Terraform's variable defaults and descriptions, module sources, backend
// settings) a String is written as it is: escaping it there would change
// the value. A [Template] ("web-${count.index}") is written as given in
// both modes.
//
// JSON escaping is the minimum JSON requires ('"', '\\', control
// characters as \n, \t, \r, \b, \f or \u00XX) plus U+2028 and U+2029,
// which JavaScript does not accept raw in older engines. '<', '>' and '&'
// are written as they are. Each byte of invalid UTF-8 is written as
// \ufffd. Names (attributes, block types, labels) and "//" comments are
// written as they are, never escaped for templates: HCL does not evaluate
// them.
//
// One kind of text has no escaped form in Expr mode: a carriage return not
// followed by a line feed and, after it, "${" or "%{". After such a "\r"
// hclsyntax reads the rest of a template without its usual escapes. Such a
// string is written as an interpolation of a quoted HCL string,
// "${\"...\"}", which evaluates to it exactly.
//
// # Numbers
//
// A number keeps its exact decimal text ([Number]) or the shortest text
// that identifies it ([NumberFloat], [NumberInt]), and HCL reads it back
// with 512 bits of precision, as Terraform and OpenTofu do. A number is
// written as a JSON number in every mode, 9007199254740993 and 1e400
// included: a template "${1e400}" would evaluate to the same number but
// turn a constant into an expression (terraform show -json would lose its
// constant_value). Readers that hold numbers in float64 (JavaScript, jq,
// encoding/json) round or reject such numbers; HCL does not.
// Number and NumberFloat reject what hcljson cannot read: more than 4,096
// characters, or a magnitude beyond about 1e646456992 or below about
// 1e-646457000 (spec.md §syntax-numbers, §syntax-limits).
//
// # Values from cty
//
// [FromCty] maps lists, sets and tuples to arrays and maps and objects to
// objects (keys in cty's sorted order), keeps numbers exact and writes a
// null of any type as null. An unknown or marked value is an error, a
// [*PathError] naming where it is: resource.aws_instance.web.tags["Name"].
//
// # Performance
//
// Encoding appends to the caller's buffer without reflection and without
// encoding/json; appending a built File to a buffer with enough capacity
// allocates nothing. An [Encoder] hands its output to the writer every
// 64 KiB. A [Stream] writes the same bytes for a file whose top-level
// blocks are appended and encoded in parts (each block type's text in a
// [Spool] until the end), so that no more than a part is held built.
//
// # Not supported
//
//   - The order between blocks of different types, and between blocks and
//     attributes, in one body, beyond dynamic blocks (see above). A root
//     array, which would keep it, is not written.
//   - Attributes are not checked against any schema: duplicate names, names
//     that are not identifiers and block types with different numbers of
//     labels are written as given, and reported by whoever decodes them.
//   - A Template is not checked: invalid template source is written as
//     given and reported when evaluated.
//   - Unknown and marked cty values (see above), and invalid UTF-8 (written
//     as U+FFFD).
//
// # Misuse
//
// A nil *File is an empty file, the zero Value is null, and the zero Body
// and Block are empty (spec.md §misuse). A nil writer given to NewEncoder,
// and a Mode other than Expr and Literal, panic; text that a constructor
// cannot read is its error.
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package gen
