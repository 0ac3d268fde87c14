// Package scanner reads JSON text (RFC 8259) into a tape of nodes in one
// pass, for the hcljson package above it. It knows JSON syntax only: no HCL.
//
// # The tape
//
// Parse returns a Document whose Nodes slice holds every value in document
// order; a container is followed by its descendants and records the index
// after them, so siblings are reached without pointers. Object members are
// a key (a String node) followed by its value, in written order, with
// duplicate names kept: what a duplicate means is decided above. Numbers
// keep their literal text (Document.Literal); converting them is left to
// the caller so that no precision is lost. Strings without escapes are
// views of the input (no allocation); strings with escapes are checked
// during the scan and unescaped each time their text is asked for.
//
// # Positions
//
// Nodes carry byte offsets only. Lines computes line and column on demand,
// counting columns as HCL's JSON scanner does ([spec.md] §positions).
//
// # Errors
//
// Errors carry byte offsets, a JSON Pointer, a Code and the offending
// text, and wrap ErrSyntax or ErrLimit. The parser names the precise
// mistake (which escape, which control character, which keyword); the
// words of the diagnostics users read, suggestions included, are package
// hcljson's (SyntaxErrorSummary, SyntaxErrorDetail). It resynchronizes
// where it safely can: a bad value becomes an Invalid node, a missing or
// trailing comma is reported once. Where it cannot, it stops and says so;
// it never reports errors that follow only from an earlier one (spec.md
// §syntax-errors).
//
// # Limits
//
// Nesting is bounded (DefaultMaxDepth, spec.md §syntax-limits); the parser
// uses an explicit stack, never recursion. Inputs must be smaller than
// 4 GiB, and hold at most MaxNodes values (Options.MaxNodes, spec.md D17).
// Memory is linear in the input: a node is 8 bytes (a container, and an
// escaped string, 8 more beside the tape), the tape is sized once from a
// quick count of structural bytes (an upper bound for valid input), the
// text of an escaped string is unescaped when asked for, not kept, and the
// line table keeps every 32nd line's start and a mark every 1 KiB of a long
// line. A position costs the same on one line of megabytes (minified JSON)
// as on many short lines (spec.md §positions).
//
// A leading UTF-8 byte order mark is skipped (spec.md §syntax).
//
// # Misuse
//
// Nil input is empty input (spec.md §misuse). The Document accessors index
// the tape: a node index outside it panics as indexing Nodes does, in the
// method called. A scalar has no children and only an object has members;
// Text of a node that is not a string panics. Lines clamps an offset to
// the input.
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package scanner
