package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// TestTfvarsValues: a variable definitions file converted to JSON and back
// gives the programs the same values ("$${", "%%{", a heredoc, a number
// beyond 2^53, nested objects): each version is passed with -var-file to
// the program's console, which prints the values as JSON.
func TestTfvarsValues(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the clients")
	}
	work := t.TempDir()
	hcljson := buildHCLJSON(t, work)
	src := "a = \"a-$${b}\"\np = \"100%% %%{x}\"\nbig = 123456789012345678901234567890\nnested = {\n  x = [1, 2, { y = \"z-$${w}\" }]\n  \"k.l\" = true\n}\ndoc = <<-EOT\n  line $${one}\n  two\nEOT\n"
	mod := filepath.Join(work, "mod")
	if err := os.MkdirAll(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"main.tf":             "variable \"a\" {}\nvariable \"p\" {}\nvariable \"big\" {}\nvariable \"nested\" {}\nvariable \"doc\" {}\n",
		"../terraform.tfvars": src,
		"../empty.tfrc":       "",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(mod, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	convert := func(in, out string) {
		b, err := exec.Command(hcljson, "convert", filepath.Join(work, in)).Output()
		if err != nil {
			t.Fatalf("convert %s: %v", in, err)
		}
		if err := os.WriteFile(filepath.Join(work, out), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	convert("terraform.tfvars", "json.tfvars.json")
	convert("json.tfvars.json", "back.tfvars")
	const want = `"[\"a-${b}\",\"100%% %{x}\",123456789012345678901234567890,{\"k.l\":true,\"x\":[1,2,{\"y\":\"z-${w}\"}]},\"line ${one}\\ntwo\\n\"]"`
	env := append(os.Environ(), "HOME="+work, "TF_CLI_CONFIG_FILE="+filepath.Join(work, "empty.tfrc"), "CHECKPOINT_DISABLE=1", "NO_COLOR=1")
	ran := 0
	for _, c := range clientstest.All() {
		for _, file := range []string{"terraform.tfvars", "json.tfvars.json", "back.tfvars"} {
			cmd := exec.Command(c.Path, "console", "-var-file="+filepath.Join(work, file))
			cmd.Dir, cmd.Env = mod, env
			cmd.Stdin = strings.NewReader("jsonencode([var.a, var.p, var.big, var.nested, var.doc])\n")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s console -var-file=%s: %v\n%s", c.Name, file, err, out)
			}
			if got := strings.TrimSpace(string(out)); got != want {
				t.Errorf("%s with %s:\n%s\nwant\n%s", c.Name, file, got, want)
			}
		}
		ran++
	}
	if ran == 0 {
		t.Skip(clientstest.Missing("tofu"))
	}
}
