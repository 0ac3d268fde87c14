package tonative_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
	"github.com/hcljson/hcljson/tonative"
)

// wantDiagsFile, in a fixture directory, holds the diagnostics that the
// native module is expected to have, as rendered by renderDiags. Without
// it the module must be valid with no diagnostics at all ("valid: true").
const wantDiagsFile = "want-diagnostics.txt"

// consoleFile, in a fixture directory, lists expressions, one a line, that
// "console" evaluates in both modules (with the variables' defaults and
// no state) and that must print the same.
const consoleFile = "console.txt"

// openTofuPrefix starts the names of fixtures that only OpenTofu accepts.
const openTofuPrefix = "opentofu"

// updateValidate is not -update: -update rewrites what this package's
// converter writes (the golden .tf files), while want-diagnostics.txt holds
// what a Terraform or OpenTofu binary ($HCLJSON_TOFU) says of the native
// modules, which changes with the program and its version, not with our
// code. Rewriting it is a separate decision, with the binary named.
var updateValidate = flag.Bool("update-validate", false,
	"rewrite the existing "+wantDiagsFile+" files under testdata/validate with what the native modules give (review them before committing)")

// TestTofuValidate checks the converter against the real thing. For each
// module under testdata/validate it converts every .tf file with the
// Terraform schema, runs "init -backend=false" and "validate -json" on the
// native module and on the converted one, and requires the same
// diagnostics (none, unless the fixture has a want-diagnostics.txt). Where
// the binary has "show -json -config" (OpenTofu 1.12 has), it also
// requires the same configuration, up to what HCL's JSON syntax cannot
// keep (see sameConstant), and where the fixture has a console.txt, the
// same values of its expressions. Fixtures named opentofu* run only with
// OpenTofu. The binary never reaches the network: the fixtures use only
// the builtin provider and local modules, and the CLI configuration
// points provider installation at an empty directory.
func TestTofuValidate(t *testing.T) {
	// OpenTofu from scripts/build-clients.sh, or the binary (tofu or
	// terraform) that $HCLJSON_TOFU names.
	bin := clientstest.Skip(t, "tofu")
	tf := newTofu(t, bin)
	version, _, _ := tf.run(t, t.TempDir(), nil, "version")
	openTofu := strings.HasPrefix(version, "OpenTofu ")
	t.Logf("%s", strings.TrimSpace(version))
	root := filepath.Join("testdata", "validate")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			if strings.HasPrefix(e.Name(), openTofuPrefix) && !openTofu {
				t.Skip("this fixture uses OpenTofu's language; the binary is not OpenTofu")
			}
			checkTofuFixture(t, tf, filepath.Join(root, e.Name()))
		})
	}
}

// checkTofuFixture validates the module in src as written and converted.
func checkTofuFixture(t *testing.T, tf *tofu, src string) {
	tmp := t.TempDir()
	nativeDir, jsonDir, backDir := filepath.Join(tmp, "native"), filepath.Join(tmp, "json"), filepath.Join(tmp, "back")
	copyModule(t, src, nativeDir, copyAsIs)
	converted := copyModule(t, src, jsonDir, copyToJSON)
	back := copyModule(t, src, backDir, copyRoundTrip)
	if t.Failed() {
		return
	}
	native, conv, round := tf.check(t, nativeDir), tf.check(t, jsonDir), tf.check(t, backDir)
	if t.Failed() {
		return
	}
	checkVerdicts(t, src, native.diags, conv.diags)
	checkConfigs(t, native, conv)
	// The way back: native → JSON → native must validate and show as
	// the source does.
	if round.diags != native.diags {
		t.Errorf("validate differs (- native, + JSON → native):\n%s", textDiff(native.diags, round.diags))
	}
	checkConfigs(t, native, round)
	if exprs, err := os.ReadFile(filepath.Join(src, consoleFile)); err == nil {
		n, j, b := tf.console(t, nativeDir, exprs), tf.console(t, jsonDir, exprs), tf.console(t, backDir, exprs)
		if n != j {
			t.Errorf("console differs (- native, + converted):\n%s", textDiff(n, j))
		}
		if n != b {
			t.Errorf("console differs (- native, + JSON → native):\n%s", textDiff(n, b))
		}
	}
	if t.Failed() {
		for _, name := range converted {
			b, _ := os.ReadFile(filepath.Join(jsonDir, name))
			t.Logf("%s:\n%s", name, b)
		}
		for _, name := range back {
			b, _ := os.ReadFile(filepath.Join(backDir, name))
			t.Logf("back %s:\n%s", name, b)
		}
	}
}

// copyMode says what copyModule does with .tf files.
type copyMode int

const (
	copyAsIs      copyMode = iota
	copyToJSON             // written as .tf.json by tojson.Convert
	copyRoundTrip          // converted to JSON and back by tonative.Convert
)

// checkVerdicts compares validate's verdicts on the native module of the
// fixture src with its want-diagnostics.txt (rewritten with
// -update-validate) and with the verdict on the converted module.
func checkVerdicts(t *testing.T, src, native, conv string) {
	t.Helper()
	want, wantFile := "valid: true\n", filepath.Join(src, wantDiagsFile)
	if b, err := os.ReadFile(wantFile); err == nil {
		want = string(b)
		if *updateValidate {
			if err := os.WriteFile(wantFile, []byte(native), 0o644); err != nil {
				t.Fatal(err)
			}
			want = native
		}
	}
	if native != want {
		t.Errorf("native module: validate says\n%s\nwant\n%s", native, want)
	}
	if conv != native {
		t.Errorf("validate differs (- native, + converted):\n%s", textDiff(native, conv))
	}
}

// checkConfigs compares the configurations that "show -json -config"
// printed for the two modules.
func checkConfigs(t *testing.T, native, conv tofuResult) {
	t.Helper()
	switch {
	case native.config == nil && conv.config == nil:
		t.Logf("no configuration compared: %s", native.showErr)
	case native.config == nil || conv.config == nil:
		t.Errorf("show -json -config works on one module only:\nnative: %s\nconverted: %s", native.showErr, conv.showErr)
	default:
		var diffs []string
		compareConfig("", native.config, conv.config, &diffs)
		if len(diffs) > 0 {
			t.Errorf("show -json -config differs (path: native, converted):\n%s", strings.Join(diffs, "\n"))
		}
	}
}

// copyModule copies the module tree src to dst, converting each .tf file
// as mode says, and returns the converted files' paths (relative to dst).
func copyModule(t *testing.T, src, dst string, mode copyMode) []string {
	t.Helper()
	var converted []string
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		if rel == wantDiagsFile || rel == consoleFile {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if mode != copyAsIs && strings.HasSuffix(rel, ".tf") {
			j, diags := tojson.Convert(b, filepath.ToSlash(rel), tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
			if diags.HasErrors() {
				t.Errorf("converting %s:\n%s", rel, hcltest.RenderDiags(diags))
				return nil
			}
			if mode == copyToJSON {
				b, out = j, out+".json"
				converted = append(converted, rel+".json")
			} else {
				n, diags := tonative.Convert(j, filepath.ToSlash(rel)+".json", tonative.Options{Schema: schema.Terraform.Root})
				if diags.HasErrors() {
					t.Errorf("converting %s back to native:\n%s", rel, hcltest.RenderDiags(diags))
					return nil
				}
				b = n
				converted = append(converted, rel)
			}
		}
		return os.WriteFile(out, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return converted
}

// tofu runs a tofu or terraform binary offline.
type tofu struct {
	bin string
	env []string
}

// newTofu prepares a CLI configuration that disables the upgrade check and
// installs providers only from an empty directory, and an environment
// without the caller's TF_* settings.
func newTofu(t *testing.T, bin string) *tofu {
	dir := t.TempDir()
	mirror := filepath.Join(dir, "mirror")
	if err := os.Mkdir(mirror, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "cli.tfrc")
	text := fmt.Sprintf("disable_checkpoint = true\nprovider_installation {\n  filesystem_mirror {\n    path = %q\n  }\n}\n", mirror)
	if err := os.WriteFile(cfg, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		return strings.HasPrefix(kv, "TF_") || strings.HasPrefix(kv, "CHECKPOINT_")
	})
	env = append(env, "TF_CLI_CONFIG_FILE="+cfg, "CHECKPOINT_DISABLE=1", "TF_IN_AUTOMATION=1", "TF_INPUT=0")
	return &tofu{bin: bin, env: env}
}

// run runs the binary in dir with stdin and returns its output and exit
// status.
func (tf *tofu) run(t *testing.T, dir string, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, tf.bin, args...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, tf.env, bytes.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), errb.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("%s %s: %v", tf.bin, strings.Join(args, " "), err)
	}
	return out.String(), errb.String(), 0
}

// tofuResult is what the binary says about one module.
type tofuResult struct {
	diags   string // validate's diagnostics, rendered by renderDiags
	config  any    // show -json -config's output, decoded; nil if it failed
	showErr string // why config is nil
}

// validateOutput is the part of "validate -json" that is compared.
type validateOutput struct {
	Valid       bool `json:"valid"`
	Diagnostics []struct {
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
	} `json:"diagnostics"`
}

// check initializes and validates the module in dir, and shows its
// configuration when it is valid. A failed init is part of the verdict:
// init stops at errors in the configuration's structure, and validate
// then reports them again.
func (tf *tofu) check(t *testing.T, dir string) tofuResult {
	t.Helper()
	_, _, initCode := tf.run(t, dir, nil, "init", "-backend=false", "-input=false", "-no-color")
	out, errs, code := tf.run(t, dir, nil, "validate", "-json", "-no-color")
	var v validateOutput
	if err := json.Unmarshal([]byte(out), &v); err != nil || code > 1 {
		t.Errorf("validate in %s (exit %d): %v\n%s%s", filepath.Base(dir), code, err, out, errs)
		return tofuResult{}
	}
	res := tofuResult{diags: renderDiags(initCode, v)}
	if initCode != 0 || !v.Valid {
		res.showErr = "the module is not valid"
		return res
	}
	out, errs, code = tf.run(t, dir, nil, "show", "-json", "-config", "-no-color")
	if code != 0 {
		res.showErr = fmt.Sprintf("show -json -config: exit %d: %s", code, strings.TrimSpace(errs+out))
		return res
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&res.config); err != nil {
		res.showErr = fmt.Sprintf("show -json -config: %v", err)
		res.config = nil
	}
	return res
}

// console evaluates exprs, one a line, in the module in dir, and returns
// what it prints on stdout. Warnings are printed there too, quoting the
// source, so a fixture with a console.txt must have none.
func (tf *tofu) console(t *testing.T, dir string, exprs []byte) string {
	t.Helper()
	out, errs, code := tf.run(t, dir, exprs, "console", "-no-color")
	if code != 0 {
		t.Errorf("console in %s: exit %d\n%s%s", filepath.Base(dir), code, out, errs)
	}
	return out
}

// renderDiags renders init's failure if it failed, validate's verdict and
// its diagnostics, one paragraph each, sorted (the two modules' source
// positions differ, and with them the order): "init: exit 1",
// "valid: false", then "error: summary" with the detail indented below.
func renderDiags(initCode int, v validateOutput) string {
	paras := make([]string, 0, len(v.Diagnostics))
	for _, d := range v.Diagnostics {
		p := d.Severity + ": " + d.Summary + "\n"
		if d.Detail != "" {
			for line := range strings.Lines(strings.TrimRight(d.Detail, "\n") + "\n") {
				if line != "\n" {
					line = "  " + line
				}
				p += line
			}
		}
		paras = append(paras, p)
	}
	slices.Sort(paras)
	head := fmt.Sprintf("valid: %t\n", v.Valid)
	if initCode != 0 {
		head = fmt.Sprintf("init: exit %d\n", initCode) + head
	}
	return head + strings.Join(paras, "")
}

// textDiff renders the lines of a and b as a diff: a line of both is
// indented by two spaces, a line only in a starts with "- ", one only in
// b with "+ ".
func textDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	// lcs[i][j] is the length of the longest common subsequence of x[i:]
	// and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out strings.Builder
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			out.WriteString("  " + x[i] + "\n")
			i, j = i+1, j+1
		case j == len(y) || i < len(x) && lcs[i+1][j] >= lcs[i][j+1]:
			out.WriteString("- " + x[i] + "\n")
			i++
		default:
			out.WriteString("+ " + y[j] + "\n")
			j++
		}
	}
	return out.String()
}

// compareConfig appends to diffs each place, named by its JSON path, where
// the converted module's configuration conv differs from native.
func compareConfig(path string, native, conv any, diffs *[]string) {
	switch n := native.(type) {
	case map[string]any:
		j, ok := conv.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(n)+len(j))
		for k := range n {
			keys = append(keys, k)
		}
		for k := range j {
			if _, ok := n[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			nv, nok := n[k]
			jv, jok := j[k]
			p := path + "." + k
			switch {
			case k == "constant_value":
				if !sameConstant(nv, jv, nok, jok) {
					*diffs = append(*diffs, fmt.Sprintf("%s: %s, %s", p, jsonText(nv, nok), jsonText(jv, jok)))
				}
			case !nok || !jok:
				*diffs = append(*diffs, fmt.Sprintf("%s: %s, %s", p, jsonText(nv, nok), jsonText(jv, jok)))
			default:
				compareConfig(p, nv, jv, diffs)
			}
		}
		return
	case []any:
		j, ok := conv.([]any)
		if !ok || len(j) != len(n) {
			break
		}
		for i := range n {
			compareConfig(fmt.Sprintf("%s[%d]", path, i), n[i], j[i], diffs)
		}
		return
	default:
		if native == conv {
			return
		}
	}
	*diffs = append(*diffs, fmt.Sprintf("%s: %s, %s", path, jsonText(native, true), jsonText(conv, true)))
}

// sameConstant reports whether an expression's constant_value in the
// converted module (j, present if jok) agrees with the native one.
//
// OpenTofu computes constant_value by evaluating the expression with no
// context. HCL's JSON syntax reads every string literally then, templates
// and escapes included, so a JSON string that holds a template
// ("a-${var.x}") has a constant_value where the native template has none,
// and "$${x}" is "$${x}" where the native string is "${x}". So a JSON
// constant that holds a template agrees with anything (its references are
// compared separately), and one that does not must equal the native
// constant once its "$${" and "%%{" escapes are read.
func sameConstant(n, j any, nok, jok bool) bool {
	switch {
	case !jok:
		return !nok
	case hasTemplate(j):
		return true
	case !nok:
		return false
	}
	return jsonText(n, true) == jsonText(unescapeConstant(j), true)
}

// hasTemplate reports whether any string in v has an interpolation or a
// directive.
func hasTemplate(v any) bool {
	switch v := v.(type) {
	case string:
		_, ok := readLiteral(v)
		return !ok
	case []any:
		return slices.ContainsFunc(v, hasTemplate)
	case map[string]any:
		for k, e := range v {
			if hasTemplate(k) || hasTemplate(e) {
				return true
			}
		}
	}
	return false
}

// unescapeConstant returns v with each string (and object key) read as a
// template without interpolations.
func unescapeConstant(v any) any {
	switch v := v.(type) {
	case string:
		s, _ := readLiteral(v)
		return s
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = unescapeConstant(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[unescapeConstant(k).(string)] = unescapeConstant(e)
		}
		return out
	}
	return v
}

// readLiteral reads s as an HCL template: its value if it is literal text
// ("$${" and "%%{" stand for "${" and "%{"), or ok false if it has an
// interpolation or a directive.
func readLiteral(s string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '$' && c != '%' {
			b.WriteByte(c)
			continue
		}
		rest := s[i+1:]
		switch {
		case strings.HasPrefix(rest, "{"):
			return "", false
		case strings.HasPrefix(rest, string(c)+"{"):
			b.WriteString(string(c) + "{")
			i += 2
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
}

// jsonText renders v for a diff line; "(none)" if it is absent.
func jsonText(v any, ok bool) string {
	if !ok {
		return "(none)"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

// TestTofuCompareConfig checks, without a binary, how configurations from
// "show -json -config" are compared: exactly, except for constant_value,
// which the JSON syntax computes from the string as written.
func TestTofuCompareConfig(t *testing.T) {
	decode := func(s string) any {
		dec := json.NewDecoder(strings.NewReader(s))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		return v
	}
	for _, tc := range []struct {
		name, native, conv string
		want               []string
	}{
		{name: "equal", native: `{"a":[1,{"b":"c"}]}`, conv: `{"a":[1,{"b":"c"}]}`},
		{name: "template has no native constant",
			native: `{"e":{"references":["var.x"]}}`,
			conv:   `{"e":{"constant_value":"a-${var.x}","references":["var.x"]}}`},
		{name: "template inside an object",
			native: `{"e":{"references":["var.x"]}}`,
			conv:   `{"e":{"constant_value":{"k":["%{ if var.x }y%{ endif }"]},"references":["var.x"]}}`},
		{name: "escapes read as the native string reads",
			native: `{"e":{"constant_value":{"${k}":"${x} and %{y}"}}}`,
			conv:   `{"e":{"constant_value":{"$${k}":"$${x} and %%{y}"}}}`},
		{name: "literal dollar signs",
			native: `{"e":{"constant_value":"$ $$ $$${"}}`,
			conv:   `{"e":{"constant_value":"$ $$ $$$${"}}`},
		{name: "constant differs",
			native: `{"e":{"constant_value":["${x}","a"]}}`,
			conv:   `{"e":{"constant_value":["$${x}","b"]}}`,
			want:   []string{`.e.constant_value: ["${x}","a"], ["$${x}","b"]`}},
		{name: "a template is not evaluated: references are compared instead",
			native: `{"e":{"constant_value":"${x}","references":[]}}`,
			conv:   `{"e":{"constant_value":"${x}","references":["x"]}}`,
			want:   []string{`.e.references: [], ["x"]`}},
		{name: "literal where native has none",
			native: `{"e":{"references":["var.x"]}}`,
			conv:   `{"e":{"constant_value":"x","references":["var.x"]}}`,
			want:   []string{`.e.constant_value: (none), "x"`}},
		{name: "constant lost",
			native: `{"e":{"constant_value":2}}`,
			conv:   `{"e":{}}`,
			want:   []string{`.e.constant_value: 2, (none)`}},
		{name: "everything else is exact",
			native: `{"r":[{"depends_on":["a.b","a.c"],"n":1,"s":"$${x}"}],"v":{"d":"${x}"}}`,
			conv:   `{"r":[{"depends_on":["a.b"],"n":1.0,"s":"${x}"}],"x":true,"v":{"d":"$${x}"}}`,
			want: []string{
				`.r[0].depends_on: ["a.b","a.c"], ["a.b"]`,
				`.r[0].n: 1, 1.0`,
				`.r[0].s: "$${x}", "${x}"`,
				`.v.d: "${x}", "$${x}"`,
				`.x: (none), true`,
			}},
	} {
		var got []string
		compareConfig("", decode(tc.native), decode(tc.conv), &got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
	}
}

// TestTofuRenderDiags checks how validate's verdicts are rendered for
// comparison and in want-diagnostics.txt.
func TestTofuRenderDiags(t *testing.T) {
	var v validateOutput
	err := json.Unmarshal([]byte(`{"valid":false,"diagnostics":[
		{"severity":"warning","summary":"W","detail":"one\n\ntwo\n"},
		{"severity":"error","summary":"E","detail":""},
		{"severity":"error","summary":"A","detail":"x","range":{"filename":"main.tf"}}]}`), &v)
	if err != nil {
		t.Fatal(err)
	}
	want := "init: exit 1\nvalid: false\nerror: A\n  x\nerror: E\nwarning: W\n  one\n\n  two\n"
	if got := renderDiags(1, v); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := renderDiags(0, validateOutput{Valid: true}); got != "valid: true\n" {
		t.Errorf("valid module: got %q", got)
	}
}

// TestTofuTextDiff checks the line diff of the failure messages.
func TestTofuTextDiff(t *testing.T) {
	got := textDiff("a\nb\nc\nd", "a\nc\nx\nd")
	want := "  a\n- b\n  c\n+ x\n  d\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
