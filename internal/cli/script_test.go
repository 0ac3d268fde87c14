package cli

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var updateScripts = flag.Bool("update", false, "rewrite the expected output in testdata/script/*.txtar (review the diff before committing)")

// TestMain lets the test binary run as the hcljson command, which the
// scripts call with "exec hcljson".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hcljson": func() { os.Exit(Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScript runs testdata/script/*.txtar: each script runs hcljson and
// compares its whole standard output and standard error with files in the
// archive.
//
// Besides testscript's own, scripts have the condition [root] (the
// tests run as root, for whom permissions do not stop writes) and the
// command "mode FILE PERM", which checks a file's permission bits (octal).
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		UpdateScripts:       *updateScripts,
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"mode": checkMode,
		},
		Setup: hermetic,
	})
}

// hermetic gives a script a PATH of its own, $WORK/bin (for stand-ins of
// tofu and terraform that a script writes) and the hcljson command, so
// that check's discovery of provider schemas never runs a program of
// the machine's, and a cache directory in $WORK.
func hermetic(env *testscript.Env) error {
	self, err := exec.LookPath("hcljson")
	if err != nil {
		return err
	}
	env.Setenv("PATH", filepath.Join(env.WorkDir, "bin")+string(os.PathListSeparator)+filepath.Dir(self))
	env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, ".cache"))
	return nil
}

// checkMode implements the script command "mode FILE PERM".
func checkMode(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 2 || neg {
		ts.Fatalf("usage: mode FILE PERM")
	}
	want, err := strconv.ParseUint(args[1], 8, 32)
	ts.Check(err)
	fi, err := os.Stat(ts.MkAbs(args[0]))
	ts.Check(err)
	if got := fi.Mode().Perm(); uint64(got) != want {
		ts.Fatalf("%s has mode %#o, want %#o", args[0], got, want)
	}
}
