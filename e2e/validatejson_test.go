package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// TestValidateJSON runs "validate -json" of each client and "hcljson check
// --format json" in the same module directories, whose mistakes both find
// when they load the files, and requires the same output, byte for byte:
// the object, the diagnostics in the same order, ranges, snippets with
// their context, code and highlight offsets.
func TestValidateJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the clients")
	}
	modules := []struct {
		name  string
		files map[string]string
		// tofuOnly: Terraform 1.5.7's HCL words a detail differently.
		tofuOnly bool
		// ownDetail: hcljson's details are in its own words; everything
		// else must be the same.
		ownDetail bool
	}{
		{name: "valid", files: map[string]string{
			"main.tf":       "variable \"a\" {\n  type    = string\n  default = \"x\"\n}\n\nresource \"terraform_data\" \"r\" {\n  input = var.a\n}\n",
			"extra.tf.json": `{"output": {"o": {"value": "${terraform_data.r.output}"}}}`,
		}},
		{name: "extraneous", files: map[string]string{
			"main.tf.json": "{\n  \"variable\": {\n    \"a\": {\"type\": \"string\", \"defautl\": 1}\n  }\n}\n",
		}},
		{name: "operand", tofuOnly: true, files: map[string]string{
			"b.tf":         "variable \"b\" {\n  type    = string\n  default = 1 + true\n}\n",
			"main.tf.json": `{"variable": {"a": {"type": "string", "nope": 1}}}`,
		}},
		{name: "unsupported", files: map[string]string{
			"main.tf": "resource \"terraform_data\" \"r\" {\n  inptu = 1\n\n  lifecycle {\n    create_before_destroy = true\n  }\n}\n",
		}},
		// Legacy quoted references and keywords: accepted, with warnings.
		{name: "quoted", ownDetail: true, files: map[string]string{
			"main.tf": "resource \"terraform_data\" \"a\" {\n}\n\nresource \"terraform_data\" \"b\" {\n  depends_on = [\"terraform_data.a\"]\n\n  lifecycle {\n    ignore_changes = [\"input\"]\n  }\n\n  provisioner \"local-exec\" {\n    command = \"echo bye\"\n    when    = \"destroy\"\n  }\n}\n",
		}},
		// Names that are not identifiers, which both syntaxes can write
		// (spec.md {#validate} V9).
		{name: "names", files: map[string]string{
			"main.tf":      "resource \"terraform_data\" \"\" {}\n\nvariable \"1v\" {}\n",
			"more.tf.json": `{"output": {"o.p": {"value": 1}}, "locals": {"1x": 1}}`,
		}},
		// A syntax error after which the oracle does not go astray (after a
		// trailing comma it reports two more errors: spec.md D7).
		{name: "syntax", files: map[string]string{
			"main.tf.json": "{\n  \"variable\": {\n    \"a\": {\"default\": tru}\n  }\n}\n",
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
		for _, m := range modules {
			if m.tofuOnly && c.Name != "tofu" {
				continue
			}
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
				want := output(t, env, dir, bin, "validate", "-json", "-no-color")
				program := "opentofu"
				if c.Name == "terraform" {
					program = "terraform"
				}
				got := output(t, env, dir, hcljson, "check", "--format", "json", "--program", program, ".")
				if m.ownDetail {
					got, want = withoutDetails(t, got), withoutDetails(t, want)
				}
				if got != want {
					t.Errorf("hcljson check --format json:\n%s\n%s validate -json:\n%s", got, c.Name, want)
				}
			})
			ran++
		}
	}
	if ran == 0 {
		t.Skip(clientstest.Missing("tofu"))
	}
}

// withoutDetails returns validate -json output with every diagnostic's
// detail emptied.
func withoutDetails(t *testing.T, out string) string {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	diags, _ := v["diagnostics"].([]any)
	for _, d := range diags {
		d.(map[string]any)["detail"] = ""
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// output runs a command in dir and returns its standard output, whatever
// its exit status (both commands exit 1 on errors).
func output(t *testing.T, env []string, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.Output()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		t.Fatalf("%s: %v", name, err)
	}
	return string(out)
}
