package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/validate"
	"golang.org/x/tools/txtar"
)

// TestCheckMatchesLibrary checks that "hcljson check --format json DIR"
// prints what the library finds (spec.md {#validate} V18): over every
// module of validate's fixtures (validate/testdata/*.txtar, with their
// program and provider schemas), the diagnostics of validate.Dir, written
// as the command writes them (with the files of Model.Check's report for
// the snippets), are the command's standard output, byte for byte. The
// fixtures hold language errors in root files and in called modules'
// files, provider schemas, test files and variable definitions files.
func TestCheckMatchesLibrary(t *testing.T) {
	paths, err := filepath.Glob("../../validate/testdata/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			dir := filepath.Join(tmp, "m")
			opts := validate.Options{Program: module.OpenTofu}
			args := []string{"check", "--format", "json"}
			program := "opentofu"
			for _, f := range ar.Files {
				switch f.Name {
				case "want", "check":
				case "program":
					program = strings.TrimSpace(string(f.Data))
				case "providers":
					ps, err := schema.ReadProviderSchemas(f.Data)
					if err != nil {
						t.Fatal(err)
					}
					opts.Providers = ps
					name := filepath.Join(tmp, "schemas.json")
					if err := os.WriteFile(name, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
					args = append(args, "--provider-schema", name)
				default:
					p := filepath.Join(dir, filepath.FromSlash(f.Name))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			p, err := schema.ParseProgram(program)
			if err != nil {
				t.Fatal(err)
			}
			opts.Program = p
			args = append(args, "--program", program, dir)

			var stdout, stderr bytes.Buffer
			code := Main(args, nil, &stdout, &stderr)
			if stderr.Len() > 0 {
				t.Fatalf("check wrote on standard error: %s", stderr.String())
			}

			diags := validate.Dir(dir, opts)
			md, _ := validate.Load(dir, opts)
			files := md.Check(validate.CheckOptions{}).Files
			want := append(appendJSONSafe(nil, indentJSON(appendValidateJSON(nil, diags, files))), '\n')
			if !bytes.Equal(stdout.Bytes(), want) {
				t.Errorf("check --format json:\n%s\nthe library's diagnostics:\n%s", stdout.String(), want)
			}
			if wantCode := map[bool]int{false: 0, true: 1}[diags.HasErrors()]; code != wantCode {
				t.Errorf("exit status %d, want %d", code, wantCode)
			}
		})
	}
}
