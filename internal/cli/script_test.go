package cli

import (
	"flag"
	"os"
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
func TestScript(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		UpdateScripts:       *updateScripts,
	})
}
