package hcljson

// SetMaxValues lowers the scanner's limit on the values of a document
// (spec.md D17) for the tests of package hcljson_test, and returns what
// restores it.
func SetMaxValues(n int) (restore func()) {
	old := scanOptions
	scanOptions.MaxNodes = n
	return func() { scanOptions = old }
}

// NumberValue is numberValue, for the tests.
var NumberValue = numberValue

// Printable is printable, for the tests.
var Printable = printable
