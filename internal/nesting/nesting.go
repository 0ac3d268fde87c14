package nesting

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Max is the deepest level accepted (see the package documentation). Real
// configurations nest less than 50 deep; at Max every recursive walk of
// the module needs a few megabytes of stack.
const Max = 1000

// Mode says what the source is, as the hclsyntax function that reads it.
type Mode uint8

const (
	Config     Mode = iota // a file's body (hclsyntax.ParseConfig)
	Expression             // one expression (hclsyntax.ParseExpression)
	Template               // a template (hclsyntax.ParseTemplate)
)

// Summary is the Summary of the diagnostic of Check.
const Summary = "Nesting too deep"

// Detail is the Detail of the diagnostic of Check.
var Detail = fmt.Sprintf("HCL nested more than %d levels deep is not supported (each bracket, brace, parenthesis, string, interpolation and template directive is a level, and so is each operator, condition and index of one expression); it was not parsed.", Max)

type kind uint8

const (
	kRoot    kind = iota // the body or expression of the input
	kParen               // (
	kBrack               // [
	kBrace               // {
	kSeq                 // ${ or %{
	kQuote               // "
	kHeredoc             // <<EOT
	kTmpl                // the root of a template
)

func (k kind) template() bool { return k == kQuote || k == kHeredoc || k == kTmpl }

type frame struct {
	kind  kind
	base  int  // the depth of the opening token
	ops   int  // expression: operators and openings since the last separator; template: open %{if} and %{for}
	nl    bool // a new line separates items
	first bool // a brace before its first token
	head  bool // a %{ before its keyword
}

func (f *frame) depth() int { return f.base + f.ops }

// mayNest is the set of bytes of which every token that adds a level holds
// at least one.
var mayNest = func() (t [256]bool) {
	for _, c := range []byte(`([{"<$%+-*/=!>&|?`) {
		t[c] = true
	}
	return t
}()

// Suspect reports whether src may nest deeper than Max: whether it is
// longer than Max bytes and more than Max of its bytes are among those
// that every token adding a level holds. It reads each byte once and does
// not allocate.
func Suspect[T string | []byte](src T) bool {
	return len(src) > Max && Count(src) > Max
}

// Count returns the number of bytes of src among those that every token
// adding a level holds: no token of src, read alone, is deeper than that.
// It reads each byte once and does not allocate.
func Count[T string | []byte](src T) int {
	n := 0
	for i := 0; i < len(src); i++ {
		if mayNest[src[i]] {
			n++
		}
	}
	return n
}

// Check reads src as mode and returns the error "Nesting too deep", whose
// Subject is the first token that goes deeper than Max, or nil. filename
// and start are those the parser would be given. It takes time and memory
// linear in the length of src, and never recurses.
func Check(src []byte, mode Mode, filename string, start hcl.Pos) *hcl.Diagnostic {
	if !Suspect(src) {
		return nil
	}
	// Input that nests too deep mostly does so early: the tokens of a
	// prefix are those of the whole but for the last few, so an error
	// well before the cut is the error of the whole, found without
	// lexing megabytes.
	if len(src) > 2*prefix {
		toks := lex(src[:prefix], mode, filename, start)
		if rng, i, ok := scan(toks, mode); !ok && i < len(toks)-4 {
			return diagnostic(rng)
		}
	}
	if rng, _, ok := scan(lex(src, mode, filename, start), mode); !ok {
		return diagnostic(rng)
	}
	return nil
}

// prefix is the length of the prefix Check reads first.
const prefix = 64 << 10

func lex(src []byte, mode Mode, filename string, start hcl.Pos) hclsyntax.Tokens {
	var toks hclsyntax.Tokens
	switch mode {
	case Expression:
		toks, _ = hclsyntax.LexExpression(src, filename, start)
	case Template:
		toks, _ = hclsyntax.LexTemplate(src, filename, start)
	default:
		toks, _ = hclsyntax.LexConfig(src, filename, start)
	}
	return toks
}

func diagnostic(rng hcl.Range) *hcl.Diagnostic {
	return &hcl.Diagnostic{Severity: hcl.DiagError, Summary: Summary, Detail: Detail, Subject: &rng}
}

// scan returns the range and index of the first token too deep, or ok.
func scan(toks hclsyntax.Tokens, mode Mode) (hcl.Range, int, bool) {
	root := frame{kind: kRoot, nl: mode == Config}
	if mode == Template {
		root.kind = kTmpl
	}
	stack := []frame{root}
	popTo := func(want ...kind) {
		for i := len(stack) - 1; i > 0; i-- {
			k := stack[i].kind
			for _, w := range want {
				if k == w {
					stack = stack[:i]
					return
				}
			}
			if k.template() {
				return // a closing token never crosses a string
			}
		}
	}
	for i := range toks {
		tok := &toks[i]
		top := &stack[len(stack)-1]
		if top.head && tok.Type != hclsyntax.TokenComment && tok.Type != hclsyntax.TokenNewline {
			top.head = false
			if tok.Type == hclsyntax.TokenIdent && len(stack) > 1 {
				tmpl := &stack[len(stack)-2]
				switch string(tok.Bytes) {
				case "if", "for":
					tmpl.ops++
					if tmpl.depth() > Max {
						return hcl.RangeBetween(toks[i-1].Range, tok.Range), i, false
					}
				case "endif", "endfor":
					if tmpl.ops > 0 {
						tmpl.ops--
					}
				}
			}
		}
		if top.first && tok.Type != hclsyntax.TokenComment && tok.Type != hclsyntax.TokenNewline {
			top.first = false
			if tok.Type == hclsyntax.TokenIdent && string(tok.Bytes) == "for" {
				top.nl = false
			}
		}
		var open kind
		switch tok.Type {
		case hclsyntax.TokenOParen:
			open = kParen
		case hclsyntax.TokenOBrack:
			open = kBrack
		case hclsyntax.TokenOBrace:
			open = kBrace
		case hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			open = kSeq
		case hclsyntax.TokenOQuote:
			open = kQuote
		case hclsyntax.TokenOHeredoc:
			open = kHeredoc
		case hclsyntax.TokenCParen:
			if top.kind == kParen {
				stack = stack[:len(stack)-1]
			}
			continue
		case hclsyntax.TokenCBrack:
			if top.kind == kBrack {
				stack = stack[:len(stack)-1]
			}
			continue
		case hclsyntax.TokenCBrace:
			popTo(kBrace)
			continue
		case hclsyntax.TokenTemplateSeqEnd:
			popTo(kSeq)
			continue
		case hclsyntax.TokenCQuote:
			popTo(kQuote)
			continue
		case hclsyntax.TokenCHeredoc:
			popTo(kHeredoc)
			continue
		case hclsyntax.TokenComma, hclsyntax.TokenEqual, hclsyntax.TokenFatArrow:
			if !top.kind.template() {
				top.ops = 0
			}
			continue
		case hclsyntax.TokenNewline:
			if top.nl {
				top.ops = 0
			}
			continue
		case hclsyntax.TokenComment:
			if top.nl && len(tok.Bytes) > 0 && tok.Bytes[len(tok.Bytes)-1] == '\n' {
				top.ops = 0
			}
			continue
		case hclsyntax.TokenPlus, hclsyntax.TokenMinus, hclsyntax.TokenStar, hclsyntax.TokenSlash,
			hclsyntax.TokenPercent, hclsyntax.TokenEqualOp, hclsyntax.TokenNotEqual,
			hclsyntax.TokenLessThan, hclsyntax.TokenLessThanEq, hclsyntax.TokenGreaterThan,
			hclsyntax.TokenGreaterThanEq, hclsyntax.TokenAnd, hclsyntax.TokenOr,
			hclsyntax.TokenBang, hclsyntax.TokenQuestion:
			if !top.kind.template() {
				top.ops++
				if top.depth() > Max {
					return tok.Range, i, false
				}
			}
			continue
		default:
			continue
		}
		d := top.depth() + 1
		if tok.Type == hclsyntax.TokenTemplateControl && closesDirective(toks[i+1:]) {
			d-- // %{else}, %{endif} and %{endfor} are at the level of their %{if} or %{for}
		}
		if d > Max {
			return tok.Range, i, false
		}
		if !top.kind.template() {
			top.ops++
		}
		stack = append(stack, frame{
			kind:  open,
			base:  d,
			nl:    open == kBrace,
			first: open == kBrace,
			head:  tok.Type == hclsyntax.TokenTemplateControl,
		})
	}
	return hcl.Range{}, 0, true
}

// closesDirective reports whether the tokens after a %{ start with else,
// endif or endfor.
func closesDirective(toks hclsyntax.Tokens) bool {
	for _, t := range toks {
		if t.Type == hclsyntax.TokenComment || t.Type == hclsyntax.TokenNewline {
			continue
		}
		if t.Type != hclsyntax.TokenIdent {
			return false
		}
		switch string(t.Bytes) {
		case "else", "endif", "endfor":
			return true
		}
		return false
	}
	return false
}

// ParseConfig is hclsyntax.ParseConfig after Check. Past the limit the
// file's body is an empty *hclsyntax.Body and the diagnostic is the only
// one.
func ParseConfig(src []byte, filename string, start hcl.Pos) (*hcl.File, hcl.Diagnostics) {
	if d := Check(src, Config, filename, start); d != nil {
		rng := hcl.Range{Filename: filename, Start: start, End: start}
		return &hcl.File{Body: &hclsyntax.Body{SrcRange: rng, EndRange: rng}, Bytes: src}, hcl.Diagnostics{d}
	}
	return hclsyntax.ParseConfig(src, filename, start)
}

// ParseExpression is hclsyntax.ParseExpression after Check. Past the
// limit the expression is an unknown literal whose range is the
// diagnostic's Subject.
func ParseExpression(src []byte, filename string, start hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics) {
	if d := Check(src, Expression, filename, start); d != nil {
		return &hclsyntax.LiteralValueExpr{Val: cty.DynamicVal, SrcRange: *d.Subject}, hcl.Diagnostics{d}
	}
	return hclsyntax.ParseExpression(src, filename, start)
}

// ParseTemplate is hclsyntax.ParseTemplate after Check, with the same
// placeholder as ParseExpression.
func ParseTemplate(src []byte, filename string, start hcl.Pos) (hclsyntax.Expression, hcl.Diagnostics) {
	if d := Check(src, Template, filename, start); d != nil {
		return &hclsyntax.LiteralValueExpr{Val: cty.DynamicVal, SrcRange: *d.Subject}, hcl.Diagnostics{d}
	}
	return hclsyntax.ParseTemplate(src, filename, start)
}
