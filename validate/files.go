package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// withFiles replaces, in fns, the functions that read a file of the
// configuration (file, filebase64, and their core:: names) by ones that
// fail as the programs' do when the path is known and no file is there,
// relative to dir as the programs resolve it when run in the module's
// directory. A file that exists gives the table's unknown result: its
// content is not read.
func withFiles(fns map[string]function.Function, dir string) {
	for name, f := range fns {
		base := strings.TrimPrefix(name, "core::")
		if base != "file" && base != "filebase64" {
			continue
		}
		fns[name] = fileFunction(f, dir)
	}
}

// fileFunction wraps the function f of one path parameter.
func fileFunction(f function.Function, dir string) function.Function {
	params := f.Params()
	if len(params) != 1 {
		return f
	}
	p := params[0]
	return function.New(&function.Spec{
		Description: f.Description(),
		Params:      []function.Parameter{p},
		Type: func(args []cty.Value) (cty.Type, error) {
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
			path, marks := args[0].Unmark()
			if path.IsKnown() && !path.IsNull() && path.Type() == cty.String {
				p := path.AsString()
				shown := p
				if len(marks) > 0 {
					shown = "(sensitive value)"
				}
				full := p
				if !strings.HasPrefix(p, "~") {
					if !filepath.IsAbs(full) {
						full = filepath.Join(dir, full)
					}
					if _, err := os.Stat(filepath.Clean(full)); os.IsNotExist(err) {
						return cty.UnknownVal(retType), function.NewArgError(0, fmt.Errorf("no file exists at %s; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource", shown))
					}
				}
			}
			return f.Call(args)
		},
	})
}
