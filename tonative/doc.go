// Package tonative converts HCL's JSON syntax to its native syntax: a
// .tf.json file to .tf, meaning the same.
//
// [Convert] parses the JSON with package hcljson and converts it;
// [ConvertFile] converts a file already parsed, reading the tape it was
// decoded from (the input is scanned once). Options.Schema says how each
// property is read (schema.Terraform.Root, a language with provider
// schemas from schema.ReadProviderSchemas, or nil for the language of
// the file's name).
//
// [Convert] first decodes the file with the schema, as HCL's JSON
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
// Options.ObjectsAsAttributes asks to write it as an argument (with a
// warning). Every argument written is parsed back and compared with the
// JSON in its mode (values without a context for literals; variables,
// functions, and the value or the errors under a context built from them
// for expressions; the traversal, type or keyword for syntax): any
// difference is an error, never a silent change. The rest (names, labels,
// braces, comments) is written so that it parses; the output as a whole
// is not parsed again (the tests parse every output). The output is written laid out as terraform fmt and tofu fmt
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
// # Not supported
//
//   - A JSON object with a repeated literal key in an
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
//     as a comment there, which package tojson does not carry back (it keeps
//     comments above items only).
//
// # Misuse
//
// Nil input is a syntax error. ConvertFile and ConvertTo report a file
// that hcljson.Parse did not make, nil included, as an error; ConvertTo
// panics with a nil writer ([spec.md] §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package tonative
