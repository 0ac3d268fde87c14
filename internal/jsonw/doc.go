// Package jsonw writes JSON text. It is the module's one JSON writer: gen's
// encoder (the .tf.json builder, FormatJSON, hcljson convert and fmt),
// inspect.WriteJSON (the indentation of encoding/json's output), jsonpath
// (keys in paths and in messages) and internal/cli (--format json
// diagnostics, get's output) all write through it.
//
// It owns two things:
//
//   - AppendString: a Go string as a JSON string, with the escaping rules
//     below, in one pass and without allocating beyond growing the buffer.
//   - Writer: the layout of objects and arrays, compact (no whitespace) or
//     indented by a number of spaces per level, appended to a buffer that
//     can be handed to an io.Writer in pieces of about FlushSize bytes.
//     Writer.Reindent lays out JSON text written elsewhere (encoding/json's
//     output, a value copied from a source document) the same way.
//
// Numbers and the literals true, false and null are appended by the caller
// as their text (gen keeps a number's exact decimal text); nothing here
// checks them.
//
// # Escaping
//
// JSON escaping is the minimum JSON requires ('"' and '\\' escaped, control
// characters as \n, \t, \r, \b, \f or \u00XX with lowercase hexadecimal
// digits) plus U+2028 and U+2029 as \u2028 and \u2029, which JavaScript
// does not accept raw in older engines. Each byte of invalid UTF-8 is
// written as \ufffd. DEL, '<', '>', '&' and every other character are
// written as they are. Apart from '<', '>' and '&', which encoding/json
// escapes, this is what encoding/json writes.
//
// With Template, the string is literal text in a place HCL reads as a
// template (gen's Expr mode), and is escaped so that the template
// evaluates to it (template.Escape): "${" is written "$${", "%{" is
// written "%%{", and a leading U+FEFF is doubled. The one kind of text that
// has no escaped form (a carriage return not followed by a line feed and,
// after it, "${" or "%{") is written as an interpolation of a quoted HCL
// string, "${\"...\"}", which evaluates to it exactly.
//
// gen's documentation ("Modes and escaping") states these rules for
// .tf.json output. They hold for every JSON string the module writes
// itself; inspect's strings are written by encoding/json, which also
// escapes '<', '>' and '&' (inspect keeps encoding/json because its Config
// is meant to be marshalled by it, and OpenTofu's output is made by it),
// and hcljson get copies a value as the document writes it.
package jsonw
