package hcltest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"
)

// Mode says how a body is decoded before it is rendered.
type Mode int

const (
	// Content decodes with hcl.Body.Content (the default).
	Content Mode = iota
	// Partial decodes with hcl.Body.PartialContent and then renders the
	// remaining body with hcl.Body.JustAttributes.
	Partial
	// Attrs decodes with hcl.Body.JustAttributes; attributes and blocks of
	// the schema are ignored.
	Attrs
)

var modeNames = [...]string{Content: "content", Partial: "partial", Attrs: "attrs"}

func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// Schema is what a body is decoded with: attributes and block types in the
// order written, and the decoding mode.
type Schema struct {
	Mode       Mode
	Attributes []Attribute
	Blocks     []Block
}

// Attribute is one attribute of a Schema.
type Attribute struct {
	Name     string
	Required bool
}

// Block is one block type of a Schema. Body is the schema its blocks are
// decoded with; it is never nil.
type Block struct {
	Type   string
	Labels []string
	Body   *Schema
}

// BodySchema converts s (without its nested block schemas) to the form
// hcl.Body.Content takes.
func (s *Schema) BodySchema() *hcl.BodySchema {
	bs := &hcl.BodySchema{}
	for _, a := range s.Attributes {
		bs.Attributes = append(bs.Attributes, hcl.AttributeSchema{Name: a.Name, Required: a.Required})
	}
	for _, b := range s.Blocks {
		bs.Blocks = append(bs.Blocks, hcl.BlockHeaderSchema{Type: b.Type, LabelNames: b.Labels})
	}
	return bs
}

// Block returns the block type named typ, or nil.
func (s *Schema) Block(typ string) *Block {
	for i := range s.Blocks {
		if s.Blocks[i].Type == typ {
			return &s.Blocks[i]
		}
	}
	return nil
}

// String writes s back in the text form ParseSchema reads.
func (s *Schema) String() string {
	var b strings.Builder
	s.write(&b, "")
	return b.String()
}

func (s *Schema) write(b *strings.Builder, indent string) {
	if s.Mode != Content {
		fmt.Fprintf(b, "%s%s\n", indent, s.Mode)
	}
	for _, a := range s.Attributes {
		kw := "attr"
		if a.Required {
			kw = "attr!"
		}
		fmt.Fprintf(b, "%s%s %s\n", indent, kw, schemaWord(a.Name))
	}
	for _, blk := range s.Blocks {
		fmt.Fprintf(b, "%sblock %s", indent, schemaWord(blk.Type))
		for _, l := range blk.Labels {
			b.WriteString(" " + schemaWord(l))
		}
		if blk.Body.Mode == Content && len(blk.Body.Attributes) == 0 && len(blk.Body.Blocks) == 0 {
			b.WriteString("\n")
			continue
		}
		b.WriteString(" {\n")
		blk.Body.write(b, indent+"  ")
		fmt.Fprintf(b, "%s}\n", indent)
	}
}

// schemaWord quotes a name when the schema language could not read it bare.
func schemaWord(s string) string {
	if s == "" || strings.ContainsAny(s, "#{}\"") ||
		strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) >= 0 {
		return strconv.Quote(s)
	}
	return s
}

// ParseSchema reads the schema language described in the package
// documentation.
func ParseSchema(text string) (*Schema, error) {
	p := &schemaParser{}
	if err := p.lex(text); err != nil {
		return nil, err
	}
	s, err := p.body(0)
	if err != nil {
		return nil, err
	}
	if p.pos < len(p.toks) {
		t := p.toks[p.pos]
		return nil, fmt.Errorf("schema line %d: unexpected %q", t.line, t.text)
	}
	return s, nil
}

// MustParseSchema is ParseSchema for fixed test schemas; it panics on error.
func MustParseSchema(text string) *Schema {
	s, err := ParseSchema(text)
	if err != nil {
		panic(err)
	}
	return s
}

type schemaToken struct {
	text   string
	quoted bool // text came from a quoted word, so it is never a keyword or brace
	line   int
	eol    bool // the token ends its line
}

type schemaParser struct {
	toks []schemaToken
	pos  int
}

func (p *schemaParser) lex(text string) error {
	for n, line := range strings.Split(text, "\n") {
		lineNo := n + 1
		start := len(p.toks)
		for i := 0; i < len(line); {
			c := line[i]
			switch {
			case c == ' ' || c == '\t' || c == '\r':
				i++
			case c == '#':
				i = len(line)
			case c == '{' || c == '}':
				p.toks = append(p.toks, schemaToken{text: line[i : i+1], line: lineNo})
				i++
			case c == '"':
				j := i + 1
				for j < len(line) && line[j] != '"' {
					if line[j] == '\\' {
						j++
					}
					j++
				}
				if j >= len(line) {
					return fmt.Errorf("schema line %d: unterminated quoted name", lineNo)
				}
				s, err := strconv.Unquote(line[i : j+1])
				if err != nil {
					return fmt.Errorf("schema line %d: bad quoted name %s: %v", lineNo, line[i:j+1], err)
				}
				p.toks = append(p.toks, schemaToken{text: s, quoted: true, line: lineNo})
				i = j + 1
			default:
				j := i
				for j < len(line) && !strings.ContainsRune(" \t\r#{}\"", rune(line[j])) {
					j++
				}
				p.toks = append(p.toks, schemaToken{text: line[i:j], line: lineNo})
				i = j
			}
		}
		if len(p.toks) > start {
			p.toks[len(p.toks)-1].eol = true
		}
	}
	return nil
}

func (t schemaToken) is(word string) bool { return !t.quoted && t.text == word }

// body reads statements until a closing brace (depth > 0) or the end.
func (p *schemaParser) body(depth int) (*Schema, error) {
	s := &Schema{}
	modeSet := false
	seen := map[string]int{}
	for p.pos < len(p.toks) {
		t := p.toks[p.pos]
		if t.is("}") {
			if depth == 0 {
				return nil, fmt.Errorf("schema line %d: unexpected \"}\"", t.line)
			}
			return s, nil
		}
		stmt := p.statement()
		kw := stmt[0]
		switch {
		case kw.is("content") || kw.is("partial") || kw.is("attrs"):
			if len(stmt) != 1 {
				return nil, fmt.Errorf("schema line %d: mode %q takes no arguments", kw.line, kw.text)
			}
			if modeSet {
				return nil, fmt.Errorf("schema line %d: mode given twice", kw.line)
			}
			modeSet = true
			switch kw.text {
			case "partial":
				s.Mode = Partial
			case "attrs":
				s.Mode = Attrs
			}
		case kw.is("attr") || kw.is("attr!"):
			if len(stmt) != 2 || stmt[1].is("{") || stmt[1].is("}") {
				return nil, fmt.Errorf("schema line %d: want %q followed by one name", kw.line, kw.text)
			}
			name := stmt[1].text
			if l, dup := seen["attr "+name]; dup {
				return nil, fmt.Errorf("schema line %d: attribute %q already declared on line %d", kw.line, name, l)
			}
			seen["attr "+name] = kw.line
			s.Attributes = append(s.Attributes, Attribute{Name: name, Required: kw.text == "attr!"})
		case kw.is("block"):
			blk, err := p.block(stmt, depth)
			if err != nil {
				return nil, err
			}
			if l, dup := seen["block "+blk.Type]; dup {
				return nil, fmt.Errorf("schema line %d: block type %q already declared on line %d", kw.line, blk.Type, l)
			}
			seen["block "+blk.Type] = kw.line
			s.Blocks = append(s.Blocks, blk)
		default:
			return nil, fmt.Errorf("schema line %d: unknown statement %q (want attr, attr!, block, content, partial or attrs)", kw.line, kw.text)
		}
	}
	if depth > 0 {
		return nil, fmt.Errorf("schema: missing \"}\" at end of input")
	}
	return s, nil
}

// statement returns the tokens up to the end of the line or an opening
// brace (included), whichever is first; a closing brace ends it too but is
// left for the caller.
func (p *schemaParser) statement() []schemaToken {
	start := p.pos
	for p.pos < len(p.toks) {
		t := p.toks[p.pos]
		if t.is("}") && p.pos > start {
			break
		}
		p.pos++
		if t.eol || t.is("{") {
			break
		}
	}
	return p.toks[start:p.pos]
}

func (p *schemaParser) block(stmt []schemaToken, depth int) (Block, error) {
	kw := stmt[0]
	words := stmt[1:]
	open := len(words) > 0 && words[len(words)-1].is("{")
	if open {
		words = words[:len(words)-1]
	}
	if len(words) == 0 {
		return Block{}, fmt.Errorf("schema line %d: block needs a type name", kw.line)
	}
	var names []string
	for _, w := range words {
		if w.is("{") || w.is("}") {
			return Block{}, fmt.Errorf("schema line %d: unexpected %q in block header", kw.line, w.text)
		}
		names = append(names, w.text)
	}
	blk := Block{Type: names[0], Body: &Schema{}}
	if len(names) > 1 {
		blk.Labels = names[1:]
	}
	if !open {
		return blk, nil
	}
	body, err := p.body(depth + 1)
	if err != nil {
		return Block{}, err
	}
	// p.body stopped on the closing brace; it must stand alone on its line
	// or end it.
	closer := p.toks[p.pos]
	p.pos++
	if !closer.eol {
		return Block{}, fmt.Errorf("schema line %d: text after \"}\"", closer.line)
	}
	blk.Body = body
	return blk, nil
}
