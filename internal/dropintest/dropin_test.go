package dropintest

import (
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// workDir is where scripts/dropin-opentofu.sh works: $HCLJSON_DROPIN, or
// hcljson/dropin in the user's cache directory.
func workDir() string {
	if dir := os.Getenv("HCLJSON_DROPIN"); dir != "" {
		return dir
	}
	base := os.Getenv("XDG_CACHE_HOME")
	if base == "" {
		base = filepath.Join(os.Getenv("HOME"), ".cache")
	}
	return filepath.Join(base, "hcljson", "dropin")
}

func TestRead(t *testing.T) {
	const stream = `go: downloading example.com/m v1.0.0
{"Action":"start","Package":"p"}
{"Action":"run","Package":"p","Test":"TestA"}
{"Action":"output","Package":"p","Test":"TestA","Output":"--- PASS: TestA\n"}
{"Action":"pass","Package":"p","Test":"TestA","Elapsed":0}
{"Action":"run","Package":"p","Test":"TestB/sub"}
{"Action":"fail","Package":"p","Test":"TestB/sub","Elapsed":0}
{"Action":"fail","Package":"p","Test":"TestB","Elapsed":0}
{"Action":"skip","Package":"p","Test":"TestC","Elapsed":0}
{"Action":"pass","Package":"p","Test":"TestD/&x{p:(*int)(0xc000012345)}","Elapsed":0}
{"Action":"fail","Package":"p","Test":"TestD/&x{p:(*int)(0xc000054321)}","Elapsed":0}
{"Action":"pass","Package":"p","Test":"TestD/&x{p:(*int)(0xc000099999)}","Elapsed":0}
{"Action":"fail","Package":"p","Elapsed":0.1}
{"Action":"output","Package":"q","Output":"# q\n"}
{"Action":"fail","Package":"q","Elapsed":0}
{"Action":"pass","Package":"r","Elapsed":0}
`
	got, err := Read(strings.NewReader(stream))
	if err != nil {
		t.Fatal(err)
	}
	want := Run{
		"p TestA": "pass", "p TestB/sub": "fail", "p TestB": "fail", "p TestC": "skip",
		"p TestD/&x{p:(*int)(0x…)}": "fail",
		"p":                         "fail", "q": "fail",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Read =\n%v\nwant\n%v", got, want)
	}
}

func TestCompare(t *testing.T) {
	stock := Run{"p TestA": "pass", "p TestB": "pass", "p TestC": "skip", "p TestD": "fail", "q TestE": "pass"}
	patched := Run{"p TestA": "pass", "p TestB": "fail", "p TestC": "skip", "p TestD": "fail", "q": "fail"}
	got := Compare(stock, patched)
	want := Report{
		Tests:       5,
		PassedStock: 3, PassedPatched: 1,
		FailedStock: 1, FailedPatched: 2,
		SkippedStock: 1, SkippedPatched: 1,
		Diffs: []Diff{
			{Test: "p TestB", Stock: "pass", Patched: "fail"},
			{Test: "q", Stock: "", Patched: "fail"},
			{Test: "q TestE", Stock: "pass", Patched: ""},
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Compare =\n%+v\nwant\n%+v", got, want)
	}
	if s := got.Diffs[2].String(); s != "q TestE: pass stock, absent patched" {
		t.Errorf("Diff.String = %q", s)
	}
}

// TestExpectedExplained checks that every listed difference names a
// section of spec.md §18 and says why.
func TestExpectedExplained(t *testing.T) {
	spec, err := os.ReadFile("../../spec.md")
	if err != nil {
		t.Fatal(err)
	}
	for name, e := range Expected {
		if !strings.Contains(string(spec), "### "+e.Section+". ") || !strings.HasPrefix(e.Section, "D") {
			t.Errorf("%s: section %q is not a deliberate difference of spec.md §18", name, e.Section)
		}
		if len(e.Reason) < 20 {
			t.Errorf("%s: no reason given", name)
		}
	}
}

// TestOpenTofuDropIn compares OpenTofu's suites stock and patched, as
// scripts/dropin-opentofu.sh ran them: every test that ends differently
// must be one of Expected.
func TestOpenTofuDropIn(t *testing.T) {
	dir := workDir()
	res := filepath.Join(dir, "results")
	if os.Getenv("HCLJSON_DROPIN_RUN") == "1" {
		cmd := exec.Command("../../scripts/dropin-opentofu.sh")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("scripts/dropin-opentofu.sh: %v", err)
		}
	}
	read := func(name string) Run {
		f, err := os.Open(filepath.Join(res, name))
		if os.IsNotExist(err) {
			t.Skipf("%s not found: run scripts/dropin-opentofu.sh (a long run: it builds and tests OpenTofu %s twice), or set HCLJSON_DROPIN_RUN=1", filepath.Join(res, name), "1.12.6")
		}
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		run, err := Read(f)
		if err != nil {
			t.Fatal(err)
		}
		if len(run) == 0 {
			t.Skipf("%s holds no test: the run was interrupted; run scripts/dropin-opentofu.sh again", f.Name())
		}
		return run
	}
	stock, patched := read("stock.json"), read("patched.json")
	r := Compare(stock, patched)
	t.Logf("%d tests; passed %d stock, %d patched; failed %d stock, %d patched; skipped %d stock, %d patched; %d differ",
		r.Tests, r.PassedStock, r.PassedPatched, r.FailedStock, r.FailedPatched, r.SkippedStock, r.SkippedPatched, len(r.Diffs))
	seen := map[string]bool{}
	for _, d := range r.Diffs {
		if e, ok := Expected[d.Test]; ok {
			seen[d.Test] = true
			t.Logf("expected: %s (%s: %s)", d, e.Section, e.Reason)
			continue
		}
		t.Errorf("unexpected difference: %s", d)
	}
	for name := range Expected {
		if !seen[name] {
			t.Errorf("%s: listed as a difference, but ends the same in both runs (%s)", name, stock[name])
		}
	}
}
