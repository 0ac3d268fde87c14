package inspect

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
)

// readModuleDir reads one module directory as the built-in reader does:
// through a module.Tree of its own, for tests that count the calls of
// Options.ReadDir.
func readModuleDir(dir string, opts module.Options) ([]*hcl.File, hcl.Diagnostics) {
	t, _ := module.LoadTree(dir, module.TreeOptions{Program: opts.Program, MaxFileSize: opts.MaxFileSize})
	return t.ReadDir(dir)
}
