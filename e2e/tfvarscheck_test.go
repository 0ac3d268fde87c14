package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// TestTfvarsCheck: what "hcljson check DIR" reports about the values that
// a module's variable definitions files give its variables (spec.md C24)
// is what the program's plan reports about them: the same diagnostics,
// summaries, details and ranges, in .tfvars and .tfvars.json files. The
// programs name the undeclared variables in an order that changes from
// run to run: a module with more than two of them is compared by the
// diagnostics' summaries and the count.
func TestTfvarsCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the clients")
	}
	const decls = "variable \"n\" {\n  type = number\n}\n\nvariable \"m\" {\n  type    = map(string)\n  default = {}\n}\n\n" +
		"variable \"o\" {\n  type    = object({ a = string })\n  default = null\n}\n\nvariable \"s\" {\n  type      = number\n  sensitive = true\n  default   = 1\n}\n\n" +
		"variable \"opt\" {\n  type    = object({ a = optional(string, \"d\"), b = number })\n  default = null\n}\n\nvariable \"free\" {\n  default = null\n}\n"
	modules := []struct {
		name      string
		files     map[string]string
		unordered bool // more than two undeclared names
	}{
		{name: "valid", files: map[string]string{
			"main.tf":               decls,
			"terraform.tfvars":      "n = \"7\"\nm = { a = 1 }\nfree = [1, \"x\", { y = true }]\n",
			"a.auto.tfvars.json":    `{"opt": {"b": "7"}, "o": {"a": 1}}`,
			"terraform.tfvars.json": `{"s": 2}`,
		}},
		{name: "invalid", files: map[string]string{
			"main.tf":            decls,
			"terraform.tfvars":   "n = \"abc\"\nundeclared = 1\nm = { a = [1] }\nopt = { a = \"x\" }\n",
			"x.auto.tfvars.json": `{"o": {"b": 1}, "s": "x", "other": 2, "opt": {"b": "y"}}`,
		}},
		// A later file's value replaces an earlier one's.
		{name: "replaced", files: map[string]string{
			"main.tf.json":       `{"variable": {"n": {"type": "number"}, "l": {"type": "list(string)", "default": []}}}`,
			"terraform.tfvars":   "n = \"abc\"\nl = [{}]\n",
			"b.auto.tfvars":      "n = 1\n",
			"a.auto.tfvars.json": `{"l": ["x"], "n": true}`,
		}},
		{name: "undeclared", unordered: true, files: map[string]string{
			"main.tf":          "variable \"n\" {\n  type = number\n}\n",
			"terraform.tfvars": "n = 1\nu1 = 1\nu2 = 2\nu3 = 3\nu4 = 4\n",
		}},
	}
	work := t.TempDir()
	hcljson := buildHCLJSON(t, work)
	rc := filepath.Join(work, "empty.tfrc")
	if err := os.WriteFile(rc, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+work, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "NO_COLOR=1")
	ran := 0
	for _, c := range clientstest.All() {
		bin, ok := clientstest.Find(c.Name)
		if !ok {
			t.Logf("%s", clientstest.Missing(c.Name))
			continue
		}
		program := "opentofu"
		if c.Name == "terraform" {
			program = "terraform"
		}
		for _, m := range modules {
			t.Run(c.Name+"/"+m.name, func(t *testing.T) {
				dir := filepath.Join(work, c.Name, m.name)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, text := range m.files {
					if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				want := planDiagnostics(t, output(t, env, dir, bin, "plan", "-input=false", "-json", "-no-color"))
				var got struct {
					Diagnostics []map[string]any `json:"diagnostics"`
				}
				out := output(t, env, dir, hcljson, "check", "--format", "json", "--program", program, ".")
				if err := json.Unmarshal([]byte(out), &got); err != nil {
					t.Fatalf("check --format json: %v\n%s", err, out)
				}
				have := comparableDiagnostics(got.Diagnostics)
				if c.Name == "terraform" {
					// Terraform 1.5.7's cty leaves out what the value has
					// ("string required."): hcljson writes the newer words.
					have, want = withoutHave(have), withoutHave(want)
				}
				if m.unordered {
					have, want = summariesOnly(have), summariesOnly(want)
				}
				if !slices.Equal(have, want) {
					t.Errorf("hcljson check:\n%s\n%s plan:\n%s", strings.Join(have, "\n"), c.Name, strings.Join(want, "\n"))
				}
			})
			ran++
		}
	}
	if ran == 0 {
		t.Skip(clientstest.Missing("tofu"))
	}
}

// planDiagnostics returns the diagnostics of the lines of plan -json, as
// comparableDiagnostics writes them.
func planDiagnostics(t *testing.T, out string) []string {
	var diags []map[string]any
	for line := range strings.Lines(out) {
		var msg struct {
			Type       string         `json:"type"`
			Diagnostic map[string]any `json:"diagnostic"`
		}
		if err := json.Unmarshal([]byte(line), &msg); err != nil {
			t.Fatalf("plan -json: %v: %s", err, line)
		}
		if msg.Type == "diagnostic" {
			diags = append(diags, msg.Diagnostic)
		}
	}
	return comparableDiagnostics(diags)
}

// comparableDiagnostics writes each diagnostic as JSON without its
// snippet (whose context the programs leave out here), sorted: the
// programs' order depends on a map's.
func comparableDiagnostics(diags []map[string]any) []string {
	var list []string
	for _, d := range diags {
		delete(d, "snippet")
		b, _ := json.Marshal(d)
		list = append(list, string(b))
	}
	slices.Sort(list)
	return list
}

// withoutHave removes ", but have TYPE" from each diagnostic.
func withoutHave(diags []string) []string {
	list := slices.Clone(diags)
	for i, d := range list {
		list[i] = haveType.ReplaceAllString(d, "")
	}
	return list
}

var haveType = regexp.MustCompile(`, but have [a-z ]+`)

// summariesOnly keeps the severity and summary of each diagnostic, and the
// detail of "Values for undeclared variables" (the count).
func summariesOnly(diags []string) []string {
	var list []string
	for _, d := range diags {
		var m map[string]any
		_ = json.Unmarshal([]byte(d), &m)
		s := m["severity"].(string) + ": " + m["summary"].(string)
		if m["summary"] == "Values for undeclared variables" {
			s += ": " + m["detail"].(string)
		}
		list = append(list, s)
	}
	slices.Sort(list)
	return list
}
