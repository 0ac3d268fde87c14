package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestScannedOnce: the converters read the tape that hcljson.Parse made
// (hcljson.Tape) and never scan their input a second time: no file of the
// package (tests aside) calls scanner.Parse or scanner.NewLines.
func TestScannedOnce(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		n++
		ast.Inspect(f, func(node ast.Node) bool {
			sel, ok := node.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "scanner" && (sel.Sel.Name == "Parse" || sel.Sel.Name == "NewLines") {
				t.Errorf("%s: scanner.%s scans the input again; use the tape of hcljson.Parse (hcljson.Tape)", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
	if n < 10 {
		t.Fatalf("only %d files read", n)
	}
}
