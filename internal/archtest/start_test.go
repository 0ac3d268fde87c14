package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

// TestCommandStartsLight checks that the command links none of the
// packages whose cost every start of it would pay (BENCHMARKS.md,
// "Processes, paired and interleaved"): net, whose cgo resolver makes
// the program dynamically linked (the loader and the C library's start,
// a third of "hcljson version"'s CPU time), runtime/cgo itself, and
// runtime/metrics, whose initialization builds its tables.
func TestCommandStartsLight(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/hcljson/hcljson/cmd/hcljson").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 {
		t.Fatalf("go list -deps gave %d packages", len(deps))
	}
	for _, p := range deps {
		switch p {
		case "net", "runtime/cgo", "runtime/metrics":
			t.Errorf("cmd/hcljson links %s", p)
		}
	}
}
