package scanner

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/agext/levenshtein"
)

// ErrSyntax is wrapped by every Error: the input is not valid JSON.
var ErrSyntax = errors.New("invalid JSON")

// ErrLimit is wrapped by an Error reporting a limit of this scanner (nesting
// depth, input size) rather than invalid JSON.
var ErrLimit = errors.New("limit exceeded")

// Code says which mistake an Error reports.
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
)

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
	// Text is the offending text where the message names it (the escape
	// sequence, the keyword, the control character).
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

func (e *Error) Error() string {
	return fmt.Sprintf("offset %d (at %q): %s", e.Start, e.Pointer, e.Detail())
}

// Unwrap returns ErrLimit or ErrSyntax.
func (e *Error) Unwrap() error {
	if e.Code == CodeDepth || e.Code == CodeTooLarge || e.Code == CodeNumberLong || e.Code == CodeTooManyErrors {
		return ErrLimit
	}
	return ErrSyntax
}

const valueStartDetail = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword."

// Summary returns a short title for the error, in the wording of HCL's JSON
// diagnostics.
func (e *Error) Summary() string {
	switch e.Code {
	case CodeTrailingData:
		return "Extraneous data after value"
	case CodeMissingValueBrace:
		return "Missing JSON value"
	case CodeMissingValueBracket:
		return "Missing array element value"
	case CodeMissingValueEOF:
		return "Missing value"
	case CodeInvalidStart:
		return "Invalid start of value"
	case CodePropertyName:
		return "Invalid object property name"
	case CodeMissingObjectValue:
		return "Missing object value"
	case CodeColonEquals, CodeColon:
		return "Missing property value colon"
	case CodeTrailingCommaObject:
		return "Trailing comma in object"
	case CodeTrailingCommaArray:
		return "Trailing comma in array"
	case CodeUnclosedObject:
		return "Unclosed object"
	case CodeUnclosedArray:
		return "Unclosed array"
	case CodeMismatchedBraces:
		return "Mismatched braces"
	case CodeMismatchedBrackets:
		return "Mismatched brackets"
	case CodeArrayColon:
		return "Invalid array value"
	case CodeMissingCommaObject, CodeMissingCommaArray:
		return "Missing attribute separator comma"
	case CodeNumber, CodeNumberRange, CodeNumberLong:
		return "Invalid JSON number"
	case CodeEscape, CodeControl, CodeUnterminated, CodeUTF8, CodeSurrogate:
		return "Invalid JSON string"
	case CodeJSIdentifier, CodeKeyword:
		return "Invalid JSON keyword"
	case CodeDepth:
		return "Nesting too deep"
	case CodeTooLarge:
		return "Input too large"
	case CodeTooManyErrors:
		return "Too many errors"
	}
	return "Invalid JSON"
}

// Detail returns a sentence or two saying what is wrong and how to fix it.
func (e *Error) Detail() string {
	d := e.detail()
	if e.Unread && e.Code != CodeDepth && e.Code != CodeTooLarge && e.Code != CodeTooManyErrors {
		d += " The rest of the input was not read."
	}
	return d
}

func (e *Error) detail() string {
	switch e.Code {
	case CodeTrailingData:
		return "Extra characters appear after the JSON value."
	case CodeMissingValueBrace, CodeMissingValueBracket, CodeInvalidStart:
		return valueStartDetail
	case CodeMissingValueEOF:
		return "The JSON data ends prematurely."
	case CodePropertyName:
		if e.Text != "" {
			return fmt.Sprintf("A JSON object property name must be a string in double quotes, not %s.", e.Text)
		}
		return "A JSON object property name must be a string in double quotes."
	case CodeMissingObjectValue:
		return "A JSON object attribute must have a value, introduced by a colon."
	case CodeColonEquals:
		return "JSON uses a colon as its name/value delimiter, not an equals sign."
	case CodeColon:
		return "A colon must appear between an object property's name and its value."
	case CodeTrailingCommaObject:
		return "JSON does not permit a trailing comma after the final property in an object."
	case CodeTrailingCommaArray:
		return "JSON does not permit a trailing comma after the final value in an array."
	case CodeUnclosedObject:
		return "No closing brace was found for this JSON object."
	case CodeUnclosedArray:
		return "No closing bracket was found for this JSON array."
	case CodeMismatchedBraces:
		return "A JSON object must be closed with a brace, not a bracket."
	case CodeMismatchedBrackets:
		return "A JSON array must be closed with a bracket, not a brace."
	case CodeArrayColon:
		return "A colon is not used to introduce values in a JSON array."
	case CodeMissingCommaObject:
		return "A comma must appear between each property definition in an object."
	case CodeMissingCommaArray:
		return "A comma must appear between each value in an array."
	case CodeNumber:
		return fmt.Sprintf("There is a syntax error in the given JSON number %q.", e.Text)
	case CodeNumberRange:
		return fmt.Sprintf("The number %s is too large or too small to be represented; write it as a string if it is meant as text.", e.Text)
	case CodeNumberLong:
		return fmt.Sprintf("A JSON number longer than %s characters is not supported; write it as a string, or with an exponent.", e.Text)
	case CodeEscape:
		return fmt.Sprintf("Invalid escape sequence %s in a JSON string. Valid escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u followed by four hexadecimal digits.", quoteText(e.Text))
	case CodeControl:
		return fmt.Sprintf("Control character %s must be escaped in a JSON string.", e.Text)
	case CodeUnterminated:
		return "This JSON string has no closing quote."
	case CodeUTF8:
		return fmt.Sprintf("A JSON string must be valid UTF-8; found the byte %s.", e.Text)
	case CodeSurrogate:
		return fmt.Sprintf("The escape %s is half of a UTF-16 surrogate pair, and its other half is missing.", e.Text)
	case CodeJSIdentifier:
		return fmt.Sprintf("The JavaScript identifier %q cannot be used in JSON.", e.Text)
	case CodeKeyword:
		if s := keywordSuggestion(e.Text); s != "" {
			return fmt.Sprintf("%q is not a valid JSON keyword. Did you mean %q?", e.Text, s)
		}
		return fmt.Sprintf("%q is not a valid JSON keyword.", e.Text)
	case CodeDepth:
		return fmt.Sprintf("JSON values nested more than %s levels deep are not supported; the rest of the input was not read.", e.Text)
	case CodeTooLarge:
		return "Inputs of 4 GiB or more are not supported."
	case CodeTooManyErrors:
		return fmt.Sprintf("After %s errors the rest of the input is not read; fix these first.", e.Text)
	}
	return ""
}

// keywordSuggestion returns the JSON keyword within an edit distance of two
// of a bare word (the first of false, true, null), or "".
func keywordSuggestion(given string) string {
	for _, k := range [...]string{"false", "true", "null"} {
		if levenshtein.Distance(given, k, nil) < 3 {
			return k
		}
	}
	return ""
}

// quoteText puts text in double quotes as written, or Go-quoted when it
// holds characters that would not print.
func quoteText(text string) string {
	for _, r := range text {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return strconv.Quote(text)
		}
	}
	return `"` + text + `"`
}
