package archtest

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// allowed lists, for each package of the module, the packages of the
// module it may import (tests aside). The flow is one way: bytes → scanner
// (tape) → hcljson (the file model, HCL meaning) → schema-driven layers.
// template reads strings and knows nothing of JSON; schema knows names
// and modes and nothing of syntax; the converters (tojson, tonative) and
// the builder (gen) do not import each other except through gen's File,
// which tojson builds; only the command imports everything.
var allowed = map[string][]string{
	"scanner":            {},
	"template":           {"internal/ctystr", "internal/native", "internal/nesting"}, // native: the templates its reader reads, hclsyntax's tree faster
	"schema":             {},
	"hcljson":            {"internal/ctystr", "internal/didyoumean", "scanner", "template"},
	"jsonpath":           {"hcljson", "internal/didyoumean", "internal/jsonw", "scanner", "schema"}, // hcljson: the wording of syntax errors; schema: the blocks of addresses (Layout)
	"jsonedit":           {"internal/jsonw", "jsonpath", "scanner"},
	"gen":                {"hcljson", "internal/didyoumean", "internal/jsonw", "internal/nesting", "scanner", "schema", "template"},                // template: native quoting of Call arguments
	"tojson":             {"gen", "internal/native", "internal/nativefmt", "internal/nesting", "internal/workers", "module", "schema", "template"}, // module: the text written for a value read back in its mode (ReadText)
	"tonative":           {"hcljson", "internal/nativefmt", "internal/nesting", "module", "scanner", "schema", "template"},                         // module: values read in their mode (ReadValue)
	"module":             {"hcljson", "internal/jsonw", "internal/native", "internal/nesting", "internal/workers", "schema", "template"},           // template: a JSON string read as native syntax (ReadValue); jsonw: a text written as a JSON string (ReadText)
	"funcs":              {"scanner", "schema"},                                                                                                    // the releases' function tables; schema: the program (schema.Program) a table stands for (TableFor)
	"inspect":            {"funcs", "hcljson", "internal/jsonw", "module", "schema"},                                                               // module: the module tree (Tree, Walk), read once for every layer
	"validate":           {"funcs", "hcljson", "internal/didyoumean", "internal/workers", "module", "schema", "template"},                          // the module's semantic model over module's Tree; hcljson, template: JSON expressions evaluated and measured under the budget (ValueWith, Interpolation)
	"internal/nativefmt": {},
	"internal/native":    {"internal/ctystr", "internal/nesting"}, // hclsyntax's tree, read faster; nesting.ParseConfig when it falls back
	"internal/nesting":   {},                                      // hclsyntax behind a bound on nesting (spec.md C20)
	"internal/jsonw":     {},
	"internal/cli":       {"gen", "hcljson", "inspect", "internal/didyoumean", "internal/jsonw", "internal/native", "internal/nativefmt", "internal/nesting", "jsonedit", "jsonpath", "module", "scanner", "schema", "tojson", "tonative", "validate"},
	"cmd/hcljson":        {"internal/cli"},
	// The one rule for "Did you mean ...?" (hcljson, gen, jsonpath, validate, internal/cli).
	"internal/didyoumean": {},
	"internal/workers":    {},
	"internal/ctystr":     {}, // cty strings of ASCII without the normalization pass (template, hcljson)
	// Helpers of tests and measurements.
	"internal/clientstest":      {},
	"internal/dropintest":       {},
	"internal/hcltest":          {},
	"internal/misusetest":       {},
	"internal/readmetest":       {},
	"internal/convtest":         {"hcljson", "internal/hcltest", "schema"},
	"internal/tfgentest":        {},
	"internal/validatedifftest": {"gen", "internal/clientstest", "schema", "tojson"},
	"internal/cmd/peakmem":      {"internal/tfgentest"},
	"internal/cmd/proccmp":      {"internal/tfgentest"}, // times hcljson processes beside tofu validate on tfgentest.WriteModule
	"internal/cmd/knownschemas": {},                     // reads providers' Go source for schema's built-in table (spec.md C28)
	"internal/cmd/benchdoc":     {"gen", "internal/convtest", "schema", "tojson"},
}

// TestImports checks every package's imports of the module against
// allowed: a new edge in the graph is a decision, made here.
func TestImports(t *testing.T) {
	const module = "github.com/hcljson/hcljson/"
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module)
		if pkg == "e2e" || pkg == "internal/realworldtest" || pkg == "internal/archtest" {
			continue // tests only
		}
		seen[pkg] = true
		want, ok := allowed[pkg]
		if !ok {
			t.Errorf("package %s is not in allowed: say what it may import", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			if dep := strings.TrimPrefix(imp, module); !slices.Contains(want, dep) {
				t.Errorf("%s imports %s, which it may not", pkg, dep)
			}
		}
	}
	for pkg := range allowed {
		if !seen[pkg] {
			t.Errorf("allowed lists %s, which is not a package of the module", pkg)
		}
	}
}
