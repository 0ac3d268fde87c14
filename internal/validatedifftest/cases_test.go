package validatedifftest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadCases checks that every .txtar file of a class's directory is
// read as one case (none left out, none without files), and that the
// base module is read.
func TestReadCases(t *testing.T) {
	cases, err := ReadCases(CaseDir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(CaseDir, "*", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 || len(cases) != len(files) {
		t.Fatalf("%d cases read from %d files", len(cases), len(files))
	}
	valid := 0
	for _, c := range cases {
		if len(c.Files) == 0 {
			t.Errorf("%s/%s: no file", c.Class, c.Name)
		}
		if c.Valid {
			valid++
		}
	}
	base, err := ReadBase(CaseDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := base["versions.tf"]; !ok {
		t.Errorf("base module without versions.tf: %d files", len(base))
	}
	t.Logf("%d cases (%d valid), base module of %d files", len(cases), valid, len(base))
}

// TestReadCaseErrors checks that a case the reader cannot take as
// written is an error naming its file, not a case left out or read with
// the default expectation.
func TestReadCaseErrors(t *testing.T) {
	for _, tc := range []struct{ name, file, text, err, at string }{ // at: the path the error names, if not file
		{"no want", "undeclared/var.txtar", "-- case.tf --\nx\n", "no want section", ""},
		{"unknown want", "undeclared/var.txtar", "-- want --\nbad\n-- case.tf --\nx\n", `want "bad"`, ""},
		{"valid name, faulty", "undeclared/valid-x.txtar", "-- want --\nfaulty\n-- case.tf --\nx\n", "start with valid-", ""},
		{"valid, other name", "undeclared/x.txtar", "-- want --\nvalid\n-- case.tf --\nx\n", "start with valid-", ""},
		{"unknown program", "undeclared/var.txtar", "-- want --\nfaulty\n-- program --\ntofu\n-- case.tf --\nx\n", `program "tofu"`, ""},
		{"no file", "undeclared/var.txtar", "-- want --\nfaulty\n", "no file", ""},
		{"twice", "undeclared/var.txtar", "-- want --\nfaulty\n-- case.tf --\nx\n-- case.tf --\ny\n", "case.tf twice", ""},
		{"not a class", "undeclare/var.txtar", "-- want --\nfaulty\n-- case.tf --\nx\n", "neither base.txtar nor a class's directory", "undeclare"},
		{"not txtar", "undeclared/var.tf", "x\n", "not a case's .txtar file", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, class := range Classes {
				if err := os.Mkdir(filepath.Join(dir, class), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			path := filepath.Join(dir, filepath.FromSlash(tc.file))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			at := path
			if tc.at != "" {
				at = filepath.Join(dir, tc.at)
			}
			cases, err := ReadCases(dir)
			if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), at+":") {
				t.Fatalf("got %d cases, error %v; want an error naming %s with %q", len(cases), err, at, tc.err)
			}
		})
	}
}

// TestReadCase checks each section's reading on one case.
func TestReadCase(t *testing.T) {
	dir := t.TempDir()
	for _, class := range Classes {
		if err := os.Mkdir(filepath.Join(dir, class), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	text := "What it is.\n-- want --\nvalid\n-- program --\nopentofu\n-- nojson --\nno twin\n-- case.tf --\nx\n-- child/a.tf --\ny\n-- twin/case.tf.json --\n{}\n"
	if err := os.WriteFile(filepath.Join(dir, Meta, "valid-c.txtar"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cases, err := ReadCases(dir)
	if err != nil || len(cases) != 1 {
		t.Fatalf("%d cases, %v", len(cases), err)
	}
	c := cases[0]
	if c.Class != Meta || c.Name != "valid-c" || !c.Valid || c.Only != "tofu" || c.NoJSON != "no twin" ||
		len(c.Files) != 2 || c.Files["case.tf"] != "x\n" || c.Files["child/a.tf"] != "y\n" ||
		len(c.JSON) != 1 || c.JSON["case.tf.json"] != "{}\n" {
		t.Errorf("read %+v", c)
	}
}
