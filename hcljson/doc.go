// Package hcljson parses HCL's JSON syntax (.tf.json, .hcl.json) into
// hcl.File, hcl.Body and hcl.Expression values. It is a drop-in for
// github.com/hashicorp/hcl/v2/json: the same functions with the same
// signatures, the same values, block order, labels and ranges on valid
// input, and the same diagnostics wording, with the deliberate differences
// listed in [spec.md] §differences.
//
// # Bodies
//
// A body is a JSON object or an array of objects (spec.md §body); under a
// schema each property is an attribute or a block (§attributes, §blocks),
// with one nesting level per block label. "//" properties in bodies are
// comments (§body-comments). JustAttributes needs a single object.
// [Source.Blocks] is the decoder's own reading of the label levels, for
// the layers that read the tape (package gen's formatter, package
// tonative): the same blocks and the same diagnostics.
//
// # Expressions
//
// Value(nil) takes strings as written; Value(ctx) reads each string as a
// template, object keys too (§json-values, §json-strings, §json-objects).
// Strings with no "${" and no "%{" never reach the template parser; the
// commonest templates are evaluated from their text (template.Quick), and
// the others are parsed once while anything uses the parse (the file holds
// it weakly, spec.md §syntax-limits), by the project's reader of native
// syntax where it reads them (hclsyntax's very tree, faster) and by
// hclsyntax otherwise (package template, spec.md §json-strings). Ranges inside strings are exact even
// where the JSON string holds escapes. The expressions implement the hooks
// behind hcl.ExprList, hcl.ExprMap, hcl.ExprCall, hcl.AbsTraversalForExpr,
// hcl.RelTraversalForExpr and hcl.ExprAsKeyword (§json-static), and
// Functions() as the OpenTofu fork of HCL defines it.
//
// # Performance and safety
//
// Parsing is one pass over the input into a flat tape (package scanner);
// positions are computed only when a range is asked for. Nesting depth is
// bounded, so no input can overflow the stack; time and memory are linear
// in the input (§syntax-limits). Bodies and expressions are safe for
// concurrent use.
//
// The file's bodies and expressions refer to the source bytes without
// copying them: do not modify them while the file is in use.
//
// # Misuse
//
// On nil and empty input the functions do what the oracle's do, apart from
// the differences listed (spec.md §misuse, §differences); a nil body or
// expression is not this package's (IsJSONBody, IsJSONExpression), nor is
// a nil file (SourceOf). A nil *scanner.Error given to SyntaxErrorSummary
// or SyntaxErrorDetail panics, and so do the methods of a Source that
// SourceOf did not make and, in the method called, a node index outside
// the tape.
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package hcljson
