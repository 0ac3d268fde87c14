package cli

import (
	"path/filepath"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/schema"
)

// isVarsFile reports whether name is a variable definitions file's
// (.tfvars, .tfvars.json).
func isVarsFile(name string) bool {
	return schema.EndingOf(filepath.Base(name)).Kind == schema.VarsFile
}

// parsed returns the files of names that the run parsed.
func (ck *checkRun) parsed(names []string) []*hcl.File {
	var files []*hcl.File
	for _, n := range names {
		if f := ck.files[n]; f != nil {
			files = append(files, f)
		}
	}
	return files
}

// nameVars records a variable definitions file named one by one that
// passed its own check, for namedVarFiles.
func (ck *checkRun) nameVars(p string) {
	dir := filepath.Dir(p)
	if ck.namedVars == nil {
		ck.namedVars = map[string][]string{}
	}
	if _, ok := ck.namedVars[dir]; !ok {
		ck.varDirs = append(ck.varDirs, dir)
	}
	if !slices.Contains(ck.namedVars[dir], p) {
		ck.namedVars[dir] = append(ck.namedVars[dir], p)
	}
}

// namedVarFiles checks the values of the variable definitions files named
// one by one against the variables of the module of their directory, as
// the programs check a -var-file: each file's values are the last word on
// their names (the programs load -var-file after the files they load by
// themselves), so each is checked alone. When the module has errors the
// programs stop there, and nothing is reported here: "hcljson check DIR"
// shows them.
func (ck *checkRun) namedVarFiles() {
	for _, dir := range ck.varDirs {
		sub := &checkRun{e: ck.e, langs: ck.langs, files: map[string]*hcl.File{}, langFailed: ck.langFailed, noVars: true}
		md := sub.module(dir)
		if !sub.validated || sub.diags.HasErrors() {
			continue
		}
		for _, n := range ck.namedVars[dir] {
			for _, d := range md.VariableValues(ck.parsed([]string{n})) {
				if !slices.ContainsFunc(ck.diags, func(e *hcl.Diagnostic) bool { return sameDiagnostic(d, e) }) {
					ck.diags = append(ck.diags, d)
				}
			}
			for name, f := range sub.files {
				if _, ok := ck.files[name]; !ok {
					ck.files[name] = f // the declarations', for the snippets
				}
			}
		}
	}
}
