// Package gen writes HCL configuration in the JSON syntax (.tf.json) that
// reads back exactly as it was meant: same blocks in the same order, same
// attributes in the same order, same values.
//
// A program builds a [File] (bodies, blocks, attributes, "//" comments),
// with values made by [String], [Template], [Number], [Array], [Object]
// and the others, or converted from cty by [FromCty] and
// [Body.AppendAttributeCty], and writes it with [AppendFile], [File.Bytes]
// or an [Encoder]. [FromNative] builds the File of a native HCL
// file, and [ConvertNative] converts one to JSON in one call; with
// NativeOptions.Schema (schema.Terraform.Root) each argument is written
// as Terraform reads it. The other way, [ConvertJSON] converts a
// JSON-syntax file to native syntax with a schema, and [FormatJSON]
// rewrites one in the general array form. How the output is read back is the parse side, package
// hcljson, which spec.md specifies: bodies (§body), "//" properties
// (§body-comments), blocks and labels (§blocks), values, strings and object
// keys as expressions (§json-values, §json-strings, §json-objects).
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
// # Arguments written as blocks
//
// Terraform and OpenTofu let blocks fill a provider argument whose type is
// a list or set of objects, one block per element, in schemas the older
// provider SDK made (lang/blocktoattr; aws_security_group's ingress):
// schema.Attribute.AsBlocks describes them, from provider schemas. A JSON
// body has no such reading (a property of that name is always the
// argument), so with NativeOptions.Schema from provider schemas the
// blocks are written as the argument: an array with one object per block
// in order, each with the block's arguments in source order and then
// null for every attribute of the element type that the block leaves out
// (the programs give it null; an object lacking it would not convert to
// the element type). A constant of another type than its attribute's is
// written converted, as the programs read the block ("443" for a number
// is 443), so that show -json's configuration stays the same; an
// element's own argument written as blocks is an array again. A dynamic
// block generating such an argument stays a dynamic block. Static and
// dynamic blocks of one argument, and a dynamic block inside such a
// block, have no JSON form: errors with their ranges. Without provider
// schemas such blocks are written as blocks, which both programs read as
// the argument: the same when every block sets every attribute, an error
// when it plans otherwise. The way back writes the argument.
//
// # JSON to native syntax
//
// [ConvertJSON] first decodes the file with the schema, as HCL's JSON
// decoder does, so that a structure error (an extraneous property, a
// missing label, a body that is not an object) is the error a user
// knows. It then writes each body member in order: a "//" property as
// # comments, a block type the schema lists as one block per body with
// its labels quoted, an argument as name = value in its mode. In
// Expression mode a string is a template: "${x}" alone becomes x (in
// parentheses if it spans lines), literal text a quoted string with "${"
// and "%{" escaped, other templates a quoted template whose literal parts
// get native escapes and whose sequences are kept as written, or a
// heredoc when the text is whole printable lines. In Literal mode strings
// are text, escaped the same way. Type expressions, references, keywords,
// provider references and native expressions in strings are written as
// their text; lists and maps of them as tuples and objects. An object key
// is bare when it is an identifier other than for, in, if, true, false,
// null, a one-interpolation template key is parenthesised.
//
// A property of an Open body that the schema does not list and whose
// value is an object or an array of objects (or an empty array) could be
// a nested block or an argument: it is an error naming its path unless
// JSONOptions.ObjectsAsAttributes asks to write it as an argument (with a
// warning). Every argument written is parsed back and compared with the
// JSON in its mode (values without a context for literals; variables,
// functions, and the value or the errors under a context built from them
// for expressions; the traversal, type or keyword for syntax), and the
// whole output is parsed: any difference is an error, never a silent
// change. The output is written laid out as terraform fmt and tofu fmt
// lay it out (their layout is hclwrite.Format's), with a blank line
// around blocks: indentation, the "=" of consecutive single-line
// arguments aligned, spaces between tokens (internal/nativefmt, which
// lexes only values that are not plainly laid out already), so formatting
// the output changes nothing. A value whose layout would join tokens that
// a space keeps apart ("${0. 0}", the number 0 indexed by 0, would become
// the number 0.0) is left as written.
//
// The way to JSON writes an expression's source text laid out the same
// way, whatever the author's spacing, so that .tf -> .tf.json -> .tf ->
// .tf.json gives the first JSON again byte for byte.
//
// # Performance
//
// Encoding appends to the caller's buffer without reflection and without
// encoding/json; appending a built File to a buffer with enough capacity
// allocates nothing. An [Encoder] hands its output to the writer every
// 64 KiB.
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
//   - ConvertJSON: a JSON object with a repeated literal key in an
//     expression (an error when HCL evaluates it, silently the last value
//     in native syntax); an argument name that is not an identifier; a
//     string with template syntax where Terraform and OpenTofu read it
//     differently (module source and version, backend and cloud settings:
//     OpenTofu evaluates the template, Terraform takes it as text;
//     Attribute.OpenTofuTemplate) under the Terraform language — each an
//     error, in both directions. Under schema.OpenTofu those arguments are
//     expressions and convert as any other.
//     Object keys that are templates and collide only at run time
//     ({"${var.a}": 1, "A": 2} with var.a = "A") are not detected: HCL's
//     JSON reading reports them when it evaluates, native syntax keeps
//     the last value. A "//" property that is the last member of a body is written
//     as a comment there, which ConvertNative does not carry back (it keeps
//     comments above items only).
package gen
