package scanner_test

import (
	"fmt"

	"github.com/hcljson/hcljson/scanner"
)

// Parse reads a JSON text into a tape of nodes in one pass: members in the
// order written, duplicates kept, numbers as their exact text, and the
// byte offset of every value; positions come from Lines on demand.
func ExampleParse() {
	src := []byte(`{"a": 1, "big": 12345678901234567890.5, "a": [true, "x\u00e9"]}`)
	doc := scanner.Parse(src, scanner.Options{})
	if len(doc.Errors) > 0 {
		fmt.Println(doc.Errors[0])
		return
	}
	lines := scanner.NewLines(src)
	for key, value := range doc.Members(0) {
		line, col := lines.Pos(int(doc.Nodes[value].Start))
		fmt.Printf("%s = %s at %d,%d\n", doc.Text(key), doc.Raw(value), line, col)
		if doc.Nodes[value].Kind() == scanner.Array {
			for e := range doc.Elements(value) {
				if doc.Nodes[e].Kind() == scanner.String {
					fmt.Printf("  string %s, text %q\n", doc.Raw(e), doc.Text(e))
				} else {
					fmt.Printf("  %s\n", doc.Raw(e))
				}
			}
		}
	}
	// Output:
	// a = 1 at 1,7
	// big = 12345678901234567890.5 at 1,17
	// a = [true, "x\u00e9"] at 1,46
	//   true
	//   string "x\u00e9", text "xé"
}
