package module

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	nativeread "github.com/hcljson/hcljson/internal/native"
	"github.com/hcljson/hcljson/internal/workers"
	"github.com/hcljson/hcljson/schema"
)

// File is one configuration file of a module, parsed.
type File struct {
	// Path is filepath.Join(dir, name).
	Path string
	// Override is true for an override file (see IsOverride).
	Override bool
	// Bytes is the file's content; nil when it could not be read.
	Bytes []byte
	// File is the parsed file, never nil: what could be parsed when the
	// file has syntax errors, a file with an empty body when it could not
	// be read. Its bodies and expressions refer to Bytes.
	File *hcl.File
}

// Module is the content of one module directory. A nil *Module is a
// module without files, as the zero Module is: its methods give none.
type Module struct {
	// Dir is the directory as given to Load.
	Dir string
	// Program is the program the module is read for: Options.Program, or
	// under Auto what the directory says (see ResolveProgram): OpenTofu
	// when it holds a configuration file of the .tofu family, otherwise
	// the program whose registry the lock file and installed providers
	// name, and Auto when nothing says, for a module that either program
	// may read. Program.Language gives each file's language.
	Program Program
	// Files are the configuration files: the primary files, then the
	// override files, each group in lexical order of the names.
	Files []*File
	// Tests are the paths of the test files, in lexical order. They are
	// not parsed.
	Tests []string
	// Hidden are the .tf family files that OpenTofu does not read because
	// of a .tofu family twin, in lexical order. Always empty for
	// Terraform.
	Hidden []Twin
	// Ignored are the paths of the files skipped by the ignore rules (see
	// IsIgnored), in lexical order, whatever their ending.
	Ignored []string
}

// Load lists the module in dir as ConfigFiles does and reads and parses
// every configuration file: names ending ".json" with hcljson.Parse, the
// others with hclsyntax.ParseConfig, each with its path as the file name.
//
// Load always returns a Module, holding what could be found when there are
// errors. When the directory cannot be listed, the diagnostics hold only
// that error and the Module only Dir. Otherwise the diagnostics of every
// file are returned together, in the order of Files; a file that cannot
// be read or that has syntax errors is still in Files.
func Load(dir string, opts Options) (*Module, hcl.Diagnostics) {
	m := &Module{Dir: dir}
	l, diags := list(dir, opts)
	m.Tests, m.Hidden, m.Ignored = l.tests, l.hidden, l.ignored
	m.Program = opts.Program
	if m.Program == Auto {
		m.Program = l.program(dir, opts.MaxFileSize)
	}
	paths := append(slices.Clip(l.primary), l.override...)
	m.Files = make([]*File, len(paths))
	fileDiags := make([]hcl.Diagnostics, len(paths))
	load := func(i int) {
		m.Files[i], fileDiags[i] = loadFile(paths[i], i >= len(l.primary), opts.MaxFileSize, l.regular[paths[i]])
	}
	// The files are read and parsed on every core, and reported in order.
	workers.Each(runtime.GOMAXPROCS(0), len(paths), load)
	for _, d := range fileDiags {
		diags = append(diags, d...)
	}
	return m, diags
}

// loadFile reads and parses one configuration file, refusing one that is
// not a regular file or is larger than a positive limit (see ReadFile);
// listed says that the directory's listing gave it as a regular file.
func loadFile(path string, override bool, limit int64, listed bool) (*File, hcl.Diagnostics) {
	f := &File{Path: path, Override: override}
	src, _, err := readFile(path, limit, listed)
	if err != nil {
		f.File = &hcl.File{Body: hcl.EmptyBody()}
		return f, hcl.Diagnostics{readDiag(path, err)}
	}
	f.Bytes = src
	var diags hcl.Diagnostics
	f.File, diags = Parse(src, path)
	return f, diags
}

// Parse parses src as the configuration file named filename: in the JSON
// syntax with hcljson.Parse when the name ends ".json" (schema.EndingOf),
// as Terraform and OpenTofu decide, and in the native syntax with
// hclsyntax's tree otherwise (internal/native's reader, which gives
// hclsyntax.ParseConfig's tree and diagnostics, faster). It always returns a file. A file that starts with a UTF-16
// or UTF-32 byte order mark is not parsed: its body is empty and the
// error says which encoding the mark announces (EncodingError).
func Parse(src []byte, filename string) (*hcl.File, hcl.Diagnostics) {
	if d := EncodingError(src, filename); d != nil {
		return &hcl.File{Body: hcl.EmptyBody(), Bytes: src}, hcl.Diagnostics{d}
	}
	if schema.EndingOf(filename).JSON {
		return hcljson.Parse(src, filename)
	}
	return nativeread.ParseConfig(src, filename, hcl.InitialPos)
}

// readDiag is the error for a file that cannot be read. Its Subject is the
// start of the file, as in hcljson.ParseFile.
func readDiag(path string, err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Failed to read file",
		Detail:   fmt.Sprintf("The file %q could not be read: %s.", path, errText(err)),
		Subject:  &hcl.Range{Filename: path, Start: hcl.InitialPos, End: hcl.InitialPos},
	}
}

// HCLFiles maps each configuration file's path to its parsed file, the map
// hcl.NewDiagnosticTextWriter takes to print source snippets. A nil Module
// has none.
func (m *Module) HCLFiles() map[string]*hcl.File {
	if m == nil {
		return nil
	}
	files := make(map[string]*hcl.File, len(m.Files))
	for _, f := range m.Files {
		files[f.Path] = f.File
	}
	return files
}
