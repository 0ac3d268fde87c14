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
// and null, quoted templates and heredocs (<<EOT and <<-EOT) with escapes,
// interpolations of any expression it reads, the directives %{if},
// %{else}, %{endif}, %{for} and %{endfor}, and the strip markers ${~ ~}
// %{~ ~}; references with attribute, index and legacy index steps,
// splats ([*] and .*), tuples, objects, function calls (with provider::
// names and a final ...), parentheses, unary and binary operators,
// conditionals and for expressions; comments wherever hclsyntax allows
// them, and "\r\n" line breaks. Columns count grapheme clusters as
// hclsyntax counts them, token by token: the reader segments only the
// text beyond ASCII, in strings, heredocs and comments; identifiers beyond
// ASCII are read when their letters are Latin (U+00C0 to U+024F).
//
// # Templates
//
// [ParseTemplate] is the same reader on a standalone template, the text of
// a JSON string: hclsyntax.ParseTemplate's expression at a given start,
// node for node and range for range (the ranges of hclsyntax's lexer on
// the text, which package template maps through the string's escapes).
// The text is read as hclsyntax's scanner reads a template: literal text
// cut at line breaks and at "$" and "%", as in a heredoc, up to the end of
// the text; pieces melded, one interpolation alone wrapped. It reports
// false where it does not read the template, or where hclsyntax would
// report anything (it falls back as below, and on a byte order mark),
// and the caller asks hclsyntax. Its slabs hold a chunk of one node per
// 256 bytes of text: a template is mostly short.
//
// [ParseExpression] is the same for a standalone expression
// (hclsyntax.ParseExpression: line breaks ignored, nothing but comments
// after it), which package template reads for static analysis.
//
// # Falling back
//
// Anything else makes the whole file go to nesting.ParseConfig, so that
// the result and the diagnostics are always hclsyntax's: any error (the
// reader reports none), an argument set twice, invalid UTF-8, a byte
// order mark, other identifiers beyond ASCII, runs of three "$" or "%" in
// a string, a space beyond ASCII that <<- would trim, and nesting deeper
// than maxDepth, so that nesting.Check, whose depth never exceeds the
// reader's, has nothing to say.
//
// # Memory
//
// The source is copied once into a string, and every name, label and
// literal string without escapes is a substring of it: a tree keeps the
// whole source string alive. The tree does not alias src itself. Nodes
// are allocated in slabs, many to an allocation, and slices (traversals,
// arguments, elements, parts, items, blocks, labels) are built on stacks
// and copied into slabs at their exact length, with a capacity equal to
// it: a tree holds its nodes alive together, which is how it is used.
// A file under 4 kB takes the first chunks of its most frequent node
// types, and its hcl.File, in one allocation (first.go's bundles); the
// chunks that follow are sized from the file's length, then again each
// eighth of the source from the densities read so far (slabs.resize),
// so that the last, partly empty chunks hold less.
// The steps of traversals are stored in slabs too, and the hcl.Traverser
// values that hold them point into the slabs (box.go writes the two
// words of those interface values, and of File.Nav, which holds the
// body, with package unsafe: no allocation for each step, no empty file
// parsed for each Nav; TestNavType and TestBoxedSteps check both). The
// strings of literal text in templates are stored in a slab too, and
// their cty.Value points into it the same way when the text is ASCII,
// which cty's normalization leaves as it is (TestStringVal).
// The values of the integers 0 to 999 are parsed once for the process
// and shared by the trees (cty values are immutable; TestSmallInts).
//
// # Imports
//
// hcl/v2, its hclsyntax and go-cty; internal/nesting for the fallback.
// Every parse of a native configuration file goes through it: module.Parse
// (the module loader, and so check, validate and inspect), tojson's
// ParseNative (convert), and the command's fmt of a native file and check
// of standard input. Templates and expressions inside JSON strings go
// through ParseTemplate and ParseExpression (package template), and
// hclsyntax where they give up.
package native
