package hcljson

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/scanner"
)

// syntaxDiags turns the scanner's errors into diagnostics.
func (f *file) syntaxDiags() hcl.Diagnostics {
	if len(f.doc.Errors) == 0 {
		return nil
	}
	diags := make(hcl.Diagnostics, 0, len(f.doc.Errors))
	for _, e := range f.doc.Errors {
		subject := f.rng(e.Start, e.End)
		d := &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  SyntaxErrorSummary(e),
			Detail:   SyntaxErrorDetail(e),
			Subject:  &subject,
		}
		if start, end, ok := e.Context(); ok {
			ctx := f.rng(start, end)
			d.Context = &ctx
		}
		if e.Code == scanner.CodeTooLarge {
			r := f.placeholderRange() // nothing was read: point at the start
			d.Subject = &r
		}
		diags = append(diags, d)
	}
	return diags
}

// SyntaxErrorSummary returns the summary of the diagnostic that reports
// the scanner's error e, in the wording of HCL's JSON diagnostics
// ("Invalid JSON keyword"). Parse and the other functions of this package
// report syntax errors so; so does any layer that reports the scanner's
// errors to users (jsonpath, the hcljson command). It panics if e is nil.
func SyntaxErrorSummary(e *scanner.Error) string {
	if e == nil {
		panic("hcljson: SyntaxErrorSummary of a nil *scanner.Error")
	}
	switch e.Code {
	case scanner.CodeTrailingData:
		return "Extraneous data after value"
	case scanner.CodeMissingValueBrace:
		return "Missing JSON value"
	case scanner.CodeMissingValueBracket:
		return "Missing array element value"
	case scanner.CodeMissingValueEOF:
		return "Missing value"
	case scanner.CodeInvalidStart:
		return "Invalid start of value"
	case scanner.CodePropertyName:
		return "Invalid object property name"
	case scanner.CodeMissingObjectValue:
		return "Missing object value"
	case scanner.CodeColonEquals, scanner.CodeColon:
		return "Missing property value colon"
	case scanner.CodeTrailingCommaObject:
		return "Trailing comma in object"
	case scanner.CodeTrailingCommaArray:
		return "Trailing comma in array"
	case scanner.CodeUnclosedObject:
		return "Unclosed object"
	case scanner.CodeUnclosedArray:
		return "Unclosed array"
	case scanner.CodeMismatchedBraces:
		return "Mismatched braces"
	case scanner.CodeMismatchedBrackets:
		return "Mismatched brackets"
	case scanner.CodeArrayColon:
		return "Invalid array value"
	case scanner.CodeMissingCommaObject, scanner.CodeMissingCommaArray:
		return "Missing attribute separator comma"
	case scanner.CodeNumber, scanner.CodeNumberRange, scanner.CodeNumberLong:
		return "Invalid JSON number"
	case scanner.CodeEscape, scanner.CodeControl, scanner.CodeUnterminated, scanner.CodeUTF8, scanner.CodeSurrogate:
		return "Invalid JSON string"
	case scanner.CodeJSIdentifier, scanner.CodeKeyword:
		return "Invalid JSON keyword"
	case scanner.CodeDepth:
		return "Nesting too deep"
	case scanner.CodeTooLarge:
		return "Input too large"
	case scanner.CodeTooManyErrors:
		return "Too many errors"
	case scanner.CodeTooManyValues:
		return "Too many values"
	}
	return "Invalid JSON"
}

// SyntaxErrorDetail returns the detail of the diagnostic that reports the
// scanner's error e: a sentence or two saying what is wrong and how to
// fix it, naming the offending text, with a suggestion for a misspelt
// keyword, and saying when the rest of the input was not read. It panics
// if e is nil.
func SyntaxErrorDetail(e *scanner.Error) string {
	if e == nil {
		panic("hcljson: SyntaxErrorDetail of a nil *scanner.Error")
	}
	d := syntaxErrorDetail(e)
	if e.Unread && e.Code != scanner.CodeDepth && e.Code != scanner.CodeTooLarge && e.Code != scanner.CodeTooManyErrors && e.Code != scanner.CodeTooManyValues {
		d += " The rest of the input was not read."
	}
	return d
}

const valueStartDetail = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword."

func syntaxErrorDetail(e *scanner.Error) string {
	switch e.Code {
	case scanner.CodeTrailingData:
		return "Extra characters appear after the JSON value."
	case scanner.CodeMissingValueBrace, scanner.CodeMissingValueBracket, scanner.CodeInvalidStart:
		return valueStartDetail
	case scanner.CodeMissingValueEOF:
		return "The JSON data ends prematurely."
	case scanner.CodePropertyName:
		if e.Text != "" {
			return fmt.Sprintf("A JSON object property name must be a string in double quotes, not the bare word %q.", e.Text)
		}
		return "A JSON object property name must be a string in double quotes."
	case scanner.CodeMissingObjectValue:
		return "A JSON object attribute must have a value, introduced by a colon."
	case scanner.CodeColonEquals:
		return "JSON uses a colon as its name/value delimiter, not an equals sign."
	case scanner.CodeColon:
		return "A colon must appear between an object property's name and its value."
	case scanner.CodeTrailingCommaObject:
		return "JSON does not permit a trailing comma after the final property in an object."
	case scanner.CodeTrailingCommaArray:
		return "JSON does not permit a trailing comma after the final value in an array."
	case scanner.CodeUnclosedObject:
		return "No closing brace was found for this JSON object."
	case scanner.CodeUnclosedArray:
		return "No closing bracket was found for this JSON array."
	case scanner.CodeMismatchedBraces:
		return "A JSON object must be closed with a brace, not a bracket."
	case scanner.CodeMismatchedBrackets:
		return "A JSON array must be closed with a bracket, not a brace."
	case scanner.CodeArrayColon:
		return "A colon is not used to introduce values in a JSON array."
	case scanner.CodeMissingCommaObject:
		return "A comma must appear between each property definition in an object."
	case scanner.CodeMissingCommaArray:
		return "A comma must appear between each value in an array."
	case scanner.CodeNumber:
		return fmt.Sprintf("There is a syntax error in the given JSON number %q.", e.Text)
	case scanner.CodeNumberRange:
		return fmt.Sprintf("The number %s is too large or too small to be represented; write it as a string if it is meant as text.", e.Text)
	case scanner.CodeNumberLong:
		return fmt.Sprintf("A JSON number longer than %s characters is not supported; write it as a string, or with an exponent.", e.Text)
	case scanner.CodeEscape:
		return fmt.Sprintf("Invalid escape sequence %s in a JSON string. Valid escapes are \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\u followed by four hexadecimal digits.", quoteText(e.Text))
	case scanner.CodeControl:
		return fmt.Sprintf("Control character %s must be escaped in a JSON string.", e.Text)
	case scanner.CodeUnterminated:
		return "This JSON string has no closing quote."
	case scanner.CodeUTF8:
		return fmt.Sprintf("A JSON string must be valid UTF-8; found the byte %s.", e.Text)
	case scanner.CodeSurrogate:
		return fmt.Sprintf("The escape %s is half of a UTF-16 surrogate pair, and its other half is missing.", e.Text)
	case scanner.CodeJSIdentifier:
		return fmt.Sprintf("The JavaScript identifier %q cannot be used in JSON.", e.Text)
	case scanner.CodeKeyword:
		// First, not Closest: the word hcl/v2's JSON parser suggests.
		if s := didyoumean.First(e.Text, jsonKeywords); s != "" {
			return fmt.Sprintf("%q is not a valid JSON keyword. Did you mean %q?", e.Text, s)
		}
		return fmt.Sprintf("%q is not a valid JSON keyword.", e.Text)
	case scanner.CodeDepth:
		return fmt.Sprintf("JSON values nested more than %s levels deep are not supported; the rest of the input was not read.", e.Text)
	case scanner.CodeTooLarge:
		return "Inputs of 4 GiB or more are not supported."
	case scanner.CodeTooManyErrors:
		return fmt.Sprintf("After %s errors the rest of the input is not read; fix these first.", e.Text)
	case scanner.CodeTooManyValues:
		return fmt.Sprintf("JSON documents of more than %s values are not supported; the rest of the input was not read.", e.Text)
	}
	return ""
}

// jsonKeywords are the words a misspelt bare word is compared with, in
// the order of preference.
var jsonKeywords = []string{"false", "true", "null"}

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
