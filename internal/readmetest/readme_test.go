package readmetest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// imports are the packages README snippets use, by the name they go by.
var imports = map[string]string{
	"fmt":      "fmt",
	"os":       "os",
	"cty":      "github.com/zclconf/go-cty/cty",
	"hcl":      "github.com/hashicorp/hcl/v2",
	"gohcl":    "github.com/hashicorp/hcl/v2/gohcl",
	"hcljson":  "github.com/hcljson/hcljson/hcljson",
	"gen":      "github.com/hcljson/hcljson/gen",
	"schema":   "github.com/hcljson/hcljson/schema",
	"tojson":   "github.com/hcljson/hcljson/tojson",
	"tonative": "github.com/hcljson/hcljson/tonative",
	"inspect":  "github.com/hcljson/hcljson/inspect",
	"scanner":  "github.com/hcljson/hcljson/scanner",
	"jsonpath": "github.com/hcljson/hcljson/jsonpath",
	"jsonedit": "github.com/hcljson/hcljson/jsonedit",
	"validate": "github.com/hcljson/hcljson/validate",
	"module":   "github.com/hcljson/hcljson/module",
	"template": "github.com/hcljson/hcljson/template",
	"funcs":    "github.com/hcljson/hcljson/funcs",
}

// snippets returns the ```go blocks of the README, with their first lines.
func snippets(t *testing.T) ([]string, []int) {
	src, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var lines []int
	var cur []string
	in := false
	for i, line := range strings.Split(string(src), "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```go":
			in, cur = true, nil
			lines = append(lines, i+2)
		case in && strings.TrimSpace(line) == "```":
			in = false
			out = append(out, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	return out, lines
}

// goFile returns snippet i of the README as a Go file of package
// readmetest.
func goFile(i int, snippet string) string {
	trimmed := strings.TrimSpace(snippet)
	if strings.HasPrefix(trimmed, "import") || strings.HasPrefix(trimmed, "type ") || strings.HasPrefix(trimmed, "func ") {
		return "package readmetest\n\n" + snippet + "\n"
	}
	body := fmt.Sprintf("func snippet%d() error {\n\tvar src []byte\n\t_ = src\n%s\n\treturn nil\n}\n", i, snippet)
	// The packages it names: X.Sel where X is a name it does not declare.
	var used []string
	if f, err := parser.ParseFile(token.NewFileSet(), "", "package readmetest\n\n"+body, 0); err == nil {
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Obj == nil && imports[x.Name] != "" && !slices.Contains(used, x.Name) {
					used = append(used, x.Name)
				}
			}
			return true
		})
	}
	slices.Sort(used)
	var b strings.Builder
	b.WriteString("package readmetest\n\nimport (\n")
	for _, name := range used {
		fmt.Fprintf(&b, "\t%s %q\n", name, imports[name])
	}
	b.WriteString(")\n\n")
	b.WriteString(body)
	return b.String()
}

// TestREADMESnippets type-checks every Go snippet of README.md against the
// module's packages.
func TestREADMESnippets(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks against the module's packages")
	}
	all, lines := snippets(t)
	if len(all) < 6 {
		t.Fatalf("README.md has %d Go snippets; the test expects the library section's six or more", len(all))
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	overlay := map[string][]byte{}
	names := map[string]int{}
	for i, s := range all {
		name := filepath.Join(dir, fmt.Sprintf("zz_readme_snippet_%d.go", i))
		overlay[name] = []byte(goFile(i, s))
		names[name] = lines[i]
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:     dir,
		Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range pkgs {
		for _, f := range p.CompiledGoFiles {
			if _, ok := names[f]; ok {
				checked++
			}
		}
		for _, e := range p.Errors {
			if strings.Contains(e.Msg, "declared and not used") {
				continue
			}
			pos := e.Pos
			for name, line := range names {
				if strings.HasPrefix(pos, name+":") {
					pos = fmt.Sprintf("README.md snippet at line %d (%s)", line, strings.TrimPrefix(pos, name+":"))
				}
			}
			t.Errorf("%s: %s", pos, e.Msg)
		}
	}
	if checked != len(all) {
		t.Errorf("type-checked %d of the %d snippets", checked, len(all))
	}
}
