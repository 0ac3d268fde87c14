package realworldtest

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	jsonsyntax "github.com/hcljson/hcljson/hcljson"
	"github.com/zclconf/go-cty/cty"
)

// What a module tree needs of the programs: the local modules it calls and
// the providers it uses, read from its configuration files, so that
// TestPrograms can give the programs every provider (through the stand-in)
// and know which directories cannot be validated offline.

// moduleUse is what one module directory says of modules and providers.
type moduleUse struct {
	dir string
	// required maps a local name to the source address required_providers
	// gives it (lower case): hashicorp/LOCAL when an entry has no source.
	required map[string]string
	// configs are the local names of the provider blocks.
	configs []string
	// types are the resource, data source and ephemeral resource types
	// used, each with the local name of its provider: the provider
	// argument's, else the type's prefix.
	types []typeUse
	// functions maps a local name to the provider functions called
	// (provider::LOCAL::NAME, in native files).
	functions map[string][]string
	// calls are the module calls, by name.
	calls []*moduleCall
	// variables maps each variable to its type constraint expression
	// (nil without one).
	variables map[string]hcl.Expression
	// native are the native configuration files (.tf, .tofu), json the
	// JSON ones; tofu says whether there are .tofu or .tofu.json files.
	native, json []string
	tofu         bool
	// tests says whether the directory has test files (in it or in
	// tests/), whose run blocks' modules get installs; locked are the
	// provider addresses of its .terraform.lock.hcl, which the programs
	// load whether the configuration uses them or not.
	tests  bool
	locked []string
}

type typeUse struct{ kind, typ, local string }

type moduleCall struct {
	name, source string
	literal      bool // source is a literal string
	// args are the call's arguments but its meta-arguments; dir is
	// the called module's directory, when it is local.
	args hcl.Attributes
	dir  string
}

// local says whether a module source is a local path, as both programs
// read it: one that starts with ./ or ../.
func (c *moduleCall) local() bool {
	return c.literal && (strings.HasPrefix(c.source, "./") || strings.HasPrefix(c.source, "../"))
}

// configFile says whether a file name is a configuration file of a module
// directory, as OpenTofu reads them.
func configFile(name string) bool {
	for _, ext := range []string{".tf", ".tf.json", ".tofu", ".tofu.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

var rootSchema = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
	{Type: "terraform"},
	{Type: "provider", LabelNames: []string{"name"}},
	{Type: "module", LabelNames: []string{"name"}},
	{Type: "resource", LabelNames: []string{"type", "name"}},
	{Type: "data", LabelNames: []string{"type", "name"}},
	{Type: "ephemeral", LabelNames: []string{"type", "name"}},
	{Type: "check", LabelNames: []string{"name"}},
	{Type: "variable", LabelNames: []string{"name"}},
}}

// readModuleUse reads the configuration files of dir (not its
// subdirectories). A file that does not parse is an error: the corpus is
// meant to be valid.
func readModuleUse(dir string) (*moduleUse, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	m := &moduleUse{dir: dir, required: map[string]string{}, functions: map[string][]string{}, variables: map[string]hcl.Expression{}}
	for _, e := range entries {
		name := e.Name()
		if !configFile(name) || strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(dir, name)
		if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		var f *hcl.File
		var diags hcl.Diagnostics
		if strings.HasSuffix(name, ".json") {
			f, diags = jsonsyntax.Parse(src, path)
			m.json = append(m.json, path)
		} else {
			f, diags = hclsyntax.ParseConfig(src, path, hcl.InitialPos)
			m.native = append(m.native, path)
		}
		if diags.HasErrors() {
			return nil, fmt.Errorf("parsing %s: %s", path, diags.Error())
		}
		if strings.HasSuffix(name, ".tofu") || strings.HasSuffix(name, ".tofu.json") {
			m.tofu = true
		}
		m.read(f)
	}
	if src, err := os.ReadFile(filepath.Join(dir, ".terraform.lock.hcl")); err == nil {
		f, diags := hclsyntax.ParseConfig(src, filepath.Join(dir, ".terraform.lock.hcl"), hcl.InitialPos)
		if diags.HasErrors() {
			return nil, fmt.Errorf("parsing %s: %s", filepath.Join(dir, ".terraform.lock.hcl"), diags.Error())
		}
		for _, blk := range f.Body.(*hclsyntax.Body).Blocks {
			if blk.Type == "provider" && len(blk.Labels) == 1 {
				m.locked = append(m.locked, strings.ToLower(blk.Labels[0]))
			}
		}
	}
	return m, nil
}

// testFile says whether a file name is a test file's.
func testFile(name string) bool {
	for _, ext := range []string{".tftest.hcl", ".tftest.json", ".tofutest.hcl", ".tofutest.json"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// readTests reads the native test files of the directory and of its tests
// directory, as the programs load them with the root module: the modules
// their run blocks call, and the providers their provider blocks
// configure.
func (m *moduleUse) readTests() error {
	for _, dir := range []string{m.dir, filepath.Join(m.dir, "tests")} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if !testFile(e.Name()) || e.IsDir() {
				continue
			}
			m.tests = true
			if !strings.HasSuffix(e.Name(), ".hcl") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f, diags := hclsyntax.ParseConfig(src, path, hcl.InitialPos)
			if diags.HasErrors() {
				return fmt.Errorf("parsing %s: %s", path, diags.Error())
			}
			for _, blk := range f.Body.(*hclsyntax.Body).Blocks {
				switch blk.Type {
				case "provider":
					if len(blk.Labels) == 1 {
						m.configs = append(m.configs, blk.Labels[0])
					}
				case "run":
					for _, inner := range blk.Body.Blocks {
						if inner.Type != "module" {
							continue
						}
						call := &moduleCall{name: "run." + strings.Join(blk.Labels, ".")}
						if a, ok := inner.Body.Attributes["source"]; ok {
							if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
								call.source, call.literal = v.AsString(), true
							}
						}
						// A run block's module source is relative to the
						// root module's directory, wherever the test file
						// is.
						m.calls = append(m.calls, call)
					}
				}
			}
		}
	}
	return nil
}

func (m *moduleUse) read(f *hcl.File) {
	content, _, _ := f.Body.PartialContent(rootSchema)
	for _, blk := range content.Blocks {
		switch blk.Type {
		case "terraform":
			inner, _, _ := blk.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "required_providers"}}})
			for _, rp := range inner.Blocks {
				attrs, _ := rp.Body.JustAttributes()
				for local, a := range attrs {
					m.required[local] = requiredSource(local, a.Expr)
				}
			}
		case "provider":
			m.configs = append(m.configs, blk.Labels[0])
		case "module":
			attrs, _ := blk.Body.JustAttributes()
			call := &moduleCall{name: blk.Labels[0], args: hcl.Attributes{}}
			if a, ok := attrs["source"]; ok {
				if v, d := a.Expr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					call.source, call.literal = v.AsString(), true
				}
			}
			for name, a := range attrs {
				if !slices.Contains([]string{"source", "version", "providers", "count", "for_each", "depends_on"}, name) {
					call.args[name] = a
				}
			}
			m.calls = append(m.calls, call)
		case "variable":
			attrs, _, _ := blk.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "type"}}})
			if a, ok := attrs.Attributes["type"]; ok {
				m.variables[blk.Labels[0]] = a.Expr
			} else {
				m.variables[blk.Labels[0]] = nil
			}
		case "resource", "data", "ephemeral":
			m.addType(blk.Type, blk)
		case "check":
			inner, _, _ := blk.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "data", LabelNames: []string{"type", "name"}}}})
			for _, d := range inner.Blocks {
				m.addType("data", d)
			}
		}
	}
	if body, ok := f.Body.(*hclsyntax.Body); ok {
		hclsyntax.VisitAll(body, func(n hclsyntax.Node) hcl.Diagnostics {
			if call, ok := n.(*hclsyntax.FunctionCallExpr); ok {
				if parts := strings.Split(call.Name, "::"); len(parts) == 3 && parts[0] == "provider" {
					if !slices.Contains(m.functions[parts[1]], parts[2]) {
						m.functions[parts[1]] = append(m.functions[parts[1]], parts[2])
					}
				}
			}
			return nil
		})
	}
}

// addType records a resource, data or ephemeral block's type and the local
// name of its provider.
func (m *moduleUse) addType(kind string, blk *hcl.Block) {
	typ := blk.Labels[0]
	local := impliedProvider(typ)
	attrs, _, _ := blk.Body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "provider"}}})
	if a, ok := attrs.Attributes["provider"]; ok {
		if t, d := hcl.AbsTraversalForExpr(a.Expr); !d.HasErrors() {
			local = t.RootName()
		}
	}
	m.types = append(m.types, typeUse{kind: kind, typ: typ, local: local})
}

// requiredSource is the source address of a required_providers entry:
// its source attribute, in lower case, else hashicorp/LOCAL (an entry
// that is a version constraint alone, or has no source).
func requiredSource(local string, expr hcl.Expression) string {
	if pairs, d := hcl.ExprMap(expr); !d.HasErrors() {
		for _, p := range pairs {
			k, kd := p.Key.Value(nil)
			if kd.HasErrors() || !k.IsKnown() || k.IsNull() || k.Type() != cty.String || k.AsString() != "source" {
				continue
			}
			if v, vd := p.Value.Value(nil); !vd.HasErrors() && v.IsKnown() && !v.IsNull() && v.Type() == cty.String {
				return strings.ToLower(strings.TrimSpace(v.AsString()))
			}
		}
	}
	return "hashicorp/" + strings.ToLower(local)
}

// treeUse is a module directory with the local modules it calls, directly
// or through others.
type treeUse struct {
	modules []*moduleUse // the directory first
	// remote names a call of a module that is not local
	// (module.NAME in DIR: SOURCE), which makes the tree one that
	// cannot be validated offline; "" when all are local.
	remote string
}

// readTreeUse reads dir and the local modules it calls.
func readTreeUse(dir string) (*treeUse, error) {
	t := &treeUse{}
	seen := map[string]bool{}
	queue := []string{filepath.Clean(dir)}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if seen[d] {
			continue
		}
		seen[d] = true
		m, err := readModuleUse(d)
		if os.IsNotExist(err) {
			continue // the programs say so, and check must
		}
		if err != nil {
			return nil, err
		}
		if len(t.modules) == 0 {
			// The programs load the test files of the root module
			// alone.
			if err := m.readTests(); err != nil {
				return nil, err
			}
		}
		t.modules = append(t.modules, m)
		for _, c := range m.calls {
			switch {
			case c.local():
				c.dir = filepath.Join(d, filepath.FromSlash(c.source))
				queue = append(queue, c.dir)
			case t.remote == "":
				source := c.source
				if !c.literal {
					source = "(not a literal)"
				}
				t.remote = fmt.Sprintf("module.%s in %s: %s", c.name, d, source)
			}
		}
	}
	return t, nil
}

// passed gives the inference the type constraints of the local modules'
// variables that the tree's module calls pass arguments to (see
// inference.passed).
func (t *treeUse) passed(in *inference) {
	byDir := map[string]*moduleUse{}
	for _, m := range t.modules {
		byDir[m.dir] = m
	}
	for _, m := range t.modules {
		for _, c := range m.calls {
			child := byDir[c.dir]
			if child == nil {
				continue
			}
			for name, a := range c.args {
				texpr := child.variables[name]
				if texpr == nil {
					continue
				}
				// In JSON the type is a string holding the expression.
				if v, d := texpr.Value(nil); !d.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					var pd hcl.Diagnostics
					if texpr, pd = hclsyntax.ParseExpression([]byte(v.AsString()), "", hcl.InitialPos); pd.HasErrors() {
						continue
					}
				}
				ty, _, d := typeexpr.TypeConstraintWithDefaults(texpr)
				if !d.HasErrors() {
					in.passed(a.Expr, ty)
				}
			}
		}
	}
}

// tofu says whether a module of the tree has .tofu or .tofu.json files.
func (t *treeUse) tofu() bool {
	return slices.ContainsFunc(t.modules, func(m *moduleUse) bool { return m.tofu })
}

// providerUse is what a tree uses of one provider (by source address).
type providerUse struct {
	configs   map[string]bool            // local names of its provider blocks
	types     map[string]map[string]bool // kind → types
	functions map[string]bool
}

// merge returns what u and v use together.
func (u *providerUse) merge(v *providerUse) *providerUse {
	out := &providerUse{configs: maps.Clone(u.configs), types: map[string]map[string]bool{}, functions: maps.Clone(u.functions)}
	maps.Copy(out.configs, v.configs)
	maps.Copy(out.functions, v.functions)
	for _, w := range []*providerUse{u, v} {
		for kind, types := range w.types {
			if out.types[kind] == nil {
				out.types[kind] = map[string]bool{}
			}
			maps.Copy(out.types[kind], types)
		}
	}
	return out
}

// builtin says whether a local name or source is the built-in provider
// terraform (terraform_data, terraform_remote_state).
func builtin(localOrSource string) bool {
	return localOrSource == "terraform" || strings.HasSuffix(localOrSource, "builtin/terraform")
}

// providers returns every provider the tree's modules use, by source
// address: each required_providers entry, each provider block, the
// provider of each type, each provider function's; a local name that no
// required_providers entry of its module lists is hashicorp/LOCAL.
func (t *treeUse) providers() map[string]*providerUse {
	out := map[string]*providerUse{}
	for _, m := range t.modules {
		source := func(local string) string {
			if s, ok := m.required[local]; ok {
				return s
			}
			return "hashicorp/" + strings.ToLower(local)
		}
		use := func(local string) *providerUse {
			s := source(local)
			if builtin(local) || builtin(s) {
				return nil
			}
			p := out[s]
			if p == nil {
				p = &providerUse{configs: map[string]bool{}, types: map[string]map[string]bool{}, functions: map[string]bool{}}
				out[s] = p
			}
			return p
		}
		for _, local := range slices.Sorted(maps.Keys(m.required)) {
			use(local)
		}
		for _, addr := range m.locked {
			if !builtin(addr) && out[addr] == nil {
				out[addr] = &providerUse{configs: map[string]bool{}, types: map[string]map[string]bool{}, functions: map[string]bool{}}
			}
		}
		for _, local := range m.configs {
			if p := use(local); p != nil {
				p.configs[local] = true
			}
		}
		for _, u := range m.types {
			if p := use(u.local); p != nil {
				if p.types[u.kind] == nil {
					p.types[u.kind] = map[string]bool{}
				}
				p.types[u.kind][u.typ] = true
			}
		}
		for local, fns := range m.functions {
			if p := use(local); p != nil {
				for _, f := range fns {
					p.functions[f] = true
				}
			}
		}
	}
	return out
}

// files returns the native and the JSON configuration files of the
// tree's modules, for the inference.
func (t *treeUse) files() (native, json []string) {
	for _, m := range t.modules {
		native = append(native, m.native...)
		json = append(json, m.json...)
	}
	return native, json
}

// tests says whether the tree's root directory has test files.
func (t *treeUse) tests() bool {
	return len(t.modules) > 0 && t.modules[0].tests
}

// sameProvider is the key under which the source addresses of one
// provider meet: without the public registry's host, which OpenTofu's
// and Terraform's registries each take for granted
// (registry.terraform.io/hashicorp/aws in a lock file is hashicorp/aws
// for Terraform).
func sameProvider(source string) string {
	for _, host := range []string{"registry.terraform.io/", "registry.opentofu.org/"} {
		if rest, ok := strings.CutPrefix(source, host); ok {
			return rest
		}
	}
	return source
}
