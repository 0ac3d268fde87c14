package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/didyoumean"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
)

// checker walks a file's bodies with its language's schema and collects
// what the language rejects: arguments and blocks it does not list,
// missing required arguments, more than one block where one is allowed,
// and values that do not read in their mode (types, references,
// keywords, native expressions in JSON strings, JSON templates).
type checker struct {
	// json is set for a file in JSON syntax, whose strings hold the
	// syntax that native files write bare.
	json bool
	// override is set for an override file, whose blocks need not
	// repeat the required arguments.
	override bool
	// inModule is set for a file of a module directory, whose provider
	// configurations the module's validation checks, only those in use,
	// as the programs do (package validate).
	inModule bool
	// tofu is set for a file OpenTofu reads, which evaluates
	// lifecycle.prevent_destroy as an expression in native syntax (and
	// takes a JSON value literally, as the language says).
	tofu bool
	// contents, when not nil, are the bodies decoded so far, which the
	// module's validation reads again (see Model.contents).
	contents *schema.Contents
	// vars, when not nil, are the expressions' variables found so far
	// (see Model.vars).
	vars  *exprVars
	diags hcl.Diagnostics
	// ctx is the context of the last template checked, when no
	// diagnostic holds it: the next one's, cleared (template).
	ctx *hcl.EvalContext
}

// body checks body against s; in is the block whose body it is (nil at
// the root), named in messages (blockName) only when one is reported.
func (c *checker) body(body hcl.Body, s *schema.Body, in *hcl.Block) {
	content, remain, diags := c.contents.Content(s, body)
	c.add(diags)
	if content == nil {
		return
	}
	for _, a := range sortedAttributes(content.Attributes) {
		if arg, ok := s.Argument(a.Name); ok {
			c.attribute(a, arg)
		}
	}
	c.unlisted(remain, s)
	first := map[string]*hcl.Block{}
	for _, b := range content.Blocks {
		blk := s.Block(b.Type)
		if blk == nil {
			if a := s.BlocksArgument(b.Type); a != nil {
				// An argument written as blocks, one per element.
				c.body(b.Body, a.AsBlocks, b)
			}
			continue
		}
		if prev, ok := first[b.Type]; ok && (blk.Nesting == schema.NestingSingle || blk.Nesting == schema.NestingGroup) {
			c.duplicate(b, prev, in)
			continue
		}
		first[b.Type] = b
		if c.inModule && in == nil && b.Type == "provider" {
			continue
		}
		inner := blk.Body
		if len(b.Labels) > 0 {
			inner = blk.BodyFor(b.Labels[0])
			if b.Type == "dynamic" && blk.ByLabel != nil && blk.ByLabel[b.Labels[0]] == nil {
				c.unsupportedDynamic(b)
				continue
			}
		}
		if b.Type == "dynamic" && emptyForEach(b.Body) {
			inner = contentUnchecked(inner)
		}
		c.body(b.Body, inner, b)
	}
}

// unsupportedDynamic reports a dynamic block whose label names no nested
// block of a body whose schema is known (a dynamic block's ByLabel is
// made from the provider's schema): the programs' dynamic block expansion
// says so on the label, without a suggestion, and never reads the
// block's content.
func (c *checker) unsupportedDynamic(b *hcl.Block) {
	c.diags = append(c.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Unsupported block type",
		Detail:   fmt.Sprintf("Blocks of type %q are not expected here.", b.Labels[0]),
		Subject:  b.LabelRanges[0].Ptr(),
	})
}

// emptyForEach reports whether the for_each of a dynamic block's body is
// known to be empty without variables or functions (for_each = [], {}):
// the programs then make no block of its content and never decode it
// (spec.md {#validate} V11), so nothing in it is checked.
func emptyForEach(body hcl.Body) bool {
	content, _, _ := body.PartialContent(&hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "for_each"}}})
	if content == nil || content.Attributes["for_each"] == nil {
		return false
	}
	// An empty context, not nil: a JSON string is a template only
	// with one.
	v, diags := content.Attributes["for_each"].Expr.Value(&hcl.EvalContext{})
	if diags.HasErrors() || !v.IsWhollyKnown() || v.IsNull() {
		return false
	}
	ty := v.Type()
	return (ty.IsCollectionType() || ty.IsTupleType() || ty.IsObjectType()) && v.LengthInt() == 0
}

// contentUnchecked returns dyn, the schema of a dynamic block's body, with
// a content block that takes anything.
func contentUnchecked(dyn *schema.Body) *schema.Body {
	if dyn == nil || dyn.Block("content") == nil {
		return dyn
	}
	out := *dyn
	out.Blocks = slices.Clone(dyn.Blocks)
	for i := range out.Blocks {
		if out.Blocks[i].Type == "content" {
			out.Blocks[i].Body = &schema.Body{Open: true, AnyAttributesMode: schema.Expression}
			out.Blocks[i].ByLabel = nil
		}
	}
	return &out
}

// unlisted checks, in a JSON file, the values of what an open body holds
// beyond its schema: provider arguments, and nested blocks read as
// objects, whose strings are templates in both readings. (In a native
// file they are checked by the parser.)
func (c *checker) unlisted(remain hcl.Body, s *schema.Body) {
	if remain == nil || !c.json {
		return
	}
	attrs, _ := remain.JustAttributes()
	for _, a := range sortedAttributes(attrs) {
		arg, _ := s.Argument(a.Name) // unlisted: AnyAttributesMode
		c.value(a.Expr, arg.Mode, arg.Attribute)
	}
}

// add keeps diags, except, in an override file, missing required
// arguments: those come from the file overridden.
func (c *checker) add(diags hcl.Diagnostics) {
	for _, d := range diags {
		if c.override && d.Summary == "Missing required argument" {
			continue
		}
		c.diags = append(c.diags, d)
	}
}

// errorf reports an error about rng.
func (c *checker) errorf(rng hcl.Range, summary, format string, args ...any) {
	c.diags = append(c.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  rng.Ptr(),
	})
}

// duplicate reports a second block of a type that allows one, in the
// body of the block parent (nil at the root).
func (c *checker) duplicate(b, prev, parent *hcl.Block) {
	in := "here"
	if parent != nil {
		in = "in " + blockName(parent)
	}
	c.errorf(b.DefRange, "Duplicate "+b.Type+" block",
		"Only one %s block is allowed %s; the first is at line %d, column %d.", b.Type, in, prev.DefRange.Start.Line, prev.DefRange.Start.Column)
}

// blockName names a block as Terraform does in messages: resource
// "aws_instance" "web".
func blockName(b *hcl.Block) string {
	var sb strings.Builder
	sb.WriteString(b.Type)
	for _, l := range b.Labels {
		fmt.Fprintf(&sb, " %q", l)
	}
	return sb.String()
}

// attribute checks that a's value reads as arg says (its mode and shape;
// arg.Attribute is nil for an unlisted name of an open body).
func (c *checker) attribute(a *hcl.Attribute, arg schema.Argument) {
	spec, mode, shape := arg.Attribute, arg.Mode, arg.Shape
	if c.tofu && !c.json && a.Name == "prevent_destroy" {
		return // package validate evaluates it
	}
	if spec != nil && mode != schema.Keyword && len(spec.Keywords) > 0 {
		if w := hcl.ExprAsKeyword(a.Expr); w != "" && spec.AllowsKeyword(w) {
			return // ignore_changes = all
		}
	}
	switch shape {
	case schema.ListOf:
		elems, diags := hcl.ExprList(a.Expr)
		c.add(diags)
		for _, el := range elems {
			c.value(el, mode, spec)
		}
	case schema.MapOf:
		pairs, diags := hcl.ExprMap(a.Expr)
		c.add(diags)
		for _, p := range pairs {
			c.value(p.Key, mode, spec)
			c.value(p.Value, mode, spec)
		}
	default:
		c.value(a.Expr, mode, spec)
	}
}

// value checks that one value reads in mode, as module.ReadValue reads
// it (every range exact, in a JSON string after escapes too).
func (c *checker) value(expr hcl.Expression, mode schema.Mode, spec *schema.Attribute) {
	if mode == schema.Expression && !c.json {
		return // the parser has read it
	}
	quoted := !c.json && spec != nil && spec.Quoted
	v, diags := c.vars.read(expr, mode, quoted)
	switch mode {
	case schema.Expression:
		c.template(expr)
	case schema.Keyword:
		c.add(diags) // a legacy quoted keyword's warning
		c.keyword(v, expr, spec)
	case schema.Requirement:
		c.requirement(expr)
	default:
		c.add(diags)
	}
}

// keyword checks a keyword value against the allowed words; expr is the
// value as written, for the range.
func (c *checker) keyword(v module.Value, expr hcl.Expression, spec *schema.Attribute) {
	w := v.Keyword
	var words []string
	if spec != nil {
		words = spec.Keywords
	}
	switch {
	case w == "" && len(words) > 0:
		c.errorf(v.Expr.Range(), "Invalid keyword", "A single keyword is required here: %s.", quoteList(words))
	case w == "":
		c.errorf(v.Expr.Range(), "Invalid keyword", "A single keyword is required here.")
	case spec != nil && !spec.AllowsKeyword(w):
		hint := ""
		if s := didyoumean.Closest(w, words); s != "" {
			hint = fmt.Sprintf(" Did you mean %q?", s)
		}
		c.errorf(v.Expr.Range(), "Invalid keyword", "%q is not allowed here: the keywords are %s.%s", w, quoteList(words), hint)
	}
}

// quoteList returns words quoted and joined by commas and "or".
func quoteList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = fmt.Sprintf("%q", w)
	}
	return orList(q)
}

// orList joins words with commas and a final "or".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// requirement checks one entry of required_providers, as
// module.DecodeRequirement reads it: a version string, or an object
// whose configuration_aliases are references.
func (c *checker) requirement(expr hcl.Expression) {
	r := module.DecodeRequirement("", expr)
	if r.MapDiags.HasErrors() {
		_, diags := expr.Value(nil) // neither an object nor a version string
		c.add(diags)
		return
	}
	for _, it := range r.Items {
		if it.Key == "configuration_aliases" {
			c.aliases(it.Value)
		}
	}
}

// aliases checks a list of provider configuration references.
func (c *checker) aliases(expr hcl.Expression) {
	elems, diags := hcl.ExprList(expr)
	c.add(diags)
	for _, el := range elems {
		_, diags := hcl.AbsTraversalForExpr(el)
		c.add(diags)
	}
}

// template checks that a JSON value's strings are valid templates: it
// evaluates the value with every variable it names unknown and every
// function it calls returning an unknown value, so that only mistakes
// that no context can fix are reported (syntax errors, operations on
// values of the wrong type).
func (c *checker) template(expr hcl.Expression) {
	vars := c.vars.of(expr)
	calls, listed := c.vars.functions(expr)
	if len(vars) == 0 && !listed {
		return
	}
	ctx := c.ctx
	if ctx == nil {
		ctx = &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: map[string]function.Function{}}
	} else {
		clear(ctx.Variables)
		clear(ctx.Functions)
	}
	for _, t := range vars {
		ctx.Variables[t.RootName()] = cty.DynamicVal
	}
	for _, t := range calls {
		ctx.Functions[functionName(t)] = unknownFunc
	}
	_, diags := expr.Value(ctx)
	// The next template's context is this one, cleared, unless a
	// diagnostic holds it.
	c.ctx = nil
	if len(diags) == 0 {
		c.ctx = ctx
	}
	c.add(diags)
}

// functionName returns the name a function call traversal stands for:
// "upper", "provider::aws::arn_parse".
func functionName(t hcl.Traversal) string {
	var sb strings.Builder
	for i, step := range t {
		if i > 0 {
			sb.WriteString("::")
		}
		switch s := step.(type) {
		case hcl.TraverseRoot:
			sb.WriteString(s.Name)
		case hcl.TraverseAttr:
			sb.WriteString(s.Name)
		}
	}
	return sb.String()
}

// unknownFunc is unknownFunction(), shared: a function is a value that
// never changes.
var unknownFunc = unknownFunction()

// unknownFunction returns a function that takes any arguments and
// returns an unknown value.
func unknownFunction() function.Function {
	return function.New(&function.Spec{
		VarParam: &function.Parameter{Name: "args", Type: cty.DynamicPseudoType, AllowNull: true, AllowUnknown: true, AllowDynamicType: true, AllowMarked: true},
		Type:     function.StaticReturnType(cty.DynamicPseudoType),
		Impl: func([]cty.Value, cty.Type) (cty.Value, error) {
			return cty.DynamicVal, nil
		},
	})
}
