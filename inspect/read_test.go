package inspect

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/validate"
)

// readModuleDir reads one module directory as the built-in reader does:
// through a validate.Model of its own, for tests that count the calls of
// Options.ReadDir.
func readModuleDir(dir string, opts module.Options) ([]*hcl.File, hcl.Diagnostics) {
	md, _ := validate.Load(dir, validate.Options{Program: opts.Program, MaxFileSize: opts.MaxFileSize})
	return md.ReadDir(dir)
}
