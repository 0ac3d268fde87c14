package cli

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// syntax is one of HCL's two syntaxes.
type syntax uint8

const (
	native syntax = iota + 1 // HCL's native syntax (.tf, .hcl)
	jsonSyntax
)

func (s syntax) String() string {
	if s == jsonSyntax {
		return "json"
	}
	return "hcl"
}

// describe names the syntax in messages: "native syntax" or "JSON".
func (s syntax) describe() string {
	if s == jsonSyntax {
		return "JSON"
	}
	return "native syntax"
}

// other returns the syntax that s converts to.
func (s syntax) other() syntax {
	if s == jsonSyntax {
		return native
	}
	return jsonSyntax
}

// parseSyntax reads the value of --to or --from: "json", "hcl" or "" (0).
func parseSyntax(flagName, value string) (syntax, error) {
	switch value {
	case "":
		return 0, nil
	case "json":
		return jsonSyntax, nil
	case "hcl":
		return native, nil
	}
	return 0, oneOf(flagName, value, "json", "hcl")
}

// syntaxOf returns the syntax of a file by its name: JSON for names ending
// in ".json", native syntax for any other (schema.EndingOf).
func syntaxOf(name string) syntax {
	if schema.EndingOf(name).JSON {
		return jsonSyntax
	}
	return native
}

// sniff returns the syntax of src by its first character: JSON when it is
// "{" or "[" (after white space and a byte order mark), native otherwise.
func sniff(src []byte) syntax {
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	src = bytes.TrimLeft(src, " \t\r\n")
	if len(src) > 0 && (src[0] == '{' || src[0] == '[') {
		return jsonSyntax
	}
	return native
}

// targetName returns the name of the file that a file called name
// converts to in syntax to: its ending's twin in that syntax
// (schema.Ending.Twin: "a.tf" ⇄ "a.tf.json", "a.tofu" ⇄ "a.tofu.json",
// "a.hcl" ⇄ "a.hcl.json", "a.tftest.hcl" ⇄ "a.tftest.json", also
// .tofutest and .tfquery); any other name gains ".json" or loses it, and a
// JSON name with no other ending gets ".hcl" ("x.json" → "x.hcl").
func targetName(name string, to syntax) string {
	if e := schema.EndingOf(name); e.Twin != "" && e.JSON != (to == jsonSyntax) {
		return strings.TrimSuffix(name, e.Suffix) + e.Twin
	}
	if to == jsonSyntax {
		return name + ".json"
	}
	base := strings.TrimSuffix(name, ".json")
	if filepath.Ext(base) == "" {
		return base + ".hcl"
	}
	return base
}

// walkEndings returns the endings that a directory walk picks up in syntax
// s, for messages: those of an HCL file in that syntax (schema.Endings),
// less those that end with another (".tftest.hcl" ends with ".hcl").
func walkEndings(s syntax) []string {
	var out []string
	for _, e := range schema.Endings() {
		if e.Kind == schema.OtherFile || e.JSON != (s == jsonSyntax) {
			continue
		}
		if !slices.ContainsFunc(schema.Endings(), func(o schema.Ending) bool {
			return o.Kind != schema.OtherFile && o.JSON == e.JSON && len(o.Suffix) < len(e.Suffix) && strings.HasSuffix(e.Suffix, o.Suffix)
		}) {
			out = append(out, e.Suffix)
		}
	}
	return out
}

// isConfigName reports whether a file found in a directory walk is an HCL
// file in syntax s: a configuration, test, query or generic HCL file by
// its ending (schema.EndingOf), not a JSON file of no HCL ending.
func isConfigName(name string, s syntax) bool {
	e := schema.EndingOf(name)
	return e.Kind != schema.OtherFile && e.JSON == (s == jsonSyntax)
}

// walkConfigs returns the HCL files in syntax s in dir and, if recursive,
// under it, in lexical order. It skips directories whose name starts with
// "." (.terraform, .git) below dir, and the files that Terraform ignores
// (hidden files, editor backups; see module.IsIgnored).
//
// A file that is not regular is skipped with a warning: a named pipe
// would block the run, a device never end. A symbolic link to a regular
// file is followed; any other symbolic link (to a directory, to a special
// file, or broken) is skipped with a warning, so that the tree read is
// the tree below dir and no link makes the run fail. A directory met a
// second time (module.DirKey: a bind mount of a directory inside itself)
// is skipped, so that no walk goes round a loop.
func walkConfigs(dir string, s syntax, recursive bool) ([]string, hcl.Diagnostics, error) {
	var files []string
	var warnings hcl.Diagnostics
	walked := map[string]bool{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (!recursive || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			k := module.DirKey(path)
			if walked[k] {
				return filepath.SkipDir
			}
			walked[k] = true
			return nil
		}
		if module.IsIgnored(name) {
			return nil
		}
		mode := d.Type()
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			switch {
			case err != nil:
				if isConfigName(name, s) {
					warnings = append(warnings, skipped(path, "a symbolic link that cannot be followed ("+readError(err).Error()+")"))
				}
				return nil
			case fi.IsDir():
				warnings = append(warnings, skipped(path, "a symbolic link to a directory, which is not followed"))
				return nil
			}
			mode = fi.Mode()
		}
		if !isConfigName(name, s) {
			return nil
		}
		if !mode.IsRegular() {
			what := module.Kind(mode)
			if d.Type()&fs.ModeSymlink != 0 {
				what = "a symbolic link to " + what
			}
			warnings = append(warnings, skipped(path, what+", not a regular file"))
			return nil
		}
		files = append(files, path)
		return nil
	})
	return files, warnings, err
}

// skipped is the warning about a file that a directory walk skips.
func skipped(path, what string) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagWarning,
		Summary:  "File skipped",
		Detail:   fmt.Sprintf("%q is %s; it was skipped.", path, what),
	}
}

// stdinName is the name of standard input in diagnostics.
const stdinName = "<stdin>"
