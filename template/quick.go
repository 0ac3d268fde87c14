package template

import (
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/customdecode"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/convert"
	"github.com/zclconf/go-cty/cty/function"

	"github.com/hcljson/hcljson/internal/ctystr"
	"github.com/hcljson/hcljson/internal/nesting"
)

// Quick evaluates the commonest templates straight from their text, with no
// lexer, parser or AST: a template that is one interpolation, and ASCII
// text (on one line or several) mixed with interpolations and if
// directives ("%{ if expr }...%{ else }...%{ endif }", nested or not,
// without strip markers), where each interpolation and condition is an
// expression of this grammar, spaces and tabs allowed between tokens, and newlines too but between the
// items of an object:
//
//	expr  = binary [ "?" expr ":" expr ]
//	binary = term ( op term )*          op: || && == != >= <= > < + - * / %, with hclsyntax's precedence
//	term  = ( "!" | "-" ) term                      a unary operator
//	      | "(" expr ")" steps
//	      | ident steps                             a reference
//	      | ident "(" [ expr ( "," expr )* [ "," ] ] ")" steps   a call
//	      | `"` template `"` | number | "true" | "false" | "null"
//	      | "[" [ expr ( "," expr )* [ "," ] ] "]"   a tuple
//	      | "{" [ key eq expr ( sep key eq expr )* [ sep ] ] "}"   an object; key: ident | `"` text `"`;
//	                                        eq: "=" or ":"; sep: "," or a newline, blank lines allowed between items
//	      | "[" for "]" | "{" for "}"              a for expression (forExpr): over a known collection, or
//	                                        one of unknown type, or unknown of a type that can be iterated
//	steps = step* [ ( "[*]" | ".*" ) ( "." ident )* ]   step: "." ident | "[" expr "]", written right after the term
//
// An ident is ASCII (letters, digits, "_" and "-"); a quoted text is
// printable ASCII and interpolations, where a backslash starts one of the
// escapes \n, \t, \r, \" and \\ and "%{" only "%%{"; a number is a decimal without
// leading zeros, with an optional fraction. Quick reports ok only when its
// value is certain to be what the parsed template's Value returns with no
// diagnostics: every variable and function is in ctx; every value a step,
// an index or a splat is taken from, and every operand and condition, is
// not null and not marked, and known, and has what the step names, except
// that an attribute of an unknown object or map, and any attribute or
// index of a value of unknown type (or with a key of unknown type), is
// unknown as hcl.GetAttr and hcl.Index make it (operators and conditionals
// take any operands: their value is that of hclsyntax's own node over the
// operands' values, when it reports nothing); an index is a number for a
// list or tuple, a string for a map or object; a splat's source is a
// non-empty list or tuple; a call has as many arguments as the function
// takes, each converts to its parameter's type (none asks for an
// expression), and the call succeeds, as does each operation; the results
// of a conditional have the same type; a key given twice in an object
// takes the last value, as ObjectConsExpr does; a
// directive's condition is a bool and both its branches evaluate; and each
// interpolation mixed with text (in the template or in a quoted template
// inside it) is a non-null, unmarked value that is unknown (outside
// directives: the text is then an unknown string, refined as TemplateExpr
// refines it) or a string, number or bool. This is
// the shape of most templates a validation sees, whose references are
// unknown. Otherwise (any other shape, any doubt) ok is false and the
// caller evaluates the parsed template, which gives the value or the
// diagnostics.
//
// Quick allocates little beyond the result. TestQuick and FuzzQuick check
// it against hclsyntax's parser and evaluator.
func Quick(s string, ctx *hcl.EvalContext) (val cty.Value, ok bool) {
	return quickValue(s, ctx, false)
}

// QuickBounded is Quick for a caller that bounds the cost of evaluation
// (package validate, through hcljson.ValueWith): it gives up on a for
// expression whose collection is known, whose cost grows with the
// collection's length (a nested one's with a power of it), so that the
// template is evaluated where that caller can charge it. A for expression
// over an unknown collection, which evaluates nothing after its colon, it
// still takes.
func QuickBounded(s string, ctx *hcl.EvalContext) (val cty.Value, ok bool) {
	return quickValue(s, ctx, true)
}

func quickValue(s string, ctx *hcl.EvalContext, bounded bool) (val cty.Value, ok bool) {
	if ctx == nil || len(s) < 4 || nesting.Suspect(s) {
		// A text that may nest too deep goes to Parse, which says so
		// (spec.md C20) even where Quick could compute the value.
		return cty.NilVal, false
	}
	q := quick{s: s, ctx: ctx, nl: true, bounded: bounded}
	if s[0] == '$' && s[1] == '{' {
		q.i = 2
		if v, ok := q.interpolation(); ok && q.i == len(s) {
			return v, true
		}
		q.i = 0
	}
	return q.parts()
}

// quick evaluates s from offset i on.
type quick struct {
	s     string
	i     int
	ctx   *hcl.EvalContext
	depth int
	// nl tells whether a newline is white space here, as it is in
	// hclsyntax's sequences, brackets and parentheses, and not between
	// the items of an object.
	nl bool
	// check is more than zero in the expressions of a for expression
	// that hclsyntax does not evaluate (see forExpr): they are read, but
	// their variables are unknown, their calls are not made, and their
	// operators, conditionals, tuples and objects are not evaluated
	// (each is cty.DynamicVal).
	check int
	// unknown tells whether an interpolation of the template (not inside
	// an if directive) was unknown; known is the length of the text
	// before the first such one.
	unknown bool
	known   int
	// bounded is QuickBounded's: no for expression over a known
	// collection.
	bounded bool
}

// quickMaxDepth bounds the nesting of calls and tuples Quick follows.
const quickMaxDepth = 8

func (q *quick) spaces() {
	for q.i < len(q.s) {
		switch c := q.s[q.i]; c {
		case ' ', '\t':
		case '\n':
			if !q.nl {
				return
			}
		case '\r':
			if !q.nl || q.i+1 >= len(q.s) || q.s[q.i+1] != '\n' {
				return
			}
		case '#', '/':
			// Comments: hclsyntax drops them, but for a line comment
			// where newlines end items (it ends with its newline, and
			// is one there: newline takes it).
			switch {
			case strings.HasPrefix(q.s[q.i:], "/*"):
				if !q.blockComment() {
					return
				}
			case c == '/' && !strings.HasPrefix(q.s[q.i:], "//"):
				return // an operator
			case !q.nl || !q.lineComment():
				return
			}
			continue
		default:
			return
		}
		q.i++
	}
}

// lineComment consumes a comment from "#" or "//" at q.i to the end of
// its line, the newline included, and reports whether it did: not when
// the text ends first (the comment would take what follows, "}"
// included) or the comment holds a CR that does not start its newline.
func (q *quick) lineComment() bool {
	rest := q.s[q.i:]
	j := strings.IndexByte(rest, '\n')
	if j < 0 {
		return false
	}
	if k := strings.IndexByte(rest[:j], '\r'); k >= 0 && k != j-1 {
		return false
	}
	q.i += j + 1
	return true
}

// blockComment consumes a comment from "/*" at q.i to the first "*/",
// and reports whether it did: not when there is none or the comment
// holds a CR.
func (q *quick) blockComment() bool {
	rest := q.s[q.i+2:]
	j := strings.Index(rest, "*/")
	if j < 0 || strings.IndexByte(rest[:j], '\r') >= 0 {
		return false
	}
	q.i += 2 + j + 2
	return true
}

// interpolation evaluates a term and the "}" that ends it.
func (q *quick) interpolation() (cty.Value, bool) {
	v, ok := q.expr()
	if !ok {
		return cty.NilVal, false
	}
	q.spaces()
	if q.i >= len(q.s) || q.s[q.i] != '}' {
		return cty.NilVal, false
	}
	q.i++
	return v, true
}

func (q *quick) term() (cty.Value, bool) {
	q.spaces()
	s := q.s
	if q.i >= len(s) {
		return cty.NilVal, false
	}
	switch c := s[q.i]; {
	case c == '!' || c == '-':
		// A unary operator, on the term after it (with its steps), as
		// hclsyntax reads it.
		if c == '!' && q.i+1 < len(s) && s[q.i+1] == '=' {
			return cty.NilVal, false
		}
		q.i++
		if q.depth++; q.depth > quickMaxDepth {
			return cty.NilVal, false
		}
		v, ok := q.term()
		q.depth--
		if !ok {
			return cty.NilVal, false
		}
		if q.check > 0 {
			return cty.DynamicVal, true // read, not evaluated
		}
		op := quickNegate
		if c == '!' {
			op = quickNot
		}
		return unaryOp(op, v)
	case c == '(':
		// Parentheses: the value of what they hold, across lines.
		q.i++
		if q.depth++; q.depth > quickMaxDepth {
			return cty.NilVal, false
		}
		nl := q.nl
		q.nl = true
		v, ok := q.expr()
		q.spaces()
		q.nl = nl
		q.depth--
		if !ok || q.i >= len(s) || s[q.i] != ')' {
			return cty.NilVal, false
		}
		q.i++
		return q.steps(v)
	case c == '"':
		return q.quoted()
	case isDigit(c):
		return q.number()
	case c == '[':
		return q.tuple()
	case c == '{':
		return q.object()
	case isLetter(c):
		end := identEnd(s, q.i)
		switch s[q.i:end] {
		case "true":
			q.i = end
			return cty.True, true
		case "false":
			q.i = end
			return cty.False, true
		case "null":
			q.i = end
			return cty.NullVal(cty.DynamicPseudoType), true
		}
		if end < len(s) && s[end] == '(' {
			v, ok := q.call(end)
			if !ok {
				return cty.NilVal, false
			}
			return q.steps(v)
		}
		return q.reference()
	}
	return cty.NilVal, false
}

// quickOp is an operator of hclsyntax with the types of its parameters,
// read once: Operation.Impl.Params copies them at every call.
type quickOp struct {
	impl  function.Function
	types [2]cty.Type // the second is cty.NilType for a unary operator
}

// newQuickOp is op as a quickOp.
func newQuickOp(op *hclsyntax.Operation) *quickOp {
	q := &quickOp{impl: op.Impl}
	for i, p := range op.Impl.Params() {
		q.types[i] = p.Type
	}
	return q
}

// The unary operators Quick reads.
var (
	quickNegate = newQuickOp(hclsyntax.OpNegate)
	quickNot    = newQuickOp(hclsyntax.OpLogicalNot)
)

// The binary operators Quick reads, by precedence, lowest first, as
// hclsyntax groups them.
var quickOps = [][]struct {
	tok string
	op  *quickOp
}{
	{{"||", newQuickOp(hclsyntax.OpLogicalOr)}},
	{{"&&", newQuickOp(hclsyntax.OpLogicalAnd)}},
	{{"==", newQuickOp(hclsyntax.OpEqual)}, {"!=", newQuickOp(hclsyntax.OpNotEqual)}},
	{{">=", newQuickOp(hclsyntax.OpGreaterThanOrEqual)}, {"<=", newQuickOp(hclsyntax.OpLessThanOrEqual)}, {">", newQuickOp(hclsyntax.OpGreaterThan)}, {"<", newQuickOp(hclsyntax.OpLessThan)}},
	{{"+", newQuickOp(hclsyntax.OpAdd)}, {"-", newQuickOp(hclsyntax.OpSubtract)}},
	{{"*", newQuickOp(hclsyntax.OpMultiply)}, {"/", newQuickOp(hclsyntax.OpDivide)}, {"%", newQuickOp(hclsyntax.OpModulo)}},
}

// opStart tells the bytes a binary operator of quickOps starts with.
var opStart = func() (t [256]bool) {
	for _, level := range quickOps {
		for _, o := range level {
			t[o.tok[0]] = true
		}
	}
	return t
}()

// opLevel is the precedence level of the binary operators that start with
// each byte (the levels have no first byte in common), -1 for a byte none
// starts with.
var opLevel = func() (t [256]int) {
	for i := range t {
		t[i] = -1
	}
	for level, ops := range quickOps {
		for _, o := range ops {
			if t[o.tok[0]] >= 0 && t[o.tok[0]] != level {
				panic("template: operators of two levels start with " + o.tok[:1])
			}
			t[o.tok[0]] = level
		}
	}
	return t
}()

// expr evaluates a conditional, or a binary expression.
func (q *quick) expr() (cty.Value, bool) {
	cond, ok := q.binary(0)
	if !ok {
		return cty.NilVal, false
	}
	q.spaces()
	if q.i >= len(q.s) || q.s[q.i] != '?' {
		return cond, true
	}
	q.i++
	if q.depth++; q.depth > quickMaxDepth {
		return cty.NilVal, false
	}
	defer func() { q.depth-- }()
	t, ok := q.expr()
	if !ok {
		return cty.NilVal, false
	}
	q.spaces()
	if q.i >= len(q.s) || q.s[q.i] != ':' {
		return cty.NilVal, false
	}
	q.i++
	f, ok := q.expr()
	if !ok {
		return cty.NilVal, false
	}
	if q.check > 0 {
		return cty.DynamicVal, true // read, not evaluated
	}
	// hclsyntax's ConditionalExpr, when the condition is a known bool and
	// the results are not marked and have the same type (the chosen one as
	// it is), or one is the null keyword (converted to the other's type);
	// in any other case (an unknown condition, results of other types,
	// marks) the node itself, over the values.
	if cond.Type() != cty.Bool || cond.IsNull() || !cond.IsKnown() || cond.IsMarked() || t.IsMarked() || f.IsMarked() {
		return conditionalNode(cond, t, f)
	}
	untypedNull := cty.NullVal(cty.DynamicPseudoType)
	switch {
	case t.RawEquals(untypedNull) && f.RawEquals(untypedNull):
		return cty.NilVal, false
	case t.RawEquals(untypedNull):
		t = cty.NullVal(f.Type())
	case f.RawEquals(untypedNull):
		f = cty.NullVal(t.Type())
	case !t.Type().Equals(f.Type()) || t.Type() == cty.DynamicPseudoType:
		return conditionalNode(cond, t, f)
	}
	if cond.True() {
		return t, true
	}
	return f, true
}

// binary evaluates a term and the operators of precedence level and
// above after it, left to right, as hclsyntax's BinaryOpExpr does when it
// succeeds: each operator takes as its right operand a term and the
// operators of higher precedence after it (precedence climbing, which
// groups as hclsyntax's one function per level does, with one look at
// the operator after each term).
func (q *quick) binary(level int) (cty.Value, bool) {
	lhs, ok := q.term()
	for ok {
		q.spaces()
		if q.i >= len(q.s) {
			return lhs, true
		}
		at := opLevel[q.s[q.i]]
		if at < level {
			return lhs, true // none, or one of lower precedence: the caller's
		}
		op := q.operator(at)
		if op == nil {
			return lhs, true
		}
		var rhs cty.Value
		if rhs, ok = q.binary(at + 1); !ok {
			return cty.NilVal, false
		}
		if q.check > 0 {
			lhs = cty.DynamicVal // read, not evaluated
			continue
		}
		lhs, ok = binaryOp(op, lhs, rhs)
	}
	return cty.NilVal, false
}

// conditionalNode evaluates hclsyntax's ConditionalExpr over literals of
// the values Quick computed: the node's own rules (types, unknowns,
// refinements, marks) apply, without a parse. It reports false on any
// diagnostic.
func conditionalNode(cond, t, f cty.Value) (cty.Value, bool) {
	lit := func(v cty.Value) hclsyntax.Expression { return &hclsyntax.LiteralValueExpr{Val: v} }
	v, diags := (&hclsyntax.ConditionalExpr{Condition: lit(cond), TrueResult: lit(t), FalseResult: lit(f)}).Value(nil)
	if len(diags) > 0 {
		return cty.NilVal, false
	}
	return v, true
}

// operator consumes an operator of precedence level at q.i, if there is
// one there.
func (q *quick) operator(level int) *quickOp {
	if q.i >= len(q.s) || !opStart[q.s[q.i]] {
		return nil // no operator starts here: the common case, at every level
	}
	rest := q.s[q.i:]
	for _, o := range quickOps[level] {
		if !strings.HasPrefix(rest, o.tok) {
			continue
		}
		if len(rest) > len(o.tok) {
			// "<" is not "<=", "=" is not "==", "%" is not "%{", "*" is
			// not "*/" and so on: leave anything longer to hclsyntax.
			switch rest[len(o.tok)] {
			case '=', '{', '/', '*', '>', '<', '&', '|', '!':
				return nil
			}
		}
		q.i += len(o.tok)
		return o.op
	}
	return nil
}

// binaryOp applies op as hclsyntax's BinaryOpExpr does when it succeeds:
// each operand converted to the operator's parameter type, then the
// operator's function called on both, whatever the values are (null,
// unknown, marked: the function's own rules apply). Where the node would
// report a diagnostic (an operand that does not convert, a call that
// fails), it reports false.
func binaryOp(op *quickOp, lhs, rhs cty.Value) (cty.Value, bool) {
	l, err := convert.Convert(lhs, op.types[0])
	if err != nil {
		return cty.NilVal, false
	}
	r, err := convert.Convert(rhs, op.types[1])
	if err != nil {
		return cty.NilVal, false
	}
	v, err := op.impl.Call([]cty.Value{l, r})
	return v, err == nil
}

// unaryOp applies op as hclsyntax's UnaryOpExpr does when it succeeds, in
// the same way as binaryOp.
func unaryOp(op *quickOp, v cty.Value) (cty.Value, bool) {
	v, err := convert.Convert(v, op.types[0])
	if err != nil {
		return cty.NilVal, false
	}
	v, err = op.impl.Call([]cty.Value{v})
	return v, err == nil
}

// object reads "{" key "=" expr, ... "}", as hclsyntax's ObjectConsExpr
// evaluates it when its keys are names or quoted texts, each once.
func (q *quick) object() (cty.Value, bool) {
	if q.depth++; q.depth > quickMaxDepth {
		return cty.NilVal, false
	}
	nl := q.nl
	q.nl = false // a newline ends an item
	defer func() { q.depth--; q.nl = nl }()
	s := q.s
	q.i++
	if q.forNext() {
		return q.forExpr('}')
	}
	attrs := map[string]cty.Value{}
	unknown := false // a key was unknown
	for {
		q.spaces()
		if q.newline() {
			continue // blank lines between items
		}
		if q.i >= len(s) {
			return cty.NilVal, false
		}
		if s[q.i] == '}' {
			q.i++
			if unknown || q.check > 0 {
				return cty.DynamicVal, true
			}
			return cty.ObjectVal(attrs), true
		}
		key, known, ok := q.objectKey()
		if !ok {
			return cty.NilVal, false
		}
		q.spaces()
		if !q.keyEnds() {
			return cty.NilVal, false
		}
		q.i++
		v, ok := q.expr()
		if !ok {
			return cty.NilVal, false
		}
		if known {
			attrs[key] = v
		} else {
			unknown = true
		}
		q.spaces()
		switch {
		case q.i < len(s) && s[q.i] == ',':
			q.i++
		case q.newline(): // a newline ends an item as a comma does
		case q.i >= len(s) || s[q.i] != '}':
			return cty.NilVal, false
		}
	}
}

// objectKey reads the key of an object's item, as ObjectConsExpr
// evaluates it: a name or a quoted text without interpolations alone is
// the key as written; a reference of several steps alone is an error in
// hclsyntax, left to it; any other expression ("(local.name)", a
// conditional, a template) is evaluated, and its value, not null, not
// marked, converted to a string, is the key (known reports whether it
// is known: an unknown key makes the whole object unknown).
func (q *quick) objectKey() (key string, known, ok bool) {
	s := q.s
	start := q.i
	switch c := s[q.i]; {
	case isLetter(c):
		end := identEnd(s, q.i)
		q.i = end
		if q.keyNext() {
			return s[start:end], true, true
		}
		if end < len(s) && (s[end] == '.' || s[end] == '[') {
			// A reference alone: "Ambiguous attribute key".
			q.i = start
			q.check++
			_, ok := q.reference()
			q.check--
			if ok && q.keyNext() {
				return "", false, false
			}
		}
	case c == '"':
		k, ok := q.quoted()
		if ok && k.Type() == cty.String && k.IsKnown() && !strings.Contains(s[start:q.i], "${") && q.keyNext() {
			return k.AsString(), true, true
		}
	}
	q.i = start
	v, ok := q.expr()
	if !ok || v.IsMarked() || v.IsNull() {
		return "", false, false
	}
	v, err := convert.Convert(v, cty.String)
	if err != nil {
		return "", false, false
	}
	if !v.IsKnown() {
		return "", false, true
	}
	return v.AsString(), true, true
}

// keyNext reports whether the "=" or ":" that ends an object's key comes
// next, after white space.
func (q *quick) keyNext() bool {
	i := q.i
	q.spaces()
	ok := q.keyEnds()
	q.i = i
	return ok
}

// keyEnds reports whether the "=" or ":" that ends an object's key is at
// q.i: hclsyntax allows both ("==" and "::" are something else).
func (q *quick) keyEnds() bool {
	s := q.s
	return q.i < len(s) && (s[q.i] == '=' || s[q.i] == ':') && (q.i+1 >= len(s) || s[q.i+1] != s[q.i])
}

// quoted reads a quoted template: printable ASCII text, escapes ("$${"
// and the backslash escapes of one ASCII byte: \n, \t, \r, \" and \\)
// and interpolations, as hclsyntax evaluates it in an expression: one
// interpolation alone ("${x}") yields its value unconverted, as a
// TemplateWrapExpr does; anything else a string.
func (q *quick) quoted() (cty.Value, bool) {
	s := q.s
	q.i++ // the opening quote
	start := q.i
	// b holds the value's text before offset pending; the text from
	// pending to q.i is literal, not yet copied: a quoted text without
	// interpolations or escapes, the commonest, is never copied.
	var b strings.Builder
	pending := start
	templated := false
	// unknown tells whether an interpolation was unknown; known is the
	// length of the text before the first such one (what follows it is
	// not kept: only that prefix is the value's).
	unknown, known := false, 0
	for q.i < len(s) {
		switch c := s[q.i]; {
		case c == '"':
			if !templated {
				q.i++
				return ctystr.Val(s[start : q.i-1]), true
			}
			if !unknown {
				b.WriteString(s[pending:q.i])
			}
			q.i++
			if unknown {
				return unknownString(b.String()[:known]), true
			}
			return ctystr.Val(b.String()), true
		case c == '$' && q.i+1 < len(s) && s[q.i+1] == '{':
			at := q.i
			if !unknown {
				b.WriteString(s[pending:at])
			}
			q.i += 2
			if q.depth++; q.depth > quickMaxDepth {
				return cty.NilVal, false
			}
			v, ok := q.interpolation()
			q.depth--
			if !ok {
				return cty.NilVal, false
			}
			pending = q.i
			if at == start && q.i < len(s) && s[q.i] == '"' {
				q.i++
				return v, true
			}
			templated = true
			if !v.IsKnown() && !v.IsMarked() {
				// As in parts: an unknown part, of any type, makes
				// the string unknown.
				if !unknown {
					unknown, known = true, b.Len()
				}
				continue
			}
			str, ok := partString(v)
			if !ok {
				return cty.NilVal, false
			}
			if !unknown {
				b.WriteString(str)
			}
		case (c == '$' || c == '%') && q.i+2 < len(s) && s[q.i+1] == c && s[q.i+2] == '{':
			if !unknown {
				b.WriteString(s[pending:q.i])
				b.WriteByte(c) // "$${" is "${"
			}
			q.i += 2
			pending = q.i
			templated = true
		case c == '%' && q.i+1 < len(s) && s[q.i+1] == '{':
			return cty.NilVal, false // a directive
		case c == '\\':
			// The escapes of one ASCII byte; \u and \U (and anything
			// else, an error) are left to hclsyntax.
			if q.i+1 >= len(s) {
				return cty.NilVal, false
			}
			e := escapes[s[q.i+1]]
			if e == 0 {
				return cty.NilVal, false
			}
			if !unknown {
				b.WriteString(s[pending:q.i])
				b.WriteByte(e)
			}
			q.i += 2
			pending = q.i
			templated = true
		case c < ' ' || c > '~':
			return cty.NilVal, false
		default:
			q.i++
		}
	}
	return cty.NilVal, false
}

// escapes are the bytes that the escapes of a quoted template stand for,
// by the byte after the backslash, as hclsyntax reads them; 0 for the
// others.
var escapes = [256]byte{'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\'}

// number reads a decimal number.
func (q *quick) number() (cty.Value, bool) {
	s := q.s
	j := q.i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	if s[q.i] == '0' && j > q.i+1 {
		return cty.NilVal, false // a leading zero
	}
	if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
		j += 2
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	if j < len(s) && (isLetter(s[j]) || s[j] == '.' || isDigit(s[j])) {
		return cty.NilVal, false // an exponent, or something else
	}
	tok := s[q.i:j]
	q.i = j
	if len(tok) == 1 {
		return smallIndexes[tok[0]-'0'], true
	}
	v, err := cty.ParseNumberVal(tok)
	return v, err == nil
}

// list reads terms separated by commas up to the closing byte, which it
// consumes.
func (q *quick) list(closing byte, buf []cty.Value) ([]cty.Value, bool) {
	if q.depth++; q.depth > quickMaxDepth {
		return nil, false
	}
	nl := q.nl
	q.nl = true
	defer func() { q.depth--; q.nl = nl }()
	q.spaces()
	if q.i < len(q.s) && q.s[q.i] == closing {
		q.i++
		return buf, true
	}
	for {
		v, ok := q.expr()
		if !ok {
			return nil, false
		}
		buf = append(buf, v)
		q.spaces()
		if q.i >= len(q.s) {
			return nil, false
		}
		switch q.s[q.i] {
		case ',':
			// A comma may end the list, as hclsyntax allows in calls
			// and tuples alike.
			q.i++
			q.spaces()
			if q.i < len(q.s) && q.s[q.i] == closing {
				q.i++
				return buf, true
			}
		case closing:
			q.i++
			return buf, true
		default:
			return nil, false
		}
	}
}

// newline consumes a newline ("\n" or "\r\n") at q.i, if there is one
// there.
func (q *quick) newline() bool {
	switch rest := q.s[q.i:]; {
	case strings.HasPrefix(rest, "\n"):
		q.i++
	case strings.HasPrefix(rest, "\r\n"):
		q.i += 2
	case strings.HasPrefix(rest, "#") || strings.HasPrefix(rest, "//"):
		return q.lineComment() // a line comment ends with its newline
	default:
		return false
	}
	return true
}

// forNext reports whether the next token, after white space (newlines
// included), is the keyword for: hclsyntax reads a bracket or brace it
// follows as a for expression, whatever comes next, where Quick would read
// a reference or an object key.
func (q *quick) forNext() bool {
	i, nl := q.i, q.nl
	q.nl = true // hclsyntax looks for it with newlines and comments dropped
	q.spaces()
	j := q.i
	q.i, q.nl = i, nl
	return identEnd(q.s, j) == j+3 && q.s[j:j+3] == "for"
}

// forExpr reads a for expression, from the keyword for on, up to closing
// ("]" for a tuple, "}" for an object), which it consumes:
//
//	"for" ident [ "," ident ] "in" expr ":" expr [ "=>" expr [ "..." ] ] [ "if" expr ]
//
// the key ("=>") and the grouping ("...") only in an object. It evaluates
// what hclsyntax's ForExpr evaluates, in its order. When the collection is
// of unknown type (not null, not marked), or unknown of a type that can be
// iterated, that is the collection alone, the result being cty.DynamicVal.
// The expressions after the colon are first read in check mode (q.check):
// their syntax is Quick's, but no variable is looked up (each is an
// unknown of unknown type) and no function is called, so that nothing is
// evaluated that hclsyntax would not evaluate. When the collection is
// known, not null and not marked, and can be iterated (a list, set, map,
// tuple or object), they are then evaluated from where that reading found
// them, as ForExpr evaluates them (see forKnown). Any other collection is
// left to hclsyntax.
func (q *quick) forExpr(closing byte) (cty.Value, bool) {
	if q.depth++; q.depth > quickMaxDepth {
		return cty.NilVal, false
	}
	nl := q.nl
	q.nl = true // newlines are white space in the whole expression
	defer func() { q.depth--; q.nl = nl }()
	s := q.s
	q.spaces()
	q.i += len("for")
	q.spaces()
	var f forParts
	nameStart := q.i
	if !q.ident() {
		return cty.NilVal, false
	}
	f.valVar = s[nameStart:q.i]
	q.spaces()
	if q.i < len(s) && s[q.i] == ',' {
		q.i++
		q.spaces()
		nameStart = q.i
		if !q.ident() {
			return cty.NilVal, false
		}
		f.keyVar, f.valVar = f.valVar, s[nameStart:q.i]
		q.spaces()
	}
	if !q.keyword("in") {
		return cty.NilVal, false
	}
	coll, ok := q.expr()
	q.spaces()
	if !ok || q.i >= len(s) || s[q.i] != ':' || strings.HasPrefix(s[q.i:], "::") {
		return cty.NilVal, false
	}
	q.i++
	q.check++
	defer func() { q.check-- }()
	f.first = q.i
	if _, ok := q.expr(); !ok {
		return cty.NilVal, false
	}
	f.firstEnd = q.i
	q.spaces()
	f.second, f.cond = -1, -1
	if closing == '}' {
		if !strings.HasPrefix(s[q.i:], "=>") {
			return cty.NilVal, false // no key: an error
		}
		q.i += len("=>")
		f.second = q.i
		if _, ok := q.expr(); !ok {
			return cty.NilVal, false
		}
		f.secondEnd = q.i
		q.spaces()
		if strings.HasPrefix(s[q.i:], "...") {
			q.i += len("...")
			f.group = true
			q.spaces()
		}
	}
	if q.keyword("if") {
		f.cond = q.i
		if _, ok := q.expr(); !ok {
			return cty.NilVal, false
		}
		f.condEnd = q.i
		q.spaces()
	}
	if q.i >= len(s) || s[q.i] != closing {
		return cty.NilVal, false
	}
	q.i++
	if q.check > 1 {
		return cty.DynamicVal, true // read, not evaluated
	}
	if coll.IsMarked() || coll.IsNull() {
		return cty.NilVal, false
	}
	if coll.Type() == cty.DynamicPseudoType || !coll.IsKnown() && coll.CanIterateElements() {
		return cty.DynamicVal, true
	}
	if !coll.IsKnown() || !coll.CanIterateElements() || q.bounded {
		return cty.NilVal, false
	}
	end := q.i
	q.check--
	v, ok := q.forKnown(&f, coll, closing == '}')
	q.check++
	q.i = end
	return v, ok
}

// forParts is where forExpr found the parts of a for expression: the
// names, and the offsets at which the first expression after the colon
// (the value of a tuple, the key of an object), the second (an object's
// value) and the condition start and end; -1 for those it has not.
type forParts struct {
	keyVar, valVar    string
	first, firstEnd   int
	second, secondEnd int
	cond, condEnd     int
	group             bool
}

// forEval evaluates the expression of f from start to end in ctx, with
// newlines as white space, and reports false unless Quick evaluates it and
// reads it to end, as forExpr read it.
func (q *quick) forEval(ctx *hcl.EvalContext, start, end int) (cty.Value, bool) {
	outer := q.ctx
	q.ctx, q.i = ctx, start
	v, ok := q.expr()
	q.ctx = outer
	if !ok || q.i != end {
		return cty.NilVal, false
	}
	return v, true
}

// forKnown evaluates the for expression f over coll, a known collection,
// not null and not marked, as ForExpr does when it reports nothing: the
// condition first, once with both names unknown (cty.DynamicVal), then
// for each element in a child context of q.ctx that holds its key and
// value, the condition, then the key and the value of an object (or the
// value of a tuple). Where ForExpr would report a diagnostic (a condition
// or key that is null or does not convert, a key given twice without
// "..."), or any part is marked, Quick gives up; an unknown condition, or
// key, makes the result cty.DynamicVal, as it does there.
func (q *quick) forKnown(f *forParts, coll cty.Value, object bool) (cty.Value, bool) {
	child := func(k, v cty.Value) *hcl.EvalContext {
		c := q.ctx.NewChild()
		c.Variables = map[string]cty.Value{}
		if f.keyVar != "" {
			c.Variables[f.keyVar] = k
		}
		c.Variables[f.valVar] = v
		return c
	}
	if f.cond >= 0 {
		r, ok := q.forEval(child(cty.DynamicVal, cty.DynamicVal), f.cond, f.condEnd)
		if !ok || r.IsNull() {
			return cty.NilVal, false
		}
		if _, err := convert.Convert(r, cty.Bool); err != nil {
			return cty.NilVal, false
		}
	}
	known := true
	// skip evaluates the condition, if there is one, for an element:
	// whether to leave the element out (an unknown condition leaves it
	// out and makes the result unknown); ok false when Quick gives up.
	skip := func(ctx *hcl.EvalContext) (skip, ok bool) {
		if f.cond < 0 {
			return false, true
		}
		raw, ok := q.forEval(ctx, f.cond, f.condEnd)
		if !ok || raw.IsNull() || raw.IsMarked() {
			return false, false
		}
		if !object && !raw.IsKnown() {
			known = false
			return true, true
		}
		b, err := convert.Convert(raw, cty.Bool)
		if err != nil {
			return false, false
		}
		if !b.IsKnown() {
			known = false
			return true, true
		}
		return b.False(), true
	}
	if !object {
		vals := []cty.Value{}
		for it := coll.ElementIterator(); it.Next(); {
			ctx := child(it.Element())
			leave, ok := skip(ctx)
			if !ok {
				return cty.NilVal, false
			}
			if leave {
				continue
			}
			v, ok := q.forEval(ctx, f.first, f.firstEnd)
			if !ok {
				return cty.NilVal, false
			}
			vals = append(vals, v)
		}
		if !known {
			return cty.DynamicVal, true
		}
		return cty.TupleVal(vals), true
	}
	var vals map[string]cty.Value
	var groups map[string][]cty.Value
	if f.group {
		groups = map[string][]cty.Value{}
	} else {
		vals = map[string]cty.Value{}
	}
	for it := coll.ElementIterator(); it.Next(); {
		ctx := child(it.Element())
		leave, ok := skip(ctx)
		if !ok {
			return cty.NilVal, false
		}
		if leave {
			continue
		}
		raw, ok := q.forEval(ctx, f.first, f.firstEnd)
		if !ok || raw.IsNull() || raw.IsMarked() {
			return cty.NilVal, false
		}
		if !raw.IsKnown() {
			known = false
			continue
		}
		key, err := convert.Convert(raw, cty.String)
		if err != nil {
			return cty.NilVal, false
		}
		v, ok := q.forEval(ctx, f.second, f.secondEnd)
		if !ok {
			return cty.NilVal, false
		}
		k := key.AsString()
		if f.group {
			groups[k] = append(groups[k], v)
			continue
		}
		if _, dup := vals[k]; dup {
			return cty.NilVal, false
		}
		vals[k] = v
	}
	if !known {
		return cty.DynamicVal, true
	}
	if f.group {
		vals = map[string]cty.Value{}
		for k, vs := range groups {
			vals[k] = cty.TupleVal(vs)
		}
	}
	return cty.ObjectVal(vals), true
}

// ident consumes a name at q.i, if there is one there.
func (q *quick) ident() bool {
	if q.i >= len(q.s) || !isLetter(q.s[q.i]) {
		return false
	}
	q.i = identEnd(q.s, q.i)
	return true
}

// keyword consumes the name kw at q.i, and the white space after it, if
// it is there (as a whole name).
func (q *quick) keyword(kw string) bool {
	if end := identEnd(q.s, q.i); q.s[q.i:end] != kw {
		return false
	}
	q.i += len(kw)
	q.spaces()
	return true
}

// tuple reads "[" terms "]", as hclsyntax's TupleConsExpr evaluates it.
func (q *quick) tuple() (cty.Value, bool) {
	q.i++
	if q.forNext() {
		return q.forExpr(']')
	}
	var buf [4]cty.Value
	vals, ok := q.list(']', buf[:0])
	if !ok {
		return cty.NilVal, false
	}
	if q.check > 0 {
		return cty.DynamicVal, true // read, not evaluated
	}
	if len(vals) == 0 {
		return cty.EmptyTupleVal, true
	}
	return cty.TupleVal(append([]cty.Value(nil), vals...)), true
}

// call evaluates a function call whose name ends at nameEnd, as
// hclsyntax's FunctionCallExpr does when it succeeds.
func (q *quick) call(nameEnd int) (cty.Value, bool) {
	name := q.s[q.i:nameEnd]
	q.i = nameEnd + 1
	var buf [4]cty.Value
	args, ok := q.list(')', buf[:0])
	if !ok {
		return cty.NilVal, false
	}
	if q.check > 0 {
		return cty.DynamicVal, true // read, not called
	}
	for c := q.ctx; c != nil; c = c.Parent() {
		if c.Functions == nil {
			continue
		}
		f, exists := c.Functions[name]
		if !exists {
			continue
		}
		params := f.Params()
		varParam := f.VarParam()
		if len(args) < len(params) || varParam == nil && len(args) > len(params) {
			return cty.NilVal, false
		}
		for i, arg := range args {
			param := varParam
			if i < len(params) {
				param = &params[i]
			}
			if param.Type == cty.DynamicPseudoType {
				continue // convert.Convert returns any value as it is for this type
			}
			if customdecode.CustomExpressionDecoderForType(param.Type) != nil {
				return cty.NilVal, false
			}
			v, err := convert.Convert(arg, param.Type)
			if err != nil {
				return cty.NilVal, false
			}
			args[i] = v
		}
		v, err := f.Call(args)
		return v, err == nil
	}
	return cty.NilVal, false
}

// reference evaluates a variable and the steps after it: attributes,
// indexes (literal or computed) and a splat, as hclsyntax's traversal,
// index and splat expressions do when they succeed.
func (q *quick) reference() (cty.Value, bool) {
	s := q.s
	rootEnd := identEnd(s, q.i)
	val, ok := lookup(q.ctx, s[q.i:rootEnd])
	if q.check > 0 {
		val, ok = cty.DynamicVal, true // read, not looked up
	}
	if !ok {
		return cty.NilVal, false
	}
	q.i = rootEnd
	return q.steps(val)
}

// steps applies the attribute, index and splat steps written right after
// a term (a variable, a call, parentheses) to its value val: hclsyntax
// reads them as the traversal of a ScopeTraversalExpr after a variable,
// and as a RelativeTraversalExpr or an IndexExpr after any other term,
// and all of them take each step with hcl.GetAttr and hcl.Index.
func (q *quick) steps(val cty.Value) (cty.Value, bool) {
	s := q.s
	ok := true
	for ok && q.i < len(s) {
		switch {
		case strings.HasPrefix(s[q.i:], "..."):
			return val, true // an ellipsis, not a step
		case strings.HasPrefix(s[q.i:], ".*"):
			return q.splat(val, len(".*")) // the attribute-only splat
		case s[q.i] == '.':
			next := identEnd(s, q.i+1)
			if next == q.i+1 {
				return cty.NilVal, false // a legacy index (".0")
			}
			val, ok = getAttr(val, s[q.i+1:next])
			q.i = next
		case strings.HasPrefix(s[q.i:], "[*]"):
			return q.splat(val, len("[*]"))
		case s[q.i] == '[':
			q.i++
			if q.depth++; q.depth > quickMaxDepth {
				return cty.NilVal, false
			}
			var key cty.Value
			key, ok = q.expr()
			q.depth--
			q.spaces()
			if !ok || q.i >= len(s) || s[q.i] != ']' {
				return cty.NilVal, false
			}
			q.i++
			val, ok = index(val, key)
		default:
			return val, true
		}
	}
	return val, ok
}

// getAttr is hcl.GetAttr when it succeeds on a non-null, unmarked object
// or map, known or not, or on a value of unknown type.
func getAttr(val cty.Value, name string) (cty.Value, bool) {
	if val.IsNull() || val.IsMarked() {
		return cty.NilVal, false
	}
	switch ty := val.Type(); {
	case ty.IsObjectType():
		if !ty.HasAttribute(name) {
			return cty.NilVal, false
		}
		if !val.IsKnown() {
			return cty.UnknownVal(ty.AttributeType(name)), true
		}
		return val.GetAttr(name), true
	case ty.IsMapType():
		if !val.IsKnown() {
			return cty.UnknownVal(ty.ElementType()), true
		}
		if key := cty.StringVal(name); val.HasIndex(key).True() {
			return val.Index(key), true
		}
	case ty == cty.DynamicPseudoType:
		// Not null, so unknown: any attribute of it is.
		return cty.DynamicVal, true
	}
	return cty.NilVal, false
}

// index is hcl.Index when it succeeds on a known, non-null, unmarked list
// or tuple with a number, or map or object with a string, that it holds,
// or when the collection or the key, neither null nor marked, is of
// unknown type (the result is then unknown too), or is unknown (hcl.Index
// itself then).
func index(val, key cty.Value) (cty.Value, bool) {
	if val.IsNull() || val.IsMarked() || key.IsNull() || key.IsMarked() {
		return cty.NilVal, false
	}
	if val.Type() == cty.DynamicPseudoType || key.Type() == cty.DynamicPseudoType {
		return cty.DynamicVal, true
	}
	if !val.IsKnown() || !key.IsKnown() {
		// An unknown collection of a known type, or an unknown key: what
		// hcl.Index makes of them (the element type's unknown, or an
		// error), which IndexExpr and TraverseIndex give as it is.
		v, diags := hcl.Index(val, key, nil)
		return v, len(diags) == 0
	}
	switch ty := val.Type(); {
	case (ty.IsListType() || ty.IsTupleType()) && key.Type() == cty.Number,
		ty.IsMapType() && key.Type() == cty.String:
		if val.HasIndex(key).True() {
			return val.Index(key), true
		}
	case ty.IsObjectType() && key.Type() == cty.String:
		return getAttr(val, key.AsString())
	}
	return cty.NilVal, false
}

// splat applies the ".attr" steps after the splat's marker ("[*]", or
// ".*" for the attribute-only splat, marker bytes at q.i) to each element
// of source, as hclsyntax's SplatExpr does when it succeeds. Both splats
// are that node with those steps; other steps after them (which the full
// splat would take, and the attribute-only one leave to its result) are
// left to hclsyntax.
func (q *quick) splat(source cty.Value, marker int) (cty.Value, bool) {
	s := q.s
	q.i += marker
	start := q.i
	for q.i < len(s) && s[q.i] == '.' {
		next := identEnd(s, q.i+1)
		if next == q.i+1 {
			return cty.NilVal, false
		}
		q.i = next
	}
	if q.i < len(s) && (s[q.i] == '[' || s[q.i] == '.') {
		return cty.NilVal, false
	}
	ty := source.Type()
	if ty == cty.DynamicPseudoType && !source.IsNull() && !source.IsMarked() {
		// SplatExpr defers all of a source of unknown type.
		return cty.DynamicVal, true
	}
	if source.IsNull() || !source.IsKnown() || source.IsMarked() || !ty.IsListType() && !ty.IsTupleType() || source.LengthInt() == 0 {
		return cty.NilVal, false
	}
	vals := make([]cty.Value, 0, source.LengthInt())
	for it := source.ElementIterator(); it.Next(); {
		_, v := it.Element()
		for i := start; i < q.i; {
			next := identEnd(s, i+1)
			if v.IsNull() || !v.IsKnown() || v.IsMarked() || !v.Type().IsObjectType() || !v.Type().HasAttribute(s[i+1:next]) {
				return cty.NilVal, false
			}
			v = v.GetAttr(s[i+1 : next])
			i = next
		}
		vals = append(vals, v)
	}
	if ty.IsListType() {
		if !cty.CanListVal(vals) {
			return cty.NilVal, false
		}
		return cty.ListVal(vals), true
	}
	return cty.TupleVal(vals), true
}

// lookup finds the variable name in ctx or its parents, as TraverseAbs does.
func lookup(ctx *hcl.EvalContext, name string) (cty.Value, bool) {
	for c := ctx; c != nil; c = c.Parent() {
		if c.Variables == nil {
			continue
		}
		if v, ok := c.Variables[name]; ok {
			return v, true
		}
	}
	return cty.NilVal, false
}

// parts evaluates ASCII text mixed with interpolations and if directives,
// as hclsyntax's TemplateExpr does when it succeeds.
func (q *quick) parts() (cty.Value, bool) {
	var b strings.Builder
	// A text without interpolations or directives is text and escapes
	// ("home/$${aws:username}/*"): its value is the text unescaped.
	end, _, ok := q.segment(&b, false)
	if !ok || end != "" {
		return cty.NilVal, false
	}
	if q.unknown {
		return unknownString(b.String()[:q.known]), true
	}
	return ctystr.Val(b.String()), true
}

// unknownString is what TemplateExpr gives for a template with an unknown
// part and no diagnostics: an unknown string, refined with prefix, the
// text before the first unknown part (at most 128 bytes of it), never
// null.
func unknownString(prefix string) cty.Value {
	v := cty.UnknownVal(cty.String)
	if prefix != "" {
		v = v.Refine().StringPrefix(prefix[:min(len(prefix), 128)]).NewValue()
	}
	return v.RefineNotNull()
}

// segment appends to b the text from q.i to the end of the template, or
// (inIf) to the "else" or "endif" directive that ends an if directive's
// branch, which it returns. templated tells whether there was an
// interpolation or a directive.
func (q *quick) segment(b *strings.Builder, inIf bool) (end string, templated, ok bool) {
	s := q.s
	for n := len(s); q.i < n; {
		c := s[q.i]
		switch {
		case c == '$' && q.i+1 < n && s[q.i+1] == '{':
			q.i += 2
			v, ok := q.interpolation()
			if !ok {
				return "", false, false
			}
			if !inIf && !v.IsKnown() && !v.IsMarked() {
				// An unknown part, of any type, makes the whole unknown;
				// the text before the first one is its known prefix.
				if !q.unknown {
					q.unknown, q.known = true, b.Len()
				}
				templated = true
				continue
			}
			str, ok := partString(v)
			if !ok {
				return "", false, false
			}
			q.write(b, str)
			templated = true
		case c == '%' && q.i+1 < n && s[q.i+1] == '{':
			q.i += 2
			q.spaces()
			wordEnd := identEnd(s, q.i)
			word := s[q.i:wordEnd]
			q.i = wordEnd
			switch word {
			case "if":
				if !q.ifDirective(b) {
					return "", false, false
				}
				templated = true
			case "else", "endif":
				q.spaces()
				if !inIf || q.i >= n || s[q.i] != '}' {
					return "", false, false
				}
				q.i++
				return word, true, true
			default:
				return "", false, false // for, endfor, or a strip marker
			}
		case (c == '$' || c == '%') && q.i+2 < n && s[q.i+1] == c && s[q.i+2] == '{':
			q.write(b, s[q.i:q.i+1]) // an escape: "$${" is "${"
			q.i += 2
		case c == '\r' || c >= 0x80:
			// hclsyntax reads the rest of a template after a lone CR as
			// literal text, and normalizes non-ASCII text: leave both to it.
			return "", false, false
		default:
			// Text, up to the next byte that may start something else.
			j := q.i + 1
			for j < n {
				if c := s[j]; c == '$' || c == '%' || c == '\r' || c >= 0x80 {
					break
				}
				j++
			}
			q.write(b, s[q.i:j])
			q.i = j
		}
	}
	if inIf {
		return "", false, false // no endif
	}
	return "", templated, true
}

// ifDirective evaluates an if directive from its condition on (after
// "%{ if"), as the ConditionalExpr hclsyntax makes of it: both branches
// are evaluated, and the condition chooses.
func (q *quick) ifDirective(b *strings.Builder) bool {
	if q.depth++; q.depth > quickMaxDepth {
		return false
	}
	defer func() { q.depth-- }()
	cond, ok := q.expr()
	q.spaces()
	if !ok || q.i >= len(q.s) || q.s[q.i] != '}' {
		return false
	}
	q.i++
	if cond.Type() != cty.Bool || cond.IsNull() || !cond.IsKnown() || cond.IsMarked() {
		return false
	}
	var t, f strings.Builder
	end, _, ok := q.segment(&t, true)
	if ok && end == "else" {
		end, _, ok = q.segment(&f, true)
	}
	if !ok || end != "endif" {
		return false
	}
	if cond.True() {
		q.write(b, t.String())
	} else {
		q.write(b, f.String())
	}
	return true
}

// write appends str to b, the text of the template or of one of its if
// directive's branches, unless an interpolation of the template was
// unknown: the value is then an unknown string whose prefix was taken
// when it was met, and what follows is read (it must evaluate) but not
// kept. The first write sizes b for the whole template.
func (q *quick) write(b *strings.Builder, str string) {
	if q.unknown {
		return
	}
	if b.Cap() == 0 {
		b.Grow(len(q.s))
	}
	b.WriteString(str)
}

// partString is the text an interpolation adds to a template: a known,
// non-null, unmarked string, number or bool, converted as TemplateExpr
// converts it.
func partString(v cty.Value) (string, bool) {
	if v.IsNull() || !v.IsKnown() || v.IsMarked() {
		return "", false
	}
	switch v.Type() {
	case cty.String:
	case cty.Number, cty.Bool:
		var err error
		if v, err = convert.Convert(v, cty.String); err != nil {
			return "", false
		}
	default:
		return "", false
	}
	return v.AsString(), true
}
