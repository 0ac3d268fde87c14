package validate

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
)

// sharedTree has three roots: a and b call shared, which calls leaf; c
// calls a (a root that is also called). Each of a, b and shared has a
// mistake that validation finds.
var sharedTree = map[string]string{
	"a/main.tf": `module "s" {
  source = "../shared"
  n      = 1
}

output "a" {
  value = var.missing_a
}
`,
	"b/main.tf.json": `{"module": {"s": {"source": "../shared", "n": 2}}, "output": {"b": {"value": "${module.s.nope}"}}}`,
	"c/main.tf": `module "a" {
  source = "../a"
}
`,
	"shared/main.tf": `variable "n" {
  type = number
}

module "leaf" {
  source = "../leaf"
}

output "s" {
  value = local.missing_s
}
`,
	"leaf/main.tf":      "output \"l\" {\n  value = 1\n}\n",
	"leaf/x.tftest.hcl": "run \"r\" {}\n",
	// A diamond: d calls left and right, which both call shared.
	"d/main.tf":     "module \"l\" {\n  source = \"../left\"\n}\n\nmodule \"r\" {\n  source = \"../right\"\n}\n\noutput \"o\" {\n  value = [module.l.v, module.r.v]\n}\n",
	"left/main.tf":  "module \"s\" {\n  source = \"../shared\"\n  n      = 1\n}\n\noutput \"v\" {\n  value = module.s.s\n}\n",
	"right/main.tf": "variable \"x\" {\n  default = 1\n}\n\nmodule \"s\" {\n  source = \"../shared\"\n  n      = var.x\n}\n\noutput \"v\" {\n  value = module.s.s\n}\n",
	// A cycle of calls: ping calls pong, which calls ping; and a module
	// that calls itself.
	"ping/main.tf":       "variable \"i\" {\n  default = 1\n}\n\nmodule \"pong\" {\n  source = \"../pong\"\n  i      = var.i\n}\n\noutput \"o\" {\n  value = module.pong.o\n}\n",
	"pong/main.tf":       "variable \"i\" {\n  default = 1\n}\n\nmodule \"ping\" {\n  source = \"../ping\"\n  i      = var.i\n}\n\noutput \"o\" {\n  value = var.i + local.nope\n}\n",
	"self/main.tf":       "variable \"i\" {\n  default = 1\n}\n\nmodule \"again\" {\n  source = \"./\"\n  i      = module.again.o\n}\n\noutput \"o\" {\n  value = var.i\n}\n",
	"calls-self/main.tf": "module \"s\" {\n  source = \"../self\"\n}\n\nmodule \"p\" {\n  source = \"../pong\"\n}\n",
	// secret is a root whose output is sensitive unmarked, an error of
	// the root alone: calls-secret calls it, and must not report it.
	"secret/main.tf":       "variable \"k\" {\n  sensitive = true\n  default   = \"x\"\n}\n\noutput \"o\" {\n  value = var.k\n}\n",
	"calls-secret/main.tf": "module \"s\" {\n  source = \"../secret\"\n}\n\noutput \"o\" {\n  value     = module.s.o\n  sensitive = true\n}\n",
	// old narrows OpenTofu to releases before 1.8, for the tree that
	// calls it: shared is evaluated for another target there.
	"old/main.tf": "terraform {\n  required_version = \"< 1.8\"\n}\n\nmodule \"s\" {\n  source = \"../shared\"\n  n      = 1\n}\n",
}

// renderLines gives diagnostics as text lines, for comparisons.
func renderLines(diags hcl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		s := fmt.Sprintf("%v %s: %s", d.Severity, d.Summary, d.Detail)
		if d.Subject != nil {
			s += " @ " + d.Subject.String()
		}
		out = append(out, s)
	}
	return out
}

// validateRoots loads and validates each root of dirs (names relative to
// base) with opts, on a goroutine each when parallel is set, and returns
// each one's diagnostics.
func validateRoots(t *testing.T, base string, roots []string, opts Options, parallel bool) [][]string {
	t.Helper()
	out := make([][]string, len(roots))
	var wg sync.WaitGroup
	for i, r := range roots {
		run := func() {
			md, diags := Load(filepath.Join(base, r), opts)
			vd, _ := md.Validate()
			out[i] = renderLines(append(diags, vd...))
		}
		if parallel {
			wg.Go(run)
		} else {
			run()
		}
	}
	wg.Wait()
	return out
}

// TestReadingsOnce checks that Models sharing a Readings read each
// directory once in the whole run, on several goroutines: shared, which
// many roots call, a, which is a root and is called, and leaf, which
// shared calls, are read once each, and every root's diagnostics are
// those of a Model of its own, though the Models share what validation
// finds of the modules they call (a diamond, a cycle of calls, a module
// that calls itself, a tree whose constraints narrow the target, a root
// whose sensitive output only the root reports, evaluated once for the
// root and the module that calls it).
func TestReadingsOnce(t *testing.T) {
	base := writeTree(t, sharedTree)
	roots := []string{"a", "b", "c", "shared", "leaf", "d", "left", "right", "ping", "pong", "self", "calls-self", "old", "secret", "calls-secret"}
	want := validateRoots(t, base, roots, Options{}, false)
	for i, w := range want {
		if secret := strings.Contains(strings.Join(w, "\n"), "Output refers to sensitive values"); secret != (roots[i] == "secret") {
			t.Errorf("%s: reports a sensitive output: %v, want %v\n%s", roots[i], secret, !secret, strings.Join(w, "\n"))
		}
		if roots[i] != "leaf" && roots[i] != "self" && roots[i] != "calls-secret" && len(w) == 0 {
			t.Errorf("%s: no diagnostics; the tree should have mistakes", roots[i])
		}
	}
	for round := range 20 {
		var mu sync.Mutex
		reads := map[string]int{}
		opts := Options{Readings: NewReadings(false), Loaded: func(dir string) {
			mu.Lock()
			defer mu.Unlock()
			rel, err := filepath.Rel(base, dir)
			if err != nil || !filepath.IsAbs(dir) {
				t.Errorf("read %q, want an absolute name under %s", dir, base)
			}
			reads[filepath.ToSlash(rel)]++
		}}
		got := validateRoots(t, base, roots, opts, true)
		for i := range roots {
			if !slices.Equal(got[i], want[i]) {
				t.Errorf("round %d, %s: diagnostics\n%s\nwant\n%s", round, roots[i], strings.Join(got[i], "\n"), strings.Join(want[i], "\n"))
			}
		}
		if len(reads) != len(roots) {
			t.Errorf("round %d: directories read %v, want each of %v once", round, reads, roots)
		}
		for d, n := range reads {
			if n != 1 {
				t.Errorf("round %d: %s read %d times, want once", round, d, n)
			}
		}
	}
}

// TestReadingsNames checks that a directory asked for under two names is
// read once, under its name relative to the Readings' base, whichever
// asks first: x/main.tf calls ../../w/x/y, which is x/y from the working
// directory w, and the roots are asked for by their absolute names.
func TestReadingsNames(t *testing.T) {
	base := writeTree(t, map[string]string{
		"w/x/main.tf":   "module \"y\" {\n  source = \"../../w/x/y\"\n}\n",
		"w/x/y/main.tf": "output \"o\" {\n  value = var.nope\n}\n",
	})
	w := filepath.Join(base, "w")
	t.Chdir(w)
	for _, first := range []string{"x", "x/y"} {
		reads := map[string]int{}
		rs := NewReadings(true)
		opts := Options{Readings: rs, Loaded: func(dir string) { reads[dir]++ }}
		var yDiags []string
		for _, root := range []string{first, map[string]string{"x": "x/y", "x/y": "x"}[first]} {
			md, diags := Load(filepath.Join(w, root), opts) // asked by its absolute name
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if want := filepath.FromSlash(root); md.Root().Dir != want {
				t.Errorf("root %s read as %q, want %q", root, md.Root().Dir, want)
			}
			vd, _ := md.Validate()
			if root == "x/y" {
				yDiags = renderLines(vd)
			}
		}
		if len(reads) != 2 || reads["x"] != 1 || reads[filepath.FromSlash("x/y")] != 1 {
			t.Errorf("first %s: reads %v, want x and x/y once", first, reads)
		}
		if len(yDiags) != 1 || !strings.Contains(yDiags[0], "@ "+filepath.FromSlash("x/y/main.tf")+":2") {
			t.Errorf("first %s: x/y's diagnostics %q, want one about x/y/main.tf line 2", first, yDiags)
		}
	}
}
