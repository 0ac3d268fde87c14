// Package template reads JSON strings as HCL templates and static
// expressions, with ranges that are exact in the JSON file, and escapes
// literal strings for writers.
//
// It implements the [spec.md] sections "json-strings" (a string evaluated with
// a context is a template; a template that is exactly one interpolation
// yields that value unconverted) and "json-static" (a string read by static
// analysis is a traversal or a static function call).
//
// # What it does
//
// [Parse] parses one string once, as hclsyntax.ParseTemplate does; the
// resulting [Template] answers Value, Variables, Functions and Diagnostics
// without parsing again. A literal string, one without "${" or "%{" (see
// [IsLiteral]), never reaches the parser: its value is the string itself.
// Nor do the commonest templates: one interpolation of a plain traversal
// ("${var.region}", "${aws_instance.web[0].id}", "${local.tags[\"k\"]}"),
// text on one line mixed with such interpolations
// ("web-${var.env}-${count.index}"), text whose only template syntax is
// escapes ("home/$${aws:username}/*", "%%{ not a directive }"), and, in
// ASCII, function calls whose arguments are plain traversals, quoted
// literals without escapes or interpolations, decimal numbers, true, false,
// null and such calls, separated by "," or ", ", alone or mixed with text
// and traversals ("${length(var.subnets)}", "${var.v}-${upper(local.l)}",
// "${lookup(var.tags, \"Name\", null)}"). For these Parse builds the very
// AST hclsyntax would build, node for node and range for range, with a
// tenth of the allocations; a template that is one piece of text then
// evaluates without allocating. Anything else near these forms (white
// space, "~", "provider::" names, "...", a trailing comma, escapes in a
// quoted argument, non-ASCII text around a call) goes to the parser: first
// internal/native's reader of native syntax (native.ParseTemplate), which
// builds hclsyntax's tree, node for node and range for range, several
// times faster (BENCHMARKS.md, BenchmarkParseTemplate), and reads only
// templates on which hclsyntax reports nothing; then, where it does not
// read the template (any error, a lone "\r", a byte order mark, runs of
// three "$" or "%", ...), hclsyntax itself, whose tree and diagnostics are
// then the answer.
// [ParseTraversal], [ParseExpression] and [StaticCall] read a string the way
// hcl.AbsTraversalForExpr, hcl.ExprAsKeyword and hcl.ExprCall expect;
// ParseExpression (and so StaticCall) reads with internal/native's reader
// first (native.ParseExpression), as Parse does.
// [Escape] and [AppendEscape] turn a literal into a template that evaluates
// back to it ("${" becomes "$${", "%{" becomes "%%{").
//
// # Source map
//
// hclsyntax sees the unescaped text, so without help every range after an
// escape such as \n, \" or \u00e9 is off, and the oracle
// (github.com/hashicorp/hcl/v2/json) also starts static traversals and calls
// on the opening quote. Here the text is parsed at [Source.Start], and when
// the string has escapes (or any non-ASCII byte, whose grapheme clusters
// hclsyntax counts token by token) every range handed out is rewritten: a
// byte offset d in the text becomes the offset of the corresponding byte in
// the token, Start.Byte plus rawOffset(d), resolved to a line and column by
// [Source.Pos]. A two-byte escape yields one text byte, \uXXXX yields one to
// three, a surrogate pair yields four; an offset inside the bytes of one
// escape maps to the escape's backslash. The map is built lazily, once per
// string. Rewritten are the Subject and Context of diagnostics (and the
// range that directive errors print in their Detail), every step of the
// traversals from Variables, Functions and ParseTraversal, the NameRange,
// ArgsRange and arguments of a StaticCall, and the Range and StartRange of
// an expression from ParseExpression. A string that is ASCII and has no
// escapes needs none of this: hclsyntax's own ranges are exact and are
// returned untouched.
//
// # Many lines
//
// internal/native's reader takes time linear in the length of the text,
// however many lines it has. Where it does not read a template,
// hclsyntax's template parser is quadratic in the number of lines of
// literal text (it joins one token per line by repeated concatenation): a
// 1 MB string of 25,000 escaped newlines and one "${x}" takes seconds. When
// a string has more than 32 newlines, Parse lexes it first and replaces the
// newlines that stand in top-level literal text by a placeholder byte
// (keeping the first and last of each run of literal tokens, so that "~"
// trims and token ranges are unchanged), parses that, and puts the newlines
// back into the literal values: linear time, the same values, variables
// and diagnostics. Such a template always goes through the source map,
// which needs only byte offsets.
//
// # Limits
//
//   - hclsyntax AST nodes keep the ranges hclsyntax gave them. The
//     Expression of a diagnostic is wrapped so that its Range and
//     StartRange are exact, but the node that hcl.UnwrapExpression reaches
//     (there, and inside an expression from ParseExpression) is as
//     approximate (after an escape) as the oracle's. In a template of many
//     lines that hclsyntax parsed (internal/native's reader did not) their
//     lines and columns are off after the first folded newline (their byte
//     offsets are exact).
//   - A leading U+FEFF is dropped by hclsyntax, so such a string is not
//     literal; Escape doubles it so that the written template still
//     evaluates to the original. Invalid UTF-8 cannot be expressed at all.
//   - hclsyntax reads everything after a carriage return that is not
//     followed by a line feed (a JSON "\r") as literal text: interpolations
//     there are not evaluated, as in the oracle. See [Escape] for the one
//     literal that therefore cannot be written.
//   - Value passes a nil context to hclsyntax unchanged: the JSON
//     "literal-only" mode belongs to the caller.
//   - Traversals from a string without escapes share storage with the parsed
//     template, as hclsyntax's do; callers must not modify them.
//
// # Imports
//
// hcl/v2, its hclsyntax and go-cty; internal/nesting for the nesting bound
// and hclsyntax's parsers behind it; internal/native for its reader of
// templates (the oracle rule concerns only hashicorp/hcl/v2/json, which
// no package imports outside its tests).
//
// # Misuse
//
// The zero Source is an empty string at the zero position, a nil context
// is no context, and nil buffers and traversals are empty (spec.md
// §misuse); the methods of a nil *Template panic.
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package template
