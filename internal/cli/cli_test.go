package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.tf.json")
	bad := filepath.Join(dir, "bad.tf.json")
	if err := os.WriteFile(good, []byte(`{"variable": {"x": {"default": 1}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("{\n  \"resource\": {\n    \"a\": 1,\n  }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// good is checked with its module, which bad's syntax error keeps
	// from being validated (the programs stop there): a warning says so.
	code, stdout, stderr := run("check", good)
	wantWarn := "Warning: Module not validated Other files of the module in " + dir + " have errors (" + bad + "), so the module of the files named was not validated: the programs stop there. \"hcljson check " + dir + "\" shows them."
	if flat := strings.Join(strings.Fields(stderr), " "); code != 0 || stdout != "1 file checked, no errors, 1 warning\n" || flat != wantWarn {
		t.Errorf("check good: %d %q %q", code, stdout, stderr)
	}

	code, stdout, stderr = run("check", good, bad)
	wantErr := "Error: Trailing comma in object\n\n" +
		"  on " + bad + " line 3, in resource:\n" +
		"   3:     \"a\": 1,\n\n" +
		"JSON does not permit a trailing comma after the final property in an object.\n\n"
	if code != 1 || stdout != "" || stderr != wantErr {
		t.Errorf("check bad: exit %d\nstdout %q\nstderr:\n%s\nwant:\n%s", code, stdout, stderr, wantErr)
	}

	code, _, stderr = run("check", filepath.Join(dir, "missing.tf.json"))
	flat := strings.Join(strings.Fields(stderr), " ") // the writer wraps at 78 columns
	if code != 1 || !strings.HasPrefix(flat, "Error: Failed to read file The file \"") || !strings.HasSuffix(flat, "missing.tf.json\" could not be read: no such file or directory.") {
		t.Errorf("check missing: %d %q", code, stderr)
	}
}

func TestUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		out  string
	}{
		{nil, 2, ""},
		{[]string{"frobnicate"}, 2, ""},
		{[]string{"check", "--format", "yaml"}, 2, ""},
		{[]string{"check", "-nope"}, 2, ""},
		{[]string{"help"}, 0, usage},
		{[]string{"--help"}, 0, usage},
		{[]string{"help", "fmt"}, 0, fmtUsage},
		{[]string{"check", "-h"}, 0, checkUsage},
		{[]string{"convert", "--help"}, 0, convertUsage},
		{[]string{"fmt", "-h"}, 0, fmtUsage},
		{[]string{"get", "-h"}, 0, getUsage},
		{[]string{"set", "-h"}, 0, setUsage},
		{[]string{"rm", "--help"}, 0, rmUsage},
		{[]string{"set", "a.json", "x"}, 2, ""},
		{[]string{"rm", "--string", "a.json", "x"}, 2, ""},
		{[]string{"version", "-h"}, 0, versionUsage},
		{[]string{"help", "-h"}, 0, helpUsage},
		{[]string{"help", "nope"}, 2, ""},
	} {
		code, stdout, stderr := run(tt.args...)
		if code != tt.code || stdout != tt.out {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tt.args, code, stdout, stderr)
		}
		if tt.code == 2 && stderr == "" {
			t.Errorf("%v: a usage error prints nothing", tt.args)
		}
	}
}
