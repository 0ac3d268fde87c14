package main

import (
	"bufio"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A source is one provider's Go module: its packages, parsed when first
// needed, found by import path under the module's root or its vendor
// directory.
type source struct {
	root   string
	module string // the module path of go.mod
	fset   *token.FileSet
	pkgs   map[string]*pkg // by directory
}

// A pkg is one package: its files and top-level declarations.
type pkg struct {
	dir     string
	files   []*ast.File
	funcs   map[string]fn
	methods map[string]map[string]fn // receiver type → method → declaration
	values  map[string]val           // package-level var and const with one value
}

// A fn is a function or method declaration and where it is.
type fn struct {
	decl *ast.FuncDecl
	file *ast.File
	pkg  *pkg
}

func newSource(root string) (*source, error) {
	s := &source{root: root, fset: token.NewFileSet(), pkgs: map[string]*pkg{}}
	f, err := os.Open(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			s.module = strings.Trim(strings.TrimSpace(m), `"`)
			break
		}
	}
	return s, nil
}

// dirs returns the directories of the module's own packages (not
// vendor, testdata or hidden ones), sorted.
func (s *source) dirs() []string {
	seen := map[string]bool{}
	filepath.WalkDir(s.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != s.root && (name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if isSource(d.Name()) {
			seen[filepath.Dir(path)] = true
		}
		return nil
	})
	var out []string
	for d := range seen {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// byPath returns the package of an import path, nil when the module does
// not hold it (another module, not vendored).
func (s *source) byPath(path string) *pkg {
	if rest, ok := strings.CutPrefix(path, s.module); ok && (rest == "" || rest[0] == '/') {
		return s.load(filepath.Join(s.root, filepath.FromSlash(rest)))
	}
	dir := filepath.Join(s.root, "vendor", filepath.FromSlash(path))
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return s.load(dir)
	}
	return nil
}

// load parses the package in dir, once.
func (s *source) load(dir string) *pkg {
	if p, ok := s.pkgs[dir]; ok {
		return p
	}
	p := &pkg{dir: dir, funcs: map[string]fn{}, methods: map[string]map[string]fn{}, values: map[string]val{}}
	s.pkgs[dir] = p
	entries, _ := os.ReadDir(dir)
	many := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() || !isSource(e.Name()) {
			continue
		}
		f, err := parser.ParseFile(s.fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name == "main" && len(p.files) > 0 && p.files[0].Name.Name != "main" {
			continue
		}
		p.files = append(p.files, f)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Body == nil {
					continue
				}
				if d.Recv == nil {
					p.funcs[d.Name.Name] = fn{d, f, p}
					continue
				}
				if t := recvType(d); t != "" {
					if p.methods[t] == nil {
						p.methods[t] = map[string]fn{}
					}
					p.methods[t][d.Name.Name] = fn{d, f, p}
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR && d.Tok != token.CONST {
					continue
				}
				for _, spec := range d.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i >= len(vs.Values) || len(vs.Names) != len(vs.Values) {
							continue
						}
						if _, dup := p.values[n.Name]; dup {
							many[n.Name] = true
						}
						p.values[n.Name] = val{vs.Values[i], &env{pkg: p, file: f, src: s}}
					}
				}
			}
		}
	}
	for n := range many {
		p.values[n] = val{} // declared in files of different build tags: unknown
	}
	return p
}

// recvType returns the name of a method's receiver type.
func recvType(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) != 1 {
		return ""
	}
	t := d.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// importPath returns the import path that name stands for in file f.
func importPath(f *ast.File, name string) string {
	for _, im := range f.Imports {
		path := strings.Trim(im.Path.Value, `"`)
		local := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			local = im.Name.Name
		} else if strings.HasPrefix(local, "v") && len(local) > 1 && strings.Trim(local[1:], "0123456789") == "" {
			// .../foo/v2: the package is foo.
			p := path[:strings.LastIndex(path, "/")]
			local = p[strings.LastIndex(p, "/")+1:]
		}
		local = strings.ReplaceAll(local, "-", "")
		if local == name {
			return path
		}
	}
	return ""
}
