package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestScannedOnce: every layer above this package reads the tape that
// Parse made (SourceOf) and never scans its input a second time. No
// product file of the module outside the scanner and this package calls
// scanner.Parse or scanner.NewLines, except where the input is a plain
// JSON document that nothing parsed before (get's document, a quoted key
// in a path expression, a line table for a document given without one, a
// document to edit and a value to write into it, the function metadata
// embedded in funcs).
func TestScannedOnce(t *testing.T) {
	allowed := map[string]int{
		"internal/cli/get.go": 1, // get's input document
		"funcs/metadata.go":   1, // the embedded function metadata of a release
		"jsonpath/parse.go":   1, // a JSON string inside a path expression
		"jsonpath/lookup.go":  1, // the line table of a Document given without one (linesOf, for every look-up)
		"jsonedit/edit.go":    2, // the document being edited (and each new text after an edit), a value to write
	}
	fset := token.NewFileSet()
	files, calls := 0, map[string]int{}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			switch rel {
			case "scanner", "hcljson", "testdata", "e2e/provider":
				return filepath.SkipDir
			}
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(node ast.Node) bool {
			sel, ok := node.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "scanner" && (sel.Sel.Name == "Parse" || sel.Sel.Name == "NewLines") {
				calls[rel]++
				if calls[rel] > allowed[rel] {
					t.Errorf("%s: scanner.%s scans the input again; use the tape of hcljson.Parse (hcljson.SourceOf)", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 80 {
		t.Fatalf("only %d files read", files)
	}
	for rel, n := range allowed {
		if calls[rel] != n {
			t.Errorf("%s: %d calls, the exception says %d (update it)", rel, calls[rel], n)
		}
	}
}
