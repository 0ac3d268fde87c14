// Package nesting bounds how deep HCL's native syntax nests before a
// recursive parser or walker sees it. hclsyntax's parser recurses once or
// more for every level of brackets, braces, parentheses, strings,
// heredocs, interpolations and template directives, and builds one AST
// level for every operator, condition and index of a chain; so do the
// walkers of this module (conversion, formatting, inspection, validation).
// Past some ten thousand levels the Go stack overflows, which kills the
// process and cannot be recovered. [Check] reads the tokens of the
// source (hclsyntax's lexer, which does not recurse) and reports the first
// token that goes deeper than [Max] ("Nesting too deep", spec.md C20);
// [ParseConfig], [ParseExpression] and [ParseTemplate] are hclsyntax's
// functions behind that check. Every parse of native syntax in the module
// goes through them, templates in JSON strings included.
//
// # Depth
//
// The depth of an opening token (one of ( [ { " <<EOT ${ %{) is the depth of
// the level that holds it plus one. Within an expression the level also
// counts, since the last ",", "=", "=>" (or new line where new lines end
// items: bodies and object constructors), each operator (+ - * / % == !=
// < <= > >= && || ! and the ? of a condition) and each opening token: each
// of these makes hclsyntax's tree one level deeper. Within a template each
// open %{if} and %{for} counts one. So "a = ((1))" has the inner "(" at
// depth 2, and "x = 1 + 1 + 1" reaches depth 2.
//
// # Cost
//
// An input is lexed only when [Suspect]: longer than Max bytes, with more
// than Max bytes among those every level-adding token holds. A long
// input's first 64 KiB are lexed first, where nesting too deep is mostly
// found; otherwise the whole input is. hclsyntax's parser lexes it again:
// a configuration file of many strings costs one more lexing, unless it
// is parsed in pieces that each hold at most Max of the bytes [Count]
// counts, as tojson.ParseNative parses it (the pieces are then proven
// shallow by their bytes alone, and only a piece that is not is lexed).
//
// # Imports
//
// hcl/v2 and its hclsyntax only; template, module, tojson, tonative, gen
// and internal/cli import it.
package nesting
