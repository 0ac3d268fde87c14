package gen

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/template"
)

// syntax says what a Value made by Ref, Type, Keyword or Call is: a piece
// of native syntax that Body.Set writes as the argument's mode reads it.
type syntax uint8

const (
	synNone syntax = iota
	synRef
	synType
	synKeyword
	synCall
)

// NewFileFor returns an empty file whose bodies know how s reads them (a
// root schema: schema.Terraform.Root, schema.OpenTofu.Root, or the Root of
// a Language with provider schemas). On such a file, Body.Set writes each
// argument as that schema reads it, and refuses a value that would mean
// something else there; AppendBlock gives each block the schema of its
// body.
func NewFileFor(s *schema.Body) *File {
	f := &File{}
	f.body.schema = s
	return f
}

// Ref returns a reference to traversal, such as "aws_instance.web.id",
// "var.subnets[0]" or "module.vpc": written "${aws_instance.web.id}" where
// an expression is read, and as the bare traversal where a reference is
// (depends_on, ignore_changes, provider). traversal must be a static
// reference: a name and attributes or indexes by literal keys.
func Ref(traversal string) (Value, error) {
	if _, diags := hclsyntax.ParseTraversalAbs([]byte(traversal), "", hcl.InitialPos); diags.HasErrors() || strings.TrimSpace(traversal) != traversal {
		return Value{}, fmt.Errorf("%q is not a reference: %s", traversal, firstError(diags, "spaces around it"))
	}
	return Value{kind: kindTemplate, text: "${" + traversal + "}", syn: synRef, raw: traversal}, nil
}

// Type returns a type constraint, such as "list(object({name=string}))",
// for a variable's type: written as its text where a type is read.
func Type(constraint string) (Value, error) {
	expr, diags := nesting.ParseExpression([]byte(constraint), "", hcl.InitialPos)
	if !diags.HasErrors() {
		_, diags = typeexpr.TypeConstraint(expr)
	}
	if diags.HasErrors() {
		return Value{}, fmt.Errorf("%q is not a type constraint: %s", constraint, firstError(diags, ""))
	}
	return Value{kind: kindString, text: constraint, syn: synType, raw: constraint}, nil
}

// Keyword returns a bare word, such as "all" for lifecycle's
// ignore_changes or "destroy" for a provisioner's when.
func Keyword(word string) (Value, error) {
	if !hclsyntax.ValidIdentifier(word) {
		return Value{}, fmt.Errorf("%q is not a keyword: a keyword is one name", word)
	}
	return Value{kind: kindString, text: word, syn: synKeyword, raw: word}, nil
}

// Call returns a call of function name with args, written
// "${name(arg, ...)}" where an expression is read. Each argument is a
// Value: a String is a quoted string that means its text, a Ref its
// reference, a Call its call, arrays and objects tuples and objects of
// those; a Template is refused (write its parts as Values). name may be
// a provider function, provider::aws::arn_parse.
func Call(name string, args ...Value) (Value, error) {
	parts := strings.Split(name, "::")
	if len(parts) != 1 && (len(parts) != 3 || parts[0] != "provider") || slices.ContainsFunc(parts, func(p string) bool { return !hclsyntax.ValidIdentifier(p) }) {
		return Value{}, fmt.Errorf("%q is not a function name", name)
	}
	var b []byte
	b = append(b, name...)
	b = append(b, '(')
	for i, a := range args {
		if i > 0 {
			b = append(b, ", "...)
		}
		var err error
		if b, err = appendNative(b, a); err != nil {
			return Value{}, fmt.Errorf("argument %d of %s: %w", i+1, name, err)
		}
	}
	b = append(b, ')')
	return Value{kind: kindTemplate, text: "${" + string(b) + "}", syn: synCall, raw: string(b)}, nil
}

// JSONEncode returns Call("jsonencode", v): v's value as JSON text, as
// Terraform's jsonencode writes it (an IAM policy, a container
// definition).
func JSONEncode(v Value) (Value, error) { return Call("jsonencode", v) }

// appendNative appends v as a native expression.
func appendNative(b []byte, v Value) ([]byte, error) {
	switch v.kind {
	case kindNull:
		return append(b, "null"...), nil
	case kindTrue:
		return append(b, "true"...), nil
	case kindFalse:
		return append(b, "false"...), nil
	case kindNumber:
		return append(b, v.text...), nil
	case kindString:
		if v.syn != synNone {
			return nil, fmt.Errorf("a %s is not a value", v.syn.what())
		}
		return template.AppendQuoted(b, template.Escape(v.text)), nil
	case kindTemplate:
		if v.syn == synRef || v.syn == synCall {
			return append(b, v.raw...), nil
		}
		return nil, errors.New("a Template cannot be an argument: write its parts as Values (String, Ref, Call)")
	case kindArray:
		b = append(b, '[')
		for i, e := range v.elems {
			if i > 0 {
				b = append(b, ", "...)
			}
			var err error
			if b, err = appendNative(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case kindObject:
		b = append(b, '{')
		for i, p := range v.props {
			if i > 0 {
				b = append(b, ", "...)
			}
			if p.Key.kind != kindString || p.Key.syn != synNone {
				return nil, errors.New("an object key must be a String")
			}
			if hclsyntax.ValidIdentifier(p.Key.text) && !slices.Contains([]string{"for", "in", "if", "true", "false", "null"}, p.Key.text) {
				b = append(b, p.Key.text...)
			} else {
				b = template.AppendQuoted(b, template.Escape(p.Key.text))
			}
			b = append(b, " = "...)
			var err error
			if b, err = appendNative(b, p.Value); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	}
	return nil, errors.New("unknown value")
}

func (s syntax) what() string {
	return [...]string{"value", "reference", "type", "keyword", "call"}[s]
}

// Set appends the argument name = v to a body of a file made by
// NewFileFor, written as the body's schema reads the argument:
//   - an expression (most arguments): strings are text, escaped so that
//     Terraform does not evaluate them; Ref and Call are evaluated;
//   - a literal argument (a variable's default and description, a module
//     source, backend settings): strings are text as they are; a Ref or
//     Call would be its text, and is refused;
//   - a type (a variable's type): a Type;
//   - references (depends_on, ignore_changes, replace_triggered_by, a
//     provider): a Ref, or an Array of them where the argument is a list;
//   - a keyword (a provisioner's when): a Keyword from the argument's
//     list.
//
// It returns an error, and appends nothing, when the body does not take
// the argument (with the nearest name it takes) or v does not fit its
// reading. On a body with no schema, Set is AppendAttribute in Expr mode.
func (b *Body) Set(name string, v Value) error {
	if b.schema == nil {
		b.AppendAttribute(name, v.asExpr(), Expr)
		return nil
	}
	arg, ok := b.schema.Argument(name)
	if !ok {
		return fmt.Errorf("%s: %q is not an argument here%s", b.where(), name, b.suggest(name))
	}
	switch arg.Mode {
	case schema.Expression:
		b.AppendAttribute(name, v.asExpr(), Expr)
		return nil
	case schema.Literal:
		if bad := v.find(func(e Value) bool { return e.kind == kindTemplate }); bad != nil {
			return fmt.Errorf("%s: %s is read literally: a %s would be its text, not evaluated", b.where(), name, bad.what())
		}
		b.AppendAttribute(name, v, Literal)
		return nil
	}
	want := map[schema.Mode]syntax{
		schema.TypeExpr: synType, schema.AbsTraversal: synRef, schema.RelTraversal: synRef,
		schema.Keyword: synKeyword, schema.ProviderRef: synRef, schema.NativeExpr: synRef,
	}[arg.Mode]
	if want == synNone {
		// Requirement: literal strings and a list of references.
		b.AppendAttribute(name, v.asSyntax(), Literal)
		return nil
	}
	var keywords []string // the keywords the argument also takes
	if arg.Attribute != nil {
		keywords = arg.Attribute.Keywords
	}
	check := func(e Value) error {
		if e.syn == synKeyword && (want == synKeyword || len(keywords) > 0) {
			if len(keywords) > 0 && !slices.Contains(keywords, e.raw) {
				return fmt.Errorf("%s: %s takes one of %s, not %q", b.where(), name, strings.Join(keywords, ", "), e.raw)
			}
			return nil
		}
		if e.syn == want {
			return nil
		}
		return fmt.Errorf("%s: %s takes a %s, not a %s", b.where(), name, want.what(), e.what())
	}
	switch {
	case arg.Shape == schema.ListOf && v.kind == kindArray:
		for _, e := range v.elems {
			if err := check(e); err != nil {
				return err
			}
		}
	case arg.Shape == schema.ListOf && len(keywords) > 0 && v.syn == synKeyword:
		if err := check(v); err != nil { // a keyword for the whole list (ignore_changes = all)
			return err
		}
	case arg.Shape == schema.ListOf:
		return fmt.Errorf("%s: %s takes a list of %ss (an Array)", b.where(), name, want.what())
	default:
		if err := check(v); err != nil {
			return err
		}
	}
	b.AppendAttribute(name, v.asSyntax(), Literal)
	return nil
}

// asExpr returns v as an expression reads it: a Type or Keyword is its
// text.
func (v Value) asExpr() Value {
	if v.syn == synType || v.syn == synKeyword {
		return String(v.raw)
	}
	return v
}

// asSyntax returns v as a reference, type or keyword argument reads it:
// each piece of syntax as its bare text.
func (v Value) asSyntax() Value {
	switch {
	case v.syn != synNone:
		return Value{kind: kindString, text: v.raw}
	case v.kind == kindArray:
		elems := make([]Value, len(v.elems))
		for i, e := range v.elems {
			elems[i] = e.asSyntax()
		}
		return Array(elems...)
	case v.kind == kindObject:
		props := make([]Prop, len(v.props))
		for i, p := range v.props {
			props[i] = Prop{Key: p.Key, Value: p.Value.asSyntax()}
		}
		return Object(props...)
	}
	return v
}

// find returns the first value in v (v itself, elements, keys and
// values) for which fn is true, or nil.
func (v Value) find(fn func(Value) bool) *Value {
	if fn(v) {
		return &v
	}
	for _, e := range v.elems {
		if f := e.find(fn); f != nil {
			return f
		}
	}
	for _, p := range v.props {
		if f := p.Key.find(fn); f != nil {
			return f
		}
		if f := p.Value.find(fn); f != nil {
			return f
		}
	}
	return nil
}

// what names the kind of v for messages.
func (v Value) what() string {
	if v.syn != synNone {
		return v.syn.what()
	}
	return [...]string{"null", "boolean", "boolean", "number", "String", "Template", "Array", "Object"}[v.kind]
}

// where names the body for messages.
func (b *Body) where() string {
	if b.path == "" {
		return "the root body"
	}
	return b.path
}

// suggest returns ` (did you mean "x"?)` for the name b takes that is
// closest to name, or "".
func (b *Body) suggest(name string) string {
	var names []string
	for _, a := range b.schema.Attributes {
		names = append(names, a.Name)
	}
	return didYouMean(name, names)
}

func firstError(diags hcl.Diagnostics, otherwise string) string {
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			return d.Summary
		}
	}
	return otherwise
}

// AddBlock appends a block as AppendBlock does, to a body of a file made
// by NewFileFor, once the body's schema says it takes it: a block type
// the body has (or, in an open body, any), with the labels that type
// names, and, where the first label names a kind that the schema knows
// kinds of (a resource type of a provider whose schema is given, the
// nested block a dynamic block generates), a kind it knows. It returns an
// error naming the body, with the nearest name the body takes, and
// appends nothing otherwise. On a body with no schema, AddBlock is
// AppendBlock.
func (b *Body) AddBlock(typ string, labels ...string) (*Block, error) {
	if b.schema == nil {
		return b.AppendBlock(typ, labels...), nil
	}
	blk := b.schema.Block(typ)
	if blk == nil {
		if b.schema.BlocksArgument(typ) != nil || b.schema.Open && !b.schema.ArgumentsOnly {
			return b.AppendBlock(typ, labels...), nil
		}
		return nil, fmt.Errorf("%s: %q is not a block type here%s", b.where(), typ, didYouMean(typ, b.blockTypes()))
	}
	if len(labels) != len(blk.Labels) {
		names := "no labels"
		if len(blk.Labels) > 0 {
			names = fmt.Sprintf("%d (%s)", len(blk.Labels), strings.Join(blk.Labels, ", "))
		}
		return nil, fmt.Errorf("%s: a %s block takes %s, not %d", b.where(), typ, names, len(labels))
	}
	if len(labels) > 0 && blk.ByLabel != nil && blk.ByLabel[labels[0]] == nil {
		if known := kindsLike(blk, typ, labels[0]); known != nil && typ == "dynamic" {
			return nil, fmt.Errorf("%s: %q is not a block type that a dynamic block here can generate%s", b.where(), labels[0], didYouMean(labels[0], known))
		} else if known != nil {
			return nil, fmt.Errorf("%s: %q is not a %s %s here%s", b.where(), labels[0], typ, blk.Labels[0], didYouMean(labels[0], known))
		}
	}
	return b.AppendBlock(typ, labels...), nil
}

// kindsLike returns the kinds of blk that label must be one of, or nil
// when the schema does not know the kinds of label's family: a dynamic
// block's label is one of the nested blocks it knows; a resource type is
// one of its provider's when that provider's schema is given (the types
// that share its prefix before "_").
func kindsLike(blk *schema.Block, typ, label string) []string {
	var known []string
	if typ == "dynamic" {
		for k := range blk.ByLabel {
			known = append(known, k)
		}
		slices.Sort(known)
		return known
	}
	prefix, _, _ := strings.Cut(label, "_")
	for k := range blk.ByLabel {
		if p, _, _ := strings.Cut(k, "_"); p == prefix {
			known = append(known, k)
		}
	}
	slices.Sort(known)
	return known
}

// blockTypes returns the block types b's schema lists.
func (b *Body) blockTypes() []string {
	var out []string
	for _, blk := range b.schema.Blocks {
		out = append(out, blk.Type)
	}
	return out
}

// didYouMean returns ` (did you mean "x"?)` for the name in names closest
// to name (didyoumean.Closest), or "".
func didYouMean(name string, names []string) string {
	if s := didyoumean.Closest(name, names); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}

// MustRef is Ref for a constant reference: it panics if traversal is not
// one, as regexp.MustCompile does.
func MustRef(traversal string) Value { return must(Ref(traversal)) }

// MustType is Type for a constant type constraint: it panics if
// constraint is not one.
func MustType(constraint string) Value { return must(Type(constraint)) }

// MustKeyword is Keyword for a constant word: it panics if word is not a
// name.
func MustKeyword(word string) Value { return must(Keyword(word)) }

// MustCall is Call with constant arguments: it panics if name is not a
// function name or an argument cannot be one.
func MustCall(name string, args ...Value) Value { return must(Call(name, args...)) }

// MustNumber is Number for a constant literal: it panics if literal is not
// a JSON number.
func MustNumber(literal string) Value { return must(Number(literal)) }

func must(v Value, err error) Value {
	if err != nil {
		msg := err.Error()
		if !strings.HasPrefix(msg, "gen: ") {
			msg = "gen: " + msg
		}
		panic(msg)
	}
	return v
}
