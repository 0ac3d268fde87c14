package funcs

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/hcljson/hcljson/internal/clientstest"
	"github.com/hcljson/hcljson/schema"
)

// TestTableMatchesMetadata checks every function of Table against the
// embedded metadata: the same names (plus list and map), and for each
// the same parameters, nullability, variadic parameter and return type,
// the return type worked out as "metadata functions -json" does (the
// function's ReturnType for its parameters' types, one variadic
// argument).
func TestTableMatchesMetadata(t *testing.T) {
	for _, p := range All {
		t.Run(p.String()+"-"+p.Version(), func(t *testing.T) {
			table := Table(p)
			sigs := Signatures(p)
			var names []string
			for name := range table {
				names = append(names, name)
			}
			slices.Sort(names)
			if got := Names(p); !slices.Equal(got, names) {
				t.Errorf("Names = %v, want the table's %v", got, names)
			}
			for name, sig := range sigs {
				f, ok := table[name]
				if !ok {
					t.Errorf("%s: in the metadata, not in the table", name)
					continue
				}
				checkSignature(t, name, f, sig, false)
			}
			extra := []string{"list", "map"}
			if p.hasCore() {
				extra = append(extra, "core::list", "core::map")
			}
			for _, name := range names {
				if _, ok := sigs[name]; !ok && !slices.Contains(extra, name) {
					t.Errorf("%s: in the table, not in the metadata", name)
				}
			}
			for _, name := range extra {
				if _, ok := table[name]; !ok {
					t.Errorf("%s: missing from the table", name)
				}
			}
			// core:: is complete where p has it, absent elsewhere.
			for name := range sigs {
				base, core := strings.CutPrefix(name, CorePrefix)
				if core && !p.hasCore() {
					t.Errorf("%s: core:: in %s", name, p)
				}
				if !core && p.hasCore() {
					if _, ok := sigs[CorePrefix+base]; !ok {
						t.Errorf("%s has no core:: alias", name)
					}
				}
			}
		})
	}
}

// checkSignature compares f with sig. An implementation (impl) may
// accept null where the program does not: the table's wrapper rejects
// null first.
func checkSignature(t *testing.T, name string, f function.Function, sig Signature, impl bool) {
	t.Helper()
	params := f.Params()
	if len(params) != len(sig.Params) {
		t.Errorf("%s: %d parameters, metadata %d", name, len(params), len(sig.Params))
		return
	}
	same := func(what string, fp function.Parameter, mp Param) {
		nullable := mp.Nullable || closures[stripCore(name)]
		if fp.Name != mp.Name || !fp.Type.Equals(mp.Type) || (fp.AllowNull != nullable && !(impl && fp.AllowNull)) {
			t.Errorf("%s %s: %s %#v null=%v, metadata %s %#v null=%v", name, what,
				fp.Name, fp.Type, fp.AllowNull, mp.Name, mp.Type, mp.Nullable)
		}
	}
	var tys []cty.Type
	for i := range params {
		same("parameter", params[i], sig.Params[i])
		tys = append(tys, params[i].Type)
	}
	switch vp := f.VarParam(); {
	case (vp == nil) != (sig.VarParam == nil):
		t.Errorf("%s: variadic %v, metadata %v", name, vp != nil, sig.VarParam != nil)
	case vp != nil:
		same("variadic parameter", *vp, *sig.VarParam)
		tys = append(tys, vp.Type)
	}
	if closures[stripCore(name)] {
		return // the metadata's return type is written by hand for these
	}
	ret, err := f.ReturnType(tys)
	if err != nil {
		t.Errorf("%s: ReturnType(%#v): %v", name, tys, err)
	} else if !ret.Equals(sig.ReturnType) {
		t.Errorf("%s: return type %#v, metadata %#v", name, ret, sig.ReturnType)
	}
}

// TestImplementationsAgree checks that every implementation the table
// wraps declares the metadata's parameter types and nullability: the
// wrapper passes arguments through, so a difference would surface as an
// error of the implementation's instead of the program's.
func TestImplementationsAgree(t *testing.T) {
	for _, p := range All {
		impls := implementations(p)
		sigs := Signatures(p)
		for name, impl := range impls {
			sig, ok := sigs[name]
			if !ok {
				t.Errorf("%s: implementation of %s, which %s does not have", p, name, p)
				continue
			}
			if _, fixed := flags[p][name]; fixed {
				continue // the table's flags differ on purpose
			}
			checkSignature(t, p.String()+" "+name+" (implementation)", impl, sig, true)
		}
	}
}

// TestMetadataOfClients runs each client's "metadata functions -json"
// and compares it, descriptions aside, with the embedded data: a new
// client version means regenerating with scripts/funcs-metadata.sh.
func TestMetadataOfClients(t *testing.T) {
	for _, p := range All {
		t.Run(p.String()+"-"+p.Version(), func(t *testing.T) {
			bin := client(t, p)
			rc := filepath.Join(t.TempDir(), "empty.tfrc")
			if err := os.WriteFile(rc, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, "metadata", "functions", "-json")
			cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s metadata functions -json: %v\n%s", bin, err, stderr.Bytes())
			}
			embedded, err := data.ReadFile(p.file())
			if err != nil {
				t.Fatal(err)
			}
			got, want := withoutDescriptions(t, out), withoutDescriptions(t, embedded)
			if !reflect.DeepEqual(got, want) {
				for name, g := range got["function_signatures"].(map[string]any) {
					if w := want["function_signatures"].(map[string]any)[name]; !reflect.DeepEqual(g, w) {
						t.Errorf("%s: client %v, embedded %v", name, g, w)
					}
				}
				t.Errorf("%s's metadata differs from %s: run scripts/funcs-metadata.sh", bin, p.file())
			}
		})
	}
}

// client returns the binary whose functions p describes, or skips t:
// the pinned client of OpenTofu and Terraform 1.5.7 (internal/clientstest),
// and for Terraform114 a Terraform 1.11.4 ($HCLJSON_TERRAFORM_1_11, else
// the terraform on PATH when it is that version), whose functions
// Terraform 1.14 keeps.
func client(t testing.TB, p Release) string {
	t.Helper()
	if p != Terraform114 {
		return clientstest.Skip(t, p.String())
	}
	bin := os.Getenv("HCLJSON_TERRAFORM_1_11")
	if bin == "" {
		bin, _ = exec.LookPath("terraform")
	}
	if bin != "" {
		rc := filepath.Join(t.TempDir(), "empty.tfrc")
		if err := os.WriteFile(rc, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "version")
		cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1")
		if out, err := cmd.Output(); err == nil && strings.HasPrefix(string(out), "Terraform v1.11.4\n") {
			return bin
		}
	}
	t.Skip("Terraform 1.11.4 not found: name it in $HCLJSON_TERRAFORM_1_11")
	return ""
}

func withoutDescriptions(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	for _, s := range m["function_signatures"].(map[string]any) {
		sig := s.(map[string]any)
		delete(sig, "description")
		if ps, ok := sig["parameters"].([]any); ok {
			for _, p := range ps {
				delete(p.(map[string]any), "description")
			}
		}
		if vp, ok := sig["variadic_parameter"].(map[string]any); ok {
			delete(vp, "description")
		}
	}
	return m
}

// TestAdded checks the releases recorded for the functions that not
// every release has: each is a function of the table, none came before
// its program's core:: namespace (which Added relies on), and core::
// names take the later of the two.
func TestAdded(t *testing.T) {
	for p, m := range added {
		sigs := signatures(p)
		for name, v := range m {
			if _, ok := sigs[name]; !ok {
				t.Errorf("%s %s: %s is not in the table", p, p.Version(), name)
			}
			if vm, cm := releaseMinor(v), releaseMinor(coreAdded[p]); vm < cm {
				t.Errorf("%s %s: %s added in %s, before core:: (%s)", p, p.Version(), name, v, coreAdded[p])
			}
		}
	}
	for _, c := range []struct {
		p          Release
		name, want string
	}{
		{Terraform114, "templatestring", "1.9"},
		{Terraform114, "core::templatestring", "1.9"},
		{Terraform114, "core::length", "1.8"},
		{Terraform114, "length", ""},
		{OpenTofu112, "core::length", "1.7"},
		{OpenTofu112, "ephemeralasnull", "1.11"},
		{Terraform157, "length", ""},
	} {
		if got := Added(c.p, c.name); got != c.want {
			t.Errorf("Added(%s %s, %s) = %q, want %q", c.p, c.p.Version(), c.name, got, c.want)
		}
	}
}

// releaseMinor reads the minor number of "1.MINOR".
func releaseMinor(v string) int {
	_, m, _ := strings.Cut(v, ".")
	n := 0
	for _, c := range m {
		n = n*10 + int(c-'0')
	}
	return n
}

// TestDifferences checks Differences between OpenTofu and each Terraform
// table against the tables themselves and the releases.
func TestDifferences(t *testing.T) {
	for _, q := range []Release{Terraform157, Terraform114} {
		d := Differences(OpenTofu112, q)
		tp, tq := Table(OpenTofu112), Table(q)
		for name := range tp {
			if _, ok := tq[name]; !ok && d[name] != Absent {
				t.Errorf("%s: %s only in OpenTofu's table: %d, want Absent", q.Version(), name, d[name])
			}
		}
		for name := range tq {
			_, inTofu := tp[name]
			switch {
			case !inTofu && d[name] != Absent:
				t.Errorf("%s: %s only in Terraform's table: %d, want Absent", q.Version(), name, d[name])
			case inTofu && (Added(OpenTofu112, name) != "" || Added(q, name) != "") && d[name] != Recent:
				t.Errorf("%s: %s added in some release: %d, want Recent", q.Version(), name, d[name])
			}
		}
		for _, name := range []string{"length", "upper", "jsondecode", "lookup"} {
			if k, ok := d[name]; ok {
				t.Errorf("%s: %s differs (%d)", q.Version(), name, k)
			}
		}
	}
	d := Differences(OpenTofu112, Terraform114)
	for name, want := range map[string]Difference{
		"urldecode": Absent, "templatestring": Recent, "core::length": Recent,
		"transpose": Behaviour, "list": Behaviour, "format": Arguments, "formatlist": Arguments,
	} {
		if d[name] != want {
			t.Errorf("%s: %d, want %d", name, d[name], want)
		}
	}
	// Terraform 1.5.7's element takes no negative index, its startswith
	// and transpose differ.
	d = Differences(OpenTofu112, Terraform157)
	for _, name := range []string{"element", "startswith", "transpose", "jsonencode"} {
		if _, ok := d[name]; !ok {
			t.Errorf("1.5.7: %s not a difference", name)
		}
	}
}

// TestTableFor checks the one mapping from a program and the newest
// minor version that may run a module to its functions: the table of the
// release that stands for the program, less what came after.
func TestTableFor(t *testing.T) {
	for p, want := range map[schema.Program]Release{schema.ProgramAuto: OpenTofu112, schema.ProgramOpenTofu: OpenTofu112, schema.ProgramTerraform: Terraform114} {
		if got := ReleaseOf(p); got != want {
			t.Errorf("ReleaseOf(%s) = %s %s, want %s %s", p, got, got.Version(), want, want.Version())
		}
		if got, whole := TableFor(p, 99), Table(want); len(got) != len(whole) {
			t.Errorf("TableFor(%s, 99) has %d functions, %s %s's table %d", p, len(got), want, want.Version(), len(whole))
		}
	}
	for _, c := range []struct {
		p           schema.Program
		minor       int
		has, hasNot []string
	}{
		{schema.ProgramTerraform, 14, []string{"templatestring", "core::length", "ephemeralasnull", "length"}, nil},
		{schema.ProgramTerraform, 9, []string{"templatestring", "core::templatestring", "issensitive"}, []string{"ephemeralasnull"}},
		{schema.ProgramTerraform, 8, []string{"core::length", "issensitive"}, []string{"templatestring", "core::templatestring", "ephemeralasnull"}},
		{schema.ProgramTerraform, 5, []string{"length", "tostring"}, []string{"core::length", "issensitive"}},
		{schema.ProgramOpenTofu, 10, []string{"urldecode", "core::urldecode", "templatestring"}, []string{"ephemeralasnull", "core::ephemeralasnull"}},
		{schema.ProgramOpenTofu, 6, []string{"length"}, []string{"urldecode", "cidrcontains", "core::length"}},
		{schema.ProgramAuto, 6, []string{"length"}, []string{"urldecode", "core::length"}},
	} {
		m := TableFor(c.p, c.minor)
		for _, name := range c.has {
			if _, ok := m[name]; !ok {
				t.Errorf("TableFor(%s, %d) lacks %s", c.p, c.minor, name)
			}
		}
		for _, name := range c.hasNot {
			if _, ok := m[name]; ok {
				t.Errorf("TableFor(%s, %d) has %s", c.p, c.minor, name)
			}
		}
	}
	// Fresh on each call: the caller may change it.
	delete(TableFor(schema.ProgramOpenTofu, 12), "length")
	if _, ok := TableFor(schema.ProgramOpenTofu, 12)["length"]; !ok {
		t.Error("a change to one TableFor map shows in the next")
	}
}
