package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Reading schemas that are already JSON: what `terraform providers schema
// -json` prints (-input json), or repositories that keep one type's part
// of it per Go file, as a string constant (-input generated:
// lonegunmanb/terraform-aws-schema, whose generated/register.go maps each
// type name to the function that decodes its constant). Either way the
// JSON is the provider's own account of its schemas, so nothing is
// inferred: attributes are attributes (nested_type ones included) and
// block_types are blocks.

// A tfSchema is one schema of the JSON output: its version and block.
type tfSchema struct {
	Block *tfBlock `json:"block"`
}

// A tfBlock is a schema body: attributes and nested block types.
type tfBlock struct {
	Attributes map[string]json.RawMessage `json:"attributes"`
	BlockTypes map[string]tfBlockType     `json:"block_types"`
}

// A tfBlockType is a nested block type: its nesting and body.
type tfBlockType struct {
	NestingMode string   `json:"nesting_mode"`
	Block       *tfBlock `json:"block"`
}

// tfProviderSchemas is the part of `providers schema -json` for one
// provider.
type tfProviderSchemas struct {
	Provider           *tfSchema            `json:"provider"`
	Resources          map[string]*tfSchema `json:"resource_schemas"`
	DataSources        map[string]*tfSchema `json:"data_source_schemas"`
	EphemeralResources map[string]*tfSchema `json:"ephemeral_resource_schemas"`
}

// jsonBody converts a JSON schema body into the table's. A block type
// nested as a map (its blocks take a label) is left out: the table's
// blocks take none. Group nesting is written as single (one block, at
// most).
func (x *extractor) jsonBody(b *tfBlock) *body {
	out := newBody()
	if b == nil {
		return out
	}
	for n := range b.Attributes {
		out.attr(n)
	}
	for n, bt := range b.BlockTypes {
		nesting := bt.NestingMode
		switch nesting {
		case "list", "set", "single":
		case "group":
			nesting = "single"
		default:
			x.skipped["block type nested as "+nesting]++
			out.both[n] = true
			continue
		}
		out.block(n, &block{nesting: nesting, body: x.jsonBody(bt.Block)})
	}
	return out
}

// addJSON adds one schema of kind for type typ.
func (x *extractor) addJSON(kind, typ string, s *tfSchema) {
	if kind != kindProvider && !x.typeName(typ) {
		x.skipped["type of another name "+kind]++
		return
	}
	if s == nil || s.Block == nil {
		x.add(kind, typ, nil)
		return
	}
	x.add(kind, typ, x.jsonBody(s.Block))
}

// runJSON reads the file of `terraform providers schema -json` output at
// path: the provider whose source address is address, or, without one,
// the only provider whose type is the extractor's.
func (x *extractor) runJSON(path, address string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var out struct {
		ProviderSchemas map[string]*tfProviderSchemas `json:"provider_schemas"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	var p *tfProviderSchemas
	for addr, s := range out.ProviderSchemas {
		if address != "" && addr == address || address == "" && strings.HasSuffix(addr, "/"+x.name) {
			if p != nil {
				return fmt.Errorf("%s: more than one provider %s: give -source", path, x.name)
			}
			p = s
		}
	}
	if p == nil {
		return fmt.Errorf("%s: no provider %s", path, x.name)
	}
	if p.Provider != nil {
		x.addJSON(kindProvider, "", p.Provider)
	}
	for kind, m := range map[string]map[string]*tfSchema{kindResource: p.Resources, kindData: p.DataSources, kindEphemeral: p.EphemeralResources} {
		for typ, s := range m {
			x.addJSON(kind, typ, s)
		}
	}
	return nil
}

// generatedMaps are the maps of generated/register.go and the kind of
// schema each holds.
var generatedMaps = map[string]string{"resources": kindResource, "dataSources": kindData, "ephemeralResources": kindEphemeral}

// runGenerated reads a schema repository laid out as
// lonegunmanb/terraform-aws-schema is: dir/generated/register.go assigns
// each type name its schema in one of the maps of generatedMaps
// (resources["aws_vpc"] = resource.AwsVpcSchema()), and each package
// under dir/generated has, for each such function, a string constant of
// the schema's JSON that the function decodes
// (json.Unmarshal([]byte(awsVpc), &result)).
func (x *extractor) runGenerated(dir string) error {
	gen := filepath.Join(dir, "generated")
	fset := token.NewFileSet()
	reg, err := parser.ParseFile(fset, filepath.Join(gen, "register.go"), nil, 0)
	if err != nil {
		return err
	}
	type ref struct{ kind, typ, pkg, fn string }
	var refs []ref
	ast.Inspect(reg, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		ix, ok := as.Lhs[0].(*ast.IndexExpr)
		if !ok {
			return true
		}
		m, ok := ix.X.(*ast.Ident)
		if !ok || generatedMaps[m.Name] == "" {
			return true
		}
		kind := generatedMaps[m.Name]
		typ, ok := stringLit(ix.Index)
		call, ok2 := as.Rhs[0].(*ast.CallExpr)
		if !ok || !ok2 || len(call.Args) != 0 {
			x.skipped["unread registration "+kind]++
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			x.skipped["unread registration "+kind]++
			return true
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok {
			x.skipped["unread registration "+kind]++
			return true
		}
		refs = append(refs, ref{kind, typ, pkg.Name, sel.Sel.Name})
		return true
	})
	if len(refs) == 0 {
		return fmt.Errorf("%s: no registrations", filepath.Join(gen, "register.go"))
	}
	pkgs := map[string]map[string]string{} // package → function → its JSON
	for _, r := range refs {
		if _, ok := pkgs[r.pkg]; ok {
			continue
		}
		fns, err := generatedPackage(fset, filepath.Join(gen, r.pkg))
		if err != nil {
			return err
		}
		pkgs[r.pkg] = fns
	}
	for _, r := range refs {
		text, ok := pkgs[r.pkg][r.fn]
		if !ok {
			x.skipped["schema file absent "+r.kind]++
			continue
		}
		var s tfSchema
		if err := json.Unmarshal([]byte(text), &s); err != nil {
			return fmt.Errorf("%s.%s: %v", r.pkg, r.fn, err)
		}
		x.addJSON(r.kind, r.typ, &s)
	}
	return nil
}

// generatedPackage reads the Go files of one generated package and
// returns, for each function that decodes a string constant of the
// package ([]byte(name)), the constant's value.
func generatedPackage(fset *token.FileSet, dir string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	consts := map[string]string{}
	uses := map[string]string{} // function → constant
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			return nil, err
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok != token.CONST {
					continue
				}
				for _, sp := range d.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, id := range vs.Names {
						if i < len(vs.Values) {
							if s, ok := stringLit(vs.Values[i]); ok {
								consts[id.Name] = s
							}
						}
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil || d.Body == nil {
					continue
				}
				var found []string
				ast.Inspect(d.Body, func(n ast.Node) bool {
					c, ok := n.(*ast.CallExpr)
					if !ok || len(c.Args) != 1 {
						return true
					}
					if at, ok := c.Fun.(*ast.ArrayType); ok && at.Len == nil {
						if el, ok := at.Elt.(*ast.Ident); ok && el.Name == "byte" {
							if id, ok := c.Args[0].(*ast.Ident); ok {
								found = append(found, id.Name)
							}
						}
					}
					return true
				})
				if found = slices.Compact(found); len(found) == 1 {
					uses[d.Name.Name] = found[0]
				}
			}
		}
	}
	out := map[string]string{}
	for fn, c := range uses {
		if s, ok := consts[c]; ok {
			out[fn] = s
		}
	}
	return out, nil
}

// stringLit returns the value of a string literal, or of string
// literals joined by + (a raw string cannot hold a backquote: the
// generated constants write one as ` + "`" + `).
func stringLit(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		// Walk the left spine iteratively: a long chain nests deeply.
		var parts []string
		for {
			r, ok := stringLit(e.Y)
			if !ok {
				return "", false
			}
			parts = append(parts, r)
			l, ok := e.X.(*ast.BinaryExpr)
			if !ok || l.Op != token.ADD {
				break
			}
			e = l
		}
		l, ok := stringLit(e.X)
		if !ok {
			return "", false
		}
		parts = append(parts, l)
		slices.Reverse(parts)
		return strings.Join(parts, ""), true
	case *ast.ParenExpr:
		return stringLit(e.X)
	}
	return "", false
}
