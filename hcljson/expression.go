package hcljson

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/ctystr"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/template"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
)

// expression is any JSON value read as an HCL expression.
type expression struct {
	f    *file
	node int // noNode: nothing could be parsed
}

var _ hcl.Expression = (*expression)(nil)

// Value evaluates the expression. With a nil context strings are taken as
// written (literal-only mode); otherwise each string is a template and
// object keys are templates too.
func (e *expression) Value(ctx *hcl.EvalContext) (cty.Value, hcl.Diagnostics) {
	return e.f.value(e, e.node, ctx, nil)
}

// ValueWith evaluates e, an expression of this package, as its Value
// method does, but for the templates (strings, and object keys, that are
// not literal), which it evaluates with Template.ValueWith: in place of
// the native expression of each, what wrap gives for it, an expression
// that evaluates as the one given and may do more (charge a budget,
// stop). A caller that meters evaluation (package validate) sees the for
// expressions, templates and operators of a JSON expression as it sees a
// native one's. A nil wrap is none. Any other expression, nil included,
// is evaluated by its own Value method; a nil one panics.
func ValueWith(e hcl.Expression, ctx *hcl.EvalContext, wrap func(hclsyntax.Expression) hclsyntax.Expression) (cty.Value, hcl.Diagnostics) {
	if e == nil {
		panic("hcljson: ValueWith of a nil expression")
	}
	x, ok := e.(*expression)
	if !ok || x == nil {
		return e.Value(ctx)
	}
	return x.f.value(x, x.node, ctx, wrap)
}

func (f *file) value(e *expression, i int, ctx *hcl.EvalContext, wrap func(hclsyntax.Expression) hclsyntax.Expression) (cty.Value, hcl.Diagnostics) {
	if i < 0 {
		return cty.DynamicVal, nil
	}
	switch f.doc.Nodes[i].Kind() {
	case scanner.String:
		return f.stringValue(i, ctx, wrap)
	case scanner.Number:
		v, err := numberValue(f.doc.Literal(i))
		if err != nil {
			// The scanner checked the grammar; this cannot happen.
			return cty.UnknownVal(cty.Number), nil
		}
		return v, nil
	case scanner.True:
		return cty.True, nil
	case scanner.False:
		return cty.False, nil
	case scanner.Null:
		return cty.NullVal(cty.DynamicPseudoType), nil
	case scanner.Array:
		var diags hcl.Diagnostics
		var vals []cty.Value
		if n := f.doc.Len(i); n > 0 {
			vals = make([]cty.Value, 0, n)
		}
		for el := range f.doc.Elements(i) {
			v, vd := f.value(nil, el, ctx, wrap)
			vals = append(vals, v)
			diags = append(diags, vd...)
		}
		if len(vals) == 0 {
			return cty.EmptyTupleVal, diags
		}
		return cty.TupleVal(vals), diags
	case scanner.Object:
		return f.objectValue(e, i, ctx, wrap)
	}
	return cty.DynamicVal, nil
}

func (f *file) stringValue(i int, ctx *hcl.EvalContext, wrap func(hclsyntax.Expression) hclsyntax.Expression) (cty.Value, hcl.Diagnostics) {
	text := f.doc.Text(i)
	if ctx == nil || template.IsLiteral(text) {
		if text != "" && ctystr.ASCII(text) {
			return ctystr.Boxed(f.stringSlot(text)), nil
		}
		return cty.StringVal(text), nil
	}
	// Quick compares values (== and !=) in time that grows with their
	// size times their depth, and evaluates a for expression over a
	// known collection in time that grows with its length (a nested one
	// with a power of it); with a wrap, which may bound that, such a
	// template is evaluated through it (QuickBounded leaves those for
	// expressions).
	switch {
	case wrap == nil:
		if v, ok := template.Quick(text, ctx); ok {
			return v, nil
		}
	case !strings.Contains(text, "==") && !strings.Contains(text, "!="):
		if v, ok := template.QuickBounded(text, ctx); ok {
			return v, nil
		}
	}
	return f.template(i).ValueWith(ctx, wrap)
}

func (f *file) objectValue(e *expression, i int, ctx *hcl.EvalContext, wrap func(hclsyntax.Expression) hclsyntax.Expression) (cty.Value, hcl.Diagnostics) {
	var diags hcl.Diagnostics
	d := f.doc
	n := d.Len(i)
	attrs := make(map[string]cty.Value, n)
	// The key node that defined each attribute, in order, for the
	// message of a duplicate: a slice, searched only then, is cheaper
	// than a second map.
	var keysBuf [8]objectKey
	keys := keysBuf[:0]
	if n > len(keysBuf) {
		keys = make([]objectKey, 0, n)
	}
	known := true
	var marks []cty.ValueMarks
	for k, v := range d.Members(i) {
		val, valDiags := f.value(nil, v, ctx, wrap)
		text := d.Text(k)
		if ctx != nil && !template.IsLiteral(text) {
			// The key is a template: evaluate it and check what it gives.
			name, nameDiags := f.template(k).ValueWith(ctx, wrap)
			diags = append(diags, nameDiags...)
			diags = append(diags, valDiags...)
			if name.IsMarked() {
				// As hclsyntax does for native objects: a marked key marks
				// the whole object.
				var m cty.ValueMarks
				name, m = name.Unmark()
				marks = append(marks, m)
			}
			var err error
			name, err = convert.Convert(name, cty.String)
			switch {
			case err != nil:
				r := f.srcRange(k)
				diags = append(diags, &hcl.Diagnostic{
					Severity:    hcl.DiagError,
					Summary:     "Invalid object key expression",
					Detail:      fmt.Sprintf("Cannot use this expression as an object key: %s.", err),
					Subject:     &r,
					Expression:  &expression{f: f, node: v},
					EvalContext: ctx,
				})
				continue
			case name.IsNull():
				r := f.srcRange(k)
				diags = append(diags, &hcl.Diagnostic{
					Severity:    hcl.DiagError,
					Summary:     "Invalid object key expression",
					Detail:      "Cannot use null value as an object key.",
					Subject:     &r,
					Expression:  &expression{f: f, node: v},
					EvalContext: ctx,
				})
				continue
			case !name.IsKnown():
				known = false
				continue
			}
			text = name.AsString()
		} else {
			diags = append(diags, valDiags...)
			// What cty.StringVal would store: the NFC form, which is the
			// text itself when it is ASCII.
			if !ctystr.ASCII(text) {
				text = cty.NormalizeString(text)
			}
		}
		key := text
		if _, dup := attrs[key]; dup {
			prev := -1
			for _, kn := range keys {
				if kn.key == key {
					prev = kn.node
					break
				}
			}
			r := f.srcRange(k)
			var self hcl.Expression = e
			if e == nil {
				self = &expression{f: f, node: i}
			}
			diags = append(diags, &hcl.Diagnostic{
				Severity:    hcl.DiagError,
				Summary:     "Duplicate object attribute",
				Detail:      fmt.Sprintf("An attribute named %q was already defined at %s.", key, f.srcRange(prev)),
				Subject:     &r,
				Expression:  self,
				EvalContext: ctx,
			})
			continue
		}
		attrs[key] = val
		keys = append(keys, objectKey{key, k})
	}
	if !known {
		return cty.DynamicVal, diags
	}
	return cty.ObjectVal(attrs).WithMarks(marks...), diags
}

// smallNumbers holds the values of the integer literals 0 to
// len(smallNumbers)-1, each made by cty.ParseNumberVal when first met:
// cty never modifies a number's big.Float, so one value can stand for
// every literal of its text, and a configuration's numbers (ports, sizes,
// counts) are mostly these. Racing first uses store equal values.
var smallNumbers [1024]atomic.Pointer[cty.Value]

// numberValue is cty.ParseNumberVal(lit), shared for small integers.
func numberValue(lit string) (cty.Value, error) {
	n := -1
	if len(lit) > 0 && len(lit) <= 4 && (lit[0] != '0' || len(lit) == 1) {
		n = 0
		for _, c := range []byte(lit) {
			if c < '0' || c > '9' {
				n = -1
				break
			}
			n = n*10 + int(c-'0')
		}
	}
	if n < 0 || n >= len(smallNumbers) {
		return cty.ParseNumberVal(lit)
	}
	if p := smallNumbers[n].Load(); p != nil {
		return *p, nil
	}
	v, err := cty.ParseNumberVal(lit)
	if err == nil {
		smallNumbers[n].Store(&v)
	}
	return v, err
}

// objectKey is an attribute of an object value and the key node that
// defined it.
type objectKey struct {
	key  string
	node int
}

// Variables returns the traversals in every string of the expression
// (object keys included), whichever mode it is later evaluated in.
func (e *expression) Variables() []hcl.Traversal {
	if e.node < 0 {
		return nil
	}
	var vars []hcl.Traversal
	e.f.walkStrings(e.node, func(s int) {
		vars = append(vars, e.f.template(s).Variables()...)
	})
	return vars
}

// Functions returns the functions called in every string of the
// expression, as the OpenTofu fork of HCL offers through
// hcl.ExpressionWithFunctions.
func (e *expression) Functions() []hcl.Traversal {
	if e.node < 0 {
		return nil
	}
	var fns []hcl.Traversal
	e.f.walkStrings(e.node, func(s int) {
		fns = append(fns, e.f.template(s).Functions()...)
	})
	return fns
}

// walkStrings calls fn for every string of value i, keys included, that is
// not a literal (the others have no variables and no calls).
func (f *file) walkStrings(i int, fn func(s int)) {
	switch f.doc.Nodes[i].Kind() {
	case scanner.String:
		if !template.IsLiteral(f.doc.Text(i)) {
			fn(i)
		}
	case scanner.Array:
		for el := range f.doc.Elements(i) {
			f.walkStrings(el, fn)
		}
	case scanner.Object:
		for k, v := range f.doc.Members(i) {
			f.walkStrings(k, fn)
			f.walkStrings(v, fn)
		}
	}
}

func (e *expression) Range() hcl.Range { return e.f.srcRange(e.node) }

func (e *expression) StartRange() hcl.Range { return e.f.startRange(e.node) }
