// Package native reads HCL's native syntax (.tf, .tofu, .tfvars) into
// exactly the tree hclsyntax builds, faster: [ParseConfig] is a drop-in
// replacement for nesting.ParseConfig (hclsyntax.ParseConfig behind the
// nesting bound) that returns the same *hclsyntax.Body, node for node,
// field for field and range for range, the same hcl.File Bytes and Nav,
// and the same diagnostics.
//
// # What it reads
//
// The reader lexes on demand, one token ahead of a recursive-descent
// parser that follows hclsyntax's grammar step by step, and builds
// hclsyntax's own node types. It reads bodies, blocks with quoted and
// identifier labels, single-line blocks, arguments, numbers, true, false
// and null, quoted templates with escapes and interpolations of any
// expression it reads, references with attribute, index and legacy index
// steps, splats ([*] and .*), tuples, objects, function calls (with
// provider:: names and a final ...), parentheses, unary and binary
// operators, conditionals and for expressions; comments wherever
// hclsyntax allows them, and "\r\n" line breaks.
//
// # Falling back
//
// Anything else makes the whole file go to nesting.ParseConfig, so that
// the result and the diagnostics are always hclsyntax's: any error (the
// reader reports none), a byte other than ASCII outside line comments
// (columns count grapheme clusters, which the reader does not segment), a
// heredoc, a template directive (%{), whitespace stripping (${~ ~}), runs
// of three "$" or "%" in a string, and nesting deeper than maxDepth, so
// that nesting.Check, whose depth never exceeds the reader's, has nothing
// to say.
//
// # Aliasing
//
// The source is copied once into a string, and every name, label and
// literal string without escapes is a substring of it: a tree keeps the
// whole source string alive. The tree does not alias src itself.
//
// # Imports
//
// hcl/v2, its hclsyntax and go-cty; internal/nesting for the fallback.
// Nothing of the module imports it yet.
package native
