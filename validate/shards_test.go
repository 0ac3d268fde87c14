package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/hcljson/hcljson/module"
	"github.com/zclconf/go-cty/cty"
)

// shardModule writes a module of n files, native and JSON in turn, whose
// locals, outputs and resources have findings of every kind that the
// evaluation orders: errors in locals (an operand, an undeclared local,
// a self reference), locals in cycles, undeclared variables in
// resources, sensitive values in outputs (a finding only a root
// reports), locals that refer to locals of other files (components
// larger than one file), with cycles between locals when cycles is set
// (the validation then reports the cycles alone), and, when extra is not
// empty, that text in a file of its own.
func shardModule(t *testing.T, n int, cycles bool, extra string) string {
	t.Helper()
	return writeShardModule(t, t.TempDir(), n, cycles, extra)
}

// writeShardModule writes shardModule's files into dir and returns dir.
func writeShardModule(t *testing.T, dir string, n int, cycles bool, extra string) string {
	t.Helper()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("common.tf", "variable \"secret\" {\n  type      = string\n  sensitive = true\n}\n")
	for i := range n {
		prev := (i + n - 1) % n
		if i%2 == 0 {
			var b strings.Builder
			fmt.Fprintf(&b, "variable \"v%d\" {\n  type = string\n}\n\n", i)
			fmt.Fprintf(&b, "locals {\n  a%d = \"${var.v%d}-x\"\n  b%d = upper(local.a%d)\n  c%d = \"abc\" + %d\n", i, i, i, i, i, i)
			if i%6 == 0 {
				fmt.Fprintf(&b, "  d%d = local.nosuch%d\n  g%d = local.g%d\n", i, i, i, i)
				if cycles {
					fmt.Fprintf(&b, "  e%d = local.f%d\n  f%d = local.e%d\n", i, i, i, i)
				}
			}
			if i%10 == 0 {
				fmt.Fprintf(&b, "  h%d = [local.b%d, local.b%d]\n", i, i, prev)
			}
			b.WriteString("}\n\n")
			fmt.Fprintf(&b, "resource \"terraform_data\" \"r%d\" {\n  input            = local.b%d\n  triggers_replace = [var.nosuch%d, length(local.a%d)]\n}\n\n", i, i, i, i)
			fmt.Fprintf(&b, "output \"o%d\" {\n  value = terraform_data.r%d.output\n}\n\n", i, i)
			if i%4 == 0 {
				fmt.Fprintf(&b, "output \"s%d\" {\n  value = \"${var.secret}-%d\"\n}\n", i, i)
			}
			write(fmt.Sprintf("f%03d.tf", i), b.String())
			continue
		}
		locals := fmt.Sprintf(`"a%d": "${var.v%d}-x", "b%d": "${upper(local.a%d)}", "c%d": "${\"abc\" + %d}"`, i, i, i, i, i, i)
		if i%5 == 0 {
			locals += fmt.Sprintf(`, "d%d": "${local.nosuch%d}", "h%d": ["${local.b%d}", "${local.b%d}"]`, i, i, i, i, prev)
		}
		outputs := fmt.Sprintf(`"o%d": {"value": "${terraform_data.r%d.output}"}`, i, i)
		if i%3 == 0 {
			outputs += fmt.Sprintf(`, "s%d": {"value": "${var.secret}"}`, i)
		}
		write(fmt.Sprintf("f%03d.tf.json", i), fmt.Sprintf(`{
  "variable": {"v%d": {"type": "string"}},
  "locals": {%s},
  "resource": {"terraform_data": {"r%d": {"input": "${local.b%d}", "triggers_replace": ["${var.nosuch%d}", "${length(local.a%d)}"]}}},
  "output": {%s}
}
`, i, locals, i, i, i, i, outputs))
	}
	if extra != "" {
		write("extra.tf", extra)
	}
	return dir
}

// TestShardsAlike checks that the evaluation on two shards finds what
// the evaluation one after the other finds, in the same order (the
// locals, and the outputs and resources, of BenchmarkDir's size and of
// modules with findings of every kind), that the shards are kept when
// they may be, and dropped, for the evaluation one after the other,
// when an expression calls a function that the table lacks (HCL then
// suggests from every function the evaluator met).
func TestShardsAlike(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, c := range []struct {
		name  string
		n     int
		extra string
		kept  string // for each split: the locals', the outputs' and resources'
	}{
		{name: "40 files", n: 40, kept: "[true true]"},
		{name: "100 files", n: 100, kept: "[true true]"},
		// The locals' split is dropped, not the others.
		{name: "an unknown function", n: 40, extra: "locals {\n  z = nosuchfunction(1)\n}\n", kept: "[false true]"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := shardModule(t, c.n, false, c.extra)
			validate := func() (string, map[string][]string) {
				md, diags := Load(dir, Options{Program: module.OpenTofu})
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				vd, _ := md.Validate()
				// The root's outputs' dependencies, from the merged
				// edges, as a module that calls it reads them.
				root := newUnit(md.tree.Root(), md.opts, module.OpenTofu)
				root.tree, root.tr = md, newTreeState(md, module.OpenTofu, md.tree.Root().Dir)
				root.declare()
				return diagText(vd), root.runShared().outputDeps()
			}
			var mu sync.Mutex
			var kept []bool
			afterShards = func(k bool) {
				mu.Lock()
				kept = append(kept, k)
				mu.Unlock()
			}
			defer func() { afterShards = nil }()
			got, gotDeps := validate()
			afterShards = nil
			noShards = true
			want, wantDeps := validate()
			noShards = false
			// Each validation evaluates the root once, and the
			// shared analysis keeps the run.
			if fmt.Sprint(kept) != c.kept {
				t.Errorf("shards kept: %v, want %s", kept, c.kept)
			}
			if got != want {
				t.Errorf("on shards:\n%s\none after the other:\n%s", got, want)
			}
			if !strings.Contains(want, "Invalid operand") || !strings.Contains(want, "Output refers to sensitive values") ||
				!strings.Contains(want, "Reference to undeclared input variable") || !strings.Contains(want, "Self-referencing local value") {
				t.Errorf("the module's findings are missing some kinds:\n%s", want)
			}
			if fmt.Sprint(gotDeps) != fmt.Sprint(wantDeps) || len(wantDeps) == 0 {
				t.Errorf("output dependencies on shards %v, one after the other %v", gotDeps, wantDeps)
			}
		})
	}
}

// TestShardsCalled checks a module evaluated on shards as a module that
// another calls: what only a root reports (the sensitive outputs) is left
// out as one after the other.
func TestShardsCalled(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "child"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeShardModule(t, filepath.Join(dir, "child"), 40, false, "")
	src := "module \"child\" {\n  source = \"./child\"\n  secret = \"x\"\n"
	for i := range 40 {
		src += fmt.Sprintf("  v%d = \"x\"\n", i)
	}
	src += "}\n\noutput \"from\" {\n  value = module.child.o1\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	validate := func() string {
		md, diags := Load(dir, Options{Program: module.OpenTofu})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		vd, _ := md.Validate()
		return diagText(vd)
	}
	kept := 0
	afterShards = func(k bool) {
		if k {
			kept++
		}
	}
	got := validate()
	afterShards = nil
	noShards = true
	want := validate()
	noShards = false
	if kept != 2 {
		t.Errorf("%d splits kept, want the locals' and the outputs' and resources'", kept)
	}
	if got != want {
		t.Errorf("on shards:\n%s\none after the other:\n%s", got, want)
	}
	if strings.Contains(want, "Output refers to sensitive values") || !strings.Contains(want, "Invalid operand") {
		t.Errorf("a called module's findings:\n%s", want)
	}
}

// TestShardsFit checks when what the shards spent lets them be kept:
// only while the module's budget leaves more than an expression's, and
// no shard asked for the whole function table.
func TestShardsFit(t *testing.T) {
	ev := &evaluator{budget: newBudget()}
	ev.budget.total = 1000
	shard := func(spent int64, all bool) *evaluator {
		s := &evaluator{budget: newBudget(), all: all}
		s.budget.total = ev.budget.total + spent
		return s
	}
	room := int64(moduleBudget - exprBudget - 1000) // what the shards may spend together, and one unit less
	for _, c := range []struct {
		a, b *evaluator
		want bool
	}{
		{shard(10, false), shard(20, false), true},
		{shard(room/2, false), shard(room-room/2-1, false), true},
		{shard(room/2, false), shard(room-room/2, false), false},
		{shard(room, false), shard(0, false), false},
		{shard(10, true), shard(20, false), false},
		{shard(10, false), shard(20, true), false},
	} {
		if got := ev.shardsFit(c.a, c.b); got != c.want {
			t.Errorf("shardsFit(%d, %d spent, all %v %v) = %v, want %v", c.a.budget.total-1000, c.b.budget.total-1000, c.a.all, c.b.all, got, c.want)
		}
	}
	ev.merge(shard(10, false), shard(20, false))
	if ev.budget.total != 1030 {
		t.Errorf("merged budget spent %d, want 1030", ev.budget.total)
	}
}

// TestLocalShards checks the split of the locals by the components of
// their references: each component whole in a shard, in the order of
// the names, the next component to the smaller shard.
func TestLocalShards(t *testing.T) {
	refs := map[string][]string{
		"a": {"b"}, "b": nil, "c": {"e"}, "d": nil, "e": {"c", "x"}, "f": {"d"}, "g": nil,
	}
	names := []string{"a", "b", "c", "d", "e", "f", "g"}
	got := localShards(names, func(n string) []string { return refs[n] })
	// Components: {a b}, {c e}, {d f}, {g}: a b to 0, c e to 1 (0 is
	// not smaller), d f to 0 (1 is not smaller), g to 1.
	if fmt.Sprint(got) != "[[a b d f] [c e g]]" {
		t.Errorf("localShards = %v", got)
	}
	one := localShards([]string{"a", "b"}, func(n string) []string { return refs[n] })
	if len(one[0])+len(one[1]) != 0 {
		t.Errorf("one component split: %v", one)
	}
}

// TestShardsCycles checks that the locals of a cycle stay unknown on a
// shard as they do one after the other.
func TestShardsCycles(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	dir := shardModule(t, 40, true, "")
	md, _ := Load(dir, Options{Program: module.OpenTofu})
	values := func() (map[string]cty.Value, string) {
		root := newUnit(md.tree.Root(), md.opts, module.OpenTofu)
		root.tree, root.tr = md, newTreeState(md, module.OpenTofu, md.tree.Root().Dir)
		root.declare()
		ev, diags := root.run()
		return ev.locals, diagText(diags)
	}
	got, gotDiags := values()
	noShards = true
	want, wantDiags := values()
	noShards = false
	if gotDiags != wantDiags || !strings.Contains(wantDiags, "Cycle: local.e0") {
		t.Errorf("on shards:\n%s\none after the other:\n%s", gotDiags, wantDiags)
	}
	if len(got) != len(want) || len(want) < 2*minShard {
		t.Fatalf("%d locals on shards, %d one after the other", len(got), len(want))
	}
	for n, w := range want {
		if g := got[n]; !g.RawEquals(w) {
			t.Errorf("local.%s = %#v on shards, %#v one after the other", n, g, w)
		}
	}
	if e := want["e0"]; e.IsKnown() {
		t.Errorf("local.e0, in a cycle, is %#v", e)
	}
}
