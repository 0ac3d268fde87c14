package main

import (
	"go/ast"
	"regexp"
	"strings"
)

// Kinds of schema, as the table writes them.
const (
	kindProvider  = "P"
	kindResource  = "R"
	kindData      = "D"
	kindEphemeral = "E"
)

// An extractor collects the schemas of one provider.
type extractor struct {
	src  *source
	name string // the provider's type name: google
	// fwPrefix is what the provider's framework wrapper puts before the
	// type names that Metadata sets (datadog_), "" when none does.
	fwPrefix string
	schemas  map[string]*body // kind + " " + type → body; kindProvider alone
	skipped  map[string]int   // what could not be read, by reason
}

func (x *extractor) add(kind, typ string, b *body) {
	if b == nil {
		x.skipped["unresolved schema "+kind]++
		return
	}
	key := kind
	if typ != "" {
		key += " " + typ
	}
	if old, ok := x.schemas[key]; ok {
		old.merge(b)
		return
	}
	x.schemas[key] = b
}

// typeName matches the type names of this provider's resources.
func (x *extractor) typeName(s string) bool {
	return s == x.name || strings.HasPrefix(s, x.name+"_") && typeRE.MatchString(s)
}

var typeRE = regexp.MustCompile(`^[a-z0-9]+(_[a-z0-9]+)+$`)

// run reads every package of the module for the registrations of
// resource types, data sources, ephemeral resources and the provider's
// configuration, and reads their schemas.
func (x *extractor) run() {
	for _, dir := range x.src.dirs() {
		p := x.src.load(dir)
		for _, f := range p.files {
			x.file(p, f)
		}
	}
}

// file finds the registrations in one file.
func (x *extractor) file(p *pkg, f *ast.File) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		var e *env // made when the function holds a registration
		envOf := func() *env {
			if e == nil {
				e = x.src.call(fn{fd, f, p}, nil, nil)
			}
			return e
		}
		if fd.Recv != nil {
			x.framework(p, f, fd)
		}
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			stack = append(stack, n)
			cl, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			switch t := cl.Type.(type) {
			case *ast.MapType:
				// map[string]*schema.Resource{"google_x": F(), ...}
				if lastName(t.Value) == "Resource" && isStar(t.Value) {
					x.sdkMap(cl, kindOf(fd.Name.Name, stack), envOf())
				}
			case *ast.ArrayType:
				// []sdk.Resource{T{}, ...}: typed resources (azurerm)
				switch name := lastName(t.Elt); {
				case (name == "Resource" || name == "DataSource") && strings.HasSuffix(qualifier(val{nil, envOf()}, t.Elt), "/internal/sdk"):
					kind := kindResource
					if name == "DataSource" {
						kind = kindData
					}
					for _, el := range cl.Elts {
						x.typed(kind, val{el, envOf()})
					}
				}
			case *ast.SelectorExpr, *ast.Ident:
				switch {
				case field(cl, "Name") != nil && field(cl, "Type") != nil && field(cl, "Schema") != nil:
					// registry.Schema{Name: "google_x", Type: registry.SchemaTypeResource, Schema: F()} (google)
					kind := ""
					switch lastName(field(cl, "Type")) {
					case "SchemaTypeResource", "SchemaTypeIAMResource":
						kind = kindResource
					case "SchemaTypeDataSource", "SchemaTypeIAMDataSource":
						kind = kindData
					}
					name, ok := x.str(val{field(cl, "Name"), envOf()})
					if kind == "" || !ok || !x.typeName(name) {
						return true
					}
					x.add(kind, name, x.sdkResource(val{field(cl, "Schema"), envOf()}, kind == kindResource))
				case lastName(cl.Type) == "Provider" && field(cl, "Schema") != nil &&
					(field(cl, "ResourcesMap") != nil || field(cl, "DataSourcesMap") != nil || field(cl, "ConfigureContextFunc") != nil || field(cl, "ConfigureFunc") != nil):
					x.add(kindProvider, "", x.sdkMap2(val{field(cl, "Schema"), envOf()}))
				}
			}
			return true
		})
	}
}

func isStar(e ast.Expr) bool {
	_, ok := e.(*ast.StarExpr)
	return ok
}

// kindOf says what a map of resources registers, by the field it is the
// value of (ResourcesMap, DataSourcesMap) or else the function that
// holds it (SupportedDataSources).
func kindOf(funcName string, stack []ast.Node) string {
	for i := len(stack) - 2; i >= 0; i-- {
		if kv, ok := stack[i].(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				return kindByWord(id.Name)
			}
			break
		}
		if _, ok := stack[i].(*ast.CompositeLit); ok {
			break
		}
	}
	return kindByWord(funcName)
}

func kindByWord(s string) string {
	switch {
	case strings.Contains(s, "Ephemeral"):
		return kindEphemeral
	case strings.Contains(s, "DataSource"):
		return kindData
	case strings.Contains(s, "Resource"):
		return kindResource
	}
	return ""
}

// sdkMap reads a map of resource type names to SDK resources.
func (x *extractor) sdkMap(cl *ast.CompositeLit, kind string, e *env) {
	for _, el := range cl.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		name, ok := x.str(val{kv.Key, e})
		if !ok || !x.typeName(name) {
			continue
		}
		if kind == "" {
			x.skipped["map of resources of unknown kind"]++
			continue
		}
		x.add(kind, name, x.sdkResource(val{kv.Value, e}, kind == kindResource))
	}
}

// sdkResource reads a *schema.Resource (terraform-plugin-sdk/v2, or
// azurerm's pluginsdk alias of it): its Schema (or SchemaFunc), and the
// timeouts block that its Timeouts add to the schema of a top-level
// resource or data source.
func (x *extractor) sdkResource(v val, top bool) *body {
	v = resolve(v)
	cl, ok := v.e.(*ast.CompositeLit)
	if !ok || lastName(cl.Type) != "Resource" {
		return nil
	}
	var b *body
	if s := field(cl, "Schema"); s != nil {
		b = x.sdkMap2(val{s, v.env})
	} else if s := field(cl, "SchemaFunc"); s != nil {
		b = x.schemaFunc(val{s, v.env})
	}
	if b == nil {
		return nil
	}
	if t := field(cl, "Timeouts"); t != nil && top {
		tb := newBody()
		if tv := resolve(val{t, v.env}); tv.e != nil {
			if tcl, ok := tv.e.(*ast.CompositeLit); ok {
				for _, name := range []string{"Create", "Read", "Update", "Delete", "Default"} {
					if field(tcl, name) != nil {
						tb.attr(strings.ToLower(name))
					}
				}
			}
		}
		b.block("timeouts", &block{nesting: "single", body: tb})
	}
	return b
}

// schemaFunc reads a SchemaFunc: a function (literal or named) returning
// the schema map.
func (x *extractor) schemaFunc(v val) *body {
	switch e := v.e.(type) {
	case *ast.FuncLit:
		var rets []*ast.ReturnStmt
		ast.Inspect(e.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok {
				rets = append(rets, r)
			}
			_, lit := n.(*ast.FuncLit)
			return !lit || n == e
		})
		if len(rets) != 1 || len(rets[0].Results) != 1 {
			return nil
		}
		return x.sdkMap2(val{rets[0].Results[0], v.env})
	default:
		// A function value: call it.
		return x.sdkMap2(val{&ast.CallExpr{Fun: v.e}, v.env})
	}
}

// sdkMap2 reads a map[string]*schema.Schema: each name is an attribute or
// a nested block as the SDK makes its configuration schema. The map is a
// literal or made by make, with the entries that its function then sets
// (m["name"] = ..., or for k, v := range other { m[k] = v }).
func (x *extractor) sdkMap2(v val) *body {
	type local struct {
		name string
		env  *env
	}
	var locals []local
	v = resolveSeen(v, func(name string, e *env) { locals = append(locals, local{name, e}) })
	if v.e == nil {
		return nil
	}
	b := newBody()
	switch e := v.e.(type) {
	case *ast.CompositeLit:
		if mt, ok := e.Type.(*ast.MapType); !ok || lastName(mt.Value) != "Schema" {
			return nil
		}
		for _, el := range e.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			x.sdkEntry(b, val{kv.Key, v.env}, val{kv.Value, v.env})
		}
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); !ok || id.Name != "make" {
			return nil
		}
	default:
		return nil
	}
	// The local variables holding this map, and what their functions set.
	for _, l := range locals {
		for _, as := range l.env.index[l.name] {
			ix := as.Lhs[0].(*ast.IndexExpr)
			if key, ok := ix.Index.(*ast.Ident); ok {
				rs := l.env.loop[as]
				value, ok := as.Rhs[0].(*ast.Ident)
				if rs == nil || !ok || lastName(rs.Key) != key.Name || rs.Value == nil || lastName(rs.Value) != value.Name {
					return nil // an entry not known: the map is not
				}
				o := x.sdkMap2(val{rs.X, l.env})
				if o == nil {
					return nil
				}
				b.merge(o)
				continue
			}
			x.sdkEntry(b, val{ix.Index, l.env}, val{as.Rhs[0], l.env})
		}
	}
	return b
}

func (x *extractor) sdkEntry(b *body, k, v val) {
	name, ok := x.str(k)
	if !ok {
		return
	}
	if blk, attr, ok := x.sdkSchema(v); ok {
		if attr {
			b.attr(name)
		} else {
			b.block(name, blk)
		}
	}
}

// sdkSchema reads one *schema.Schema: a nested block when its type is a
// list or set whose Elem is a *schema.Resource, unless it is computed only
// or its ConfigMode makes it an attribute; an attribute otherwise. ok is
// false when the source does not say.
func (x *extractor) sdkSchema(v val) (blk *block, attr, ok bool) {
	v = resolve(v)
	if alts := alternatives(v); alts != nil {
		// Each alternative must say the same.
		for i, a := range alts {
			b, at, ok := x.sdkSchema(a)
			if !ok || i > 0 && at != attr {
				return nil, false, false
			}
			if i == 0 || b == nil {
				blk, attr = b, at
				continue
			}
			nesting := blk.nesting
			if b.nesting != nesting {
				nesting = "" // a list in one, a set in another
			}
			switch {
			case blk.body == nil || b.body == nil:
				blk = &block{nesting: nesting}
			default:
				merged := newBody()
				merged.merge(blk.body)
				merged.merge(b.body)
				blk = &block{nesting: nesting, body: merged}
			}
		}
		return blk, attr, true
	}
	cl, isLit := v.e.(*ast.CompositeLit)
	if !isLit || (cl.Type != nil && lastName(cl.Type) != "Schema") {
		return nil, false, false
	}
	t := field(cl, "Type")
	if t == nil {
		return nil, false, false
	}
	tv := resolve(val{t, v.env})
	if tv.e == nil {
		return nil, false, false
	}
	var nesting string
	switch lastName(tv.e) {
	case "TypeString", "TypeInt", "TypeBool", "TypeFloat", "TypeMap":
		return nil, true, true
	case "TypeList":
		nesting = "list"
	case "TypeSet":
		nesting = "set"
	default:
		return nil, false, false
	}
	elem := field(cl, "Elem")
	if elem == nil {
		return nil, false, false
	}
	ev := resolve(val{elem, v.env})
	ecl, isLit := ev.e.(*ast.CompositeLit)
	if !isLit {
		return nil, false, false
	}
	switch lastName(ecl.Type) {
	case "Schema":
		return nil, true, true
	case "Resource":
	default:
		return nil, false, false
	}
	if cm := field(cl, "ConfigMode"); cm != nil {
		switch lastName(resolve(val{cm, v.env}).e) {
		case "SchemaConfigModeAttr":
			return nil, true, true
		case "SchemaConfigModeBlock":
		default:
			return nil, false, false
		}
	} else {
		computed := boolField(cl, "Computed", v.env)
		optional := boolField(cl, "Optional", v.env)
		required := boolField(cl, "Required", v.env)
		if computed < 0 || optional < 0 || required < 0 {
			return nil, false, false
		}
		if computed == 1 && optional == 0 && required == 0 {
			return nil, true, true // computed only: an attribute
		}
	}
	return &block{nesting: nesting, body: x.sdkResource(ev, false)}, false, true
}

// boolField returns 1 when a bool field of cl is true, 0 when it is false or
// absent, -1 when the source does not say.
func boolField(cl *ast.CompositeLit, name string, e *env) int {
	f := field(cl, name)
	if f == nil {
		return 0
	}
	b, ok := boolean(val{f, e})
	switch {
	case !ok:
		return -1
	case b:
		return 1
	}
	return 0
}

// typed reads a typed resource or data source of azurerm's internal/sdk:
// a value whose methods give its type (ResourceType), its Arguments and
// its Attributes; the SDK wrapper adds a timeouts block.
func (x *extractor) typed(kind string, v val) {
	v = resolve(v)
	cl, ok := v.e.(*ast.CompositeLit)
	if !ok {
		return
	}
	id, ok := cl.Type.(*ast.Ident)
	if !ok {
		x.skipped["typed resource of another package"]++
		return
	}
	methods := v.env.pkg.methods[id.Name]
	rt, ok := methods["ResourceType"]
	if !ok {
		return
	}
	ret, ok := x.src.returned(rt, nil, v.env)
	if !ok {
		return
	}
	name, ok := x.str(ret)
	if !ok || !x.typeName(name) {
		return
	}
	b := newBody()
	for _, m := range []string{"Arguments", "Attributes"} {
		f, ok := methods[m]
		if !ok {
			continue
		}
		r, ok := x.src.returned(f, nil, v.env)
		if !ok {
			x.add(kind, name, nil)
			return
		}
		mb := x.sdkMap2(r)
		if mb == nil {
			x.add(kind, name, nil)
			return
		}
		b.merge(mb)
	}
	b.block("timeouts", &block{nesting: "single"})
	x.add(kind, name, b)
}

// framework reads a terraform-plugin-framework resource, data source,
// ephemeral resource or provider: a Metadata method sets its type name
// (resp.TypeName), and a Schema method of the same type its schema
// (resp.Schema). The kind is the package of the request type.
func (x *extractor) framework(p *pkg, f *ast.File, fd *ast.FuncDecl) {
	if fd.Name.Name != "Schema" || len(fd.Type.Params.List) != 3 {
		return
	}
	reqType := fd.Type.Params.List[1].Type
	if lastName(reqType) != "SchemaRequest" {
		return
	}
	e := x.src.call(fn{fd, f, p}, nil, nil)
	path := qualifier(val{nil, e}, reqType)
	if !strings.Contains(path, "terraform-plugin-framework") {
		return
	}
	kind := ""
	switch path[strings.LastIndex(path, "/")+1:] {
	case "resource":
		kind = kindResource
	case "datasource":
		kind = kindData
	case "ephemeral":
		kind = kindEphemeral
	case "provider":
		kind = kindProvider
	default:
		return
	}
	typ := ""
	if kind != kindProvider {
		md, ok := p.methods[recvType(fd)]["Metadata"]
		if !ok {
			x.skipped["framework type without Metadata"]++
			return
		}
		v, ok := assigned(x.src.call(md, nil, nil), md.decl, "TypeName")
		if !ok {
			x.skipped["framework type name not found"]++
			return
		}
		if typ, ok = x.str(v); ok && x.fwPrefix != "" && !strings.HasPrefix(typ, x.fwPrefix) {
			typ = x.fwPrefix + typ
		}
		if !ok || !x.typeName(typ) {
			x.skipped["framework type name not read"]++
			return
		}
	}
	if len(fd.Body.List) == 0 {
		x.add(kind, typ, newBody()) // no schema: an empty body
		return
	}
	v, ok := assigned(e, fd, "Schema")
	if !ok {
		x.skipped["framework schema not found"]++
		return
	}
	x.add(kind, typ, x.fwSchema(v))
}

// assigned returns the value a method assigns to resp.NAME, its last
// parameter's field.
func assigned(e *env, fd *ast.FuncDecl, name string) (val, bool) {
	params := fd.Type.Params.List
	last := params[len(params)-1]
	if len(last.Names) != 1 {
		return val{}, false
	}
	resp := last.Names[0].Name
	var out []ast.Expr
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		if sel, ok := as.Lhs[0].(*ast.SelectorExpr); ok && sel.Sel.Name == name {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == resp {
				out = append(out, as.Rhs[0])
			}
		}
		return true
	})
	if len(out) != 1 {
		return val{}, false
	}
	return val{out[0], e}, true
}

// fwSchema reads a framework schema.Schema, or a nested block's object:
// every name of Attributes is an attribute, Blocks holds the nested
// blocks.
func (x *extractor) fwSchema(v val) *body {
	v = resolve(v)
	cl, ok := v.e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	b := newBody()
	if a := field(cl, "Attributes"); a != nil {
		av := resolve(val{a, v.env})
		acl, ok := av.e.(*ast.CompositeLit)
		if !ok {
			return nil
		}
		for _, el := range acl.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if name, ok := x.str(val{kv.Key, av.env}); ok {
					b.attr(name)
				}
			}
		}
	}
	if bl := field(cl, "Blocks"); bl != nil {
		bv := resolve(val{bl, v.env})
		bcl, ok := bv.e.(*ast.CompositeLit)
		if !ok {
			return nil
		}
		for _, el := range bcl.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			name, ok := x.str(val{kv.Key, bv.env})
			if !ok {
				continue
			}
			if blk := x.fwBlock(val{kv.Value, bv.env}); blk != nil {
				b.block(name, blk)
			}
		}
	}
	return b
}

// fwBlock reads a framework block: ListNestedBlock, SetNestedBlock,
// SingleNestedBlock, or the timeouts block of
// terraform-plugin-framework-timeouts (timeouts.Block).
func (x *extractor) fwBlock(v val) *block {
	if call, ok := v.e.(*ast.CallExpr); ok {
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Block" {
			if strings.Contains(qualifier(v, sel), "terraform-plugin-framework-timeouts") {
				return &block{nesting: "single"}
			}
		}
	}
	v = resolve(v)
	cl, ok := v.e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	switch lastName(cl.Type) {
	case "ListNestedBlock":
		return &block{nesting: "list", body: x.fwObject(val{field(cl, "NestedObject"), v.env})}
	case "SetNestedBlock":
		return &block{nesting: "set", body: x.fwObject(val{field(cl, "NestedObject"), v.env})}
	case "SingleNestedBlock":
		return &block{nesting: "single", body: x.fwSchema(v)}
	}
	return nil
}

func (x *extractor) fwObject(v val) *body {
	if v.e == nil {
		return nil
	}
	return x.fwSchema(v)
}
