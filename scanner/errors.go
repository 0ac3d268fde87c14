package scanner

import (
	"errors"
	"fmt"
)

// ErrSyntax is wrapped by every Error: the input is not valid JSON.
var ErrSyntax = errors.New("invalid JSON")

// ErrLimit is wrapped by an Error reporting a limit of this scanner (nesting
// depth, input size) rather than invalid JSON.
var ErrLimit = errors.New("limit exceeded")

// Code says which mistake an Error reports. The scanner reports codes and
// the offending text only: the words users read are the business of the
// layer above (package hcljson words them as HCL's JSON diagnostics).
type Code uint8

const (
	CodeTrailingData        Code = iota + 1 // data after the root value
	CodeMissingValueBrace                   // '}' where a value should be
	CodeMissingValueBracket                 // ']' where a value should be
	CodeMissingValueEOF                     // end of input where a value should be
	CodeInvalidStart                        // a byte that cannot start a value
	CodePropertyName                        // object key that is not a string
	CodeMissingObjectValue                  // key followed by ',' or '}'
	CodeColonEquals                         // key followed by '='
	CodeColon                               // key followed by something else
	CodeTrailingCommaObject                 // ',' before '}'
	CodeTrailingCommaArray                  // ',' before ']'
	CodeUnclosedObject                      // end of input inside an object
	CodeUnclosedArray                       // end of input inside an array
	CodeMismatchedBraces                    // object closed by ']'
	CodeMismatchedBrackets                  // array closed by '}'
	CodeArrayColon                          // ':' after an array element
	CodeMissingCommaObject                  // no ',' between members
	CodeMissingCommaArray                   // no ',' between elements
	CodeNumber                              // malformed number
	CodeNumberRange                         // number too large or too small to represent
	CodeNumberLong                          // number token longer than MaxNumberLen
	CodeEscape                              // invalid escape sequence in a string
	CodeControl                             // raw control character in a string
	CodeUnterminated                        // string without closing quote
	CodeUTF8                                // invalid UTF-8 in a string
	CodeSurrogate                           // lone UTF-16 surrogate in a \u escape
	CodeJSIdentifier                        // undefined, NaN, Infinity
	CodeKeyword                             // any other bare word
	CodeDepth                               // nesting too deep
	CodeTooLarge                            // input of 4 GiB or more
	CodeTooManyErrors                       // more than MaxErrors errors
	CodeTooManyValues                       // more values than Options.MaxNodes

	numCodes
)

var codeNames = [numCodes]string{
	CodeTrailingData:        "data after the root value",
	CodeMissingValueBrace:   "'}' where a value should be",
	CodeMissingValueBracket: "']' where a value should be",
	CodeMissingValueEOF:     "end of input where a value should be",
	CodeInvalidStart:        "a byte that cannot start a value",
	CodePropertyName:        "object key that is not a string",
	CodeMissingObjectValue:  "key without a value",
	CodeColonEquals:         "'=' after a key",
	CodeColon:               "no colon after a key",
	CodeTrailingCommaObject: "trailing comma in an object",
	CodeTrailingCommaArray:  "trailing comma in an array",
	CodeUnclosedObject:      "unclosed object",
	CodeUnclosedArray:       "unclosed array",
	CodeMismatchedBraces:    "object closed by ']'",
	CodeMismatchedBrackets:  "array closed by '}'",
	CodeArrayColon:          "':' after an array element",
	CodeMissingCommaObject:  "no comma between members",
	CodeMissingCommaArray:   "no comma between elements",
	CodeNumber:              "malformed number",
	CodeNumberRange:         "number out of range",
	CodeNumberLong:          "number longer than the limit",
	CodeEscape:              "invalid escape sequence",
	CodeControl:             "control character in a string",
	CodeUnterminated:        "unterminated string",
	CodeUTF8:                "invalid UTF-8 in a string",
	CodeSurrogate:           "lone UTF-16 surrogate",
	CodeJSIdentifier:        "JavaScript identifier",
	CodeKeyword:             "invalid keyword",
	CodeDepth:               "nesting deeper than the limit",
	CodeTooLarge:            "input of 4 GiB or more",
	CodeTooManyErrors:       "more errors than the limit",
	CodeTooManyValues:       "more values than the limit",
}

// String names the mistake in a few words, for Error.
func (c Code) String() string {
	if c > 0 && c < numCodes {
		return codeNames[c]
	}
	return fmt.Sprintf("Code(%d)", uint8(c))
}

// Error is one problem found while scanning. Offsets are byte offsets into
// the scanned input.
type Error struct {
	Code Code
	// Start and End delimit the offending bytes (Start == End at the end of
	// input).
	Start, End int
	// CtxStart and CtxEnd delimit the enclosing token (the whole string for
	// an escape error), or are both -1.
	CtxStart, CtxEnd int
	// Text is the offending text, for the codes that have one: the bare
	// word used as a key (CodePropertyName; empty for any other
	// character), the number as written (CodeNumber, CodeNumberRange),
	// the escape sequence (CodeEscape, CodeSurrogate), the character as
	// U+XXXX (CodeControl), the byte as 0xXX (CodeUTF8), the word
	// (CodeJSIdentifier, CodeKeyword); for the limits, the limit in
	// decimal (CodeNumberLong, CodeDepth, CodeTooManyErrors).
	Text string
	// Pointer is the RFC 6901 JSON Pointer of the value being parsed.
	Pointer string
	// Stopped reports that parsing could not continue after this error:
	// nothing after Start was read.
	Stopped bool
	// Unread reports that, parsing having stopped, something other than
	// white space was left unread.
	Unread bool
}

// Error returns the offset, the JSON Pointer, what is wrong and the
// offending text, for programs; package hcljson words the diagnostics
// that users read (hcljson.SyntaxErrorSummary, SyntaxErrorDetail).
func (e *Error) Error() string {
	if e.Text == "" {
		return fmt.Sprintf("offset %d (at %q): %s", e.Start, e.Pointer, e.Code)
	}
	return fmt.Sprintf("offset %d (at %q): %s: %q", e.Start, e.Pointer, e.Code, e.Text)
}

// Context returns the enclosing token (the whole string around a bad
// escape), when the error has one that is more than its offending bytes.
func (e *Error) Context() (start, end int, ok bool) {
	if e.CtxStart >= 0 && (e.CtxStart != e.Start || e.CtxEnd != e.End) {
		return e.CtxStart, e.CtxEnd, true
	}
	return 0, 0, false
}

// Unwrap returns ErrLimit or ErrSyntax.
func (e *Error) Unwrap() error {
	if e.Code == CodeDepth || e.Code == CodeTooLarge || e.Code == CodeNumberLong || e.Code == CodeTooManyErrors || e.Code == CodeTooManyValues {
		return ErrLimit
	}
	return ErrSyntax
}
