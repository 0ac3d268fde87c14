package schema

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// Mode says how a language reads the value of an attribute: as an
// expression, as a literal, or as syntax written inside a JSON string.
// The zero Mode is Expression, HCL's default.
type Mode uint8

const (
	// Expression: an ordinary HCL expression. In JSON every string is a
	// template, and "${x}" alone yields x's value unconverted.
	Expression Mode = iota
	// Literal: the value is taken as written (evaluated without a
	// context); a JSON string is text, "${" included.
	Literal
	// TypeExpr: a type constraint such as string or map(object({a=string})),
	// written as a JSON string (ext/typeexpr). The keywords list and map
	// alone mean list(any) and map(any).
	TypeExpr
	// AbsTraversal: a static reference such as aws_instance.web or
	// module.a["x"].b, written as a JSON string (hcl.AbsTraversalForExpr).
	AbsTraversal
	// RelTraversal: a reference relative to the containing object, such
	// as tags["Name"], written as a JSON string (hcl.RelTraversalForExpr).
	RelTraversal
	// Keyword: one bare word, written as a JSON string (hcl.ExprAsKeyword),
	// from Attribute.Keywords when that list is not empty.
	Keyword
	// NativeExpr: a native-syntax expression written inside a JSON string
	// and parsed as native syntax, not as a template
	// (lifecycle.replace_triggered_by elements, import.to).
	NativeExpr
	// ProviderRef: a provider configuration reference, name or name.alias;
	// OpenTofu also accepts an instance key, name.alias["k"] or
	// name.alias[each.key], parsed as native syntax.
	ProviderRef
	// Requirement: one entry of terraform.required_providers: a version
	// constraint string (legacy), or an object whose source and version
	// are literal strings and whose configuration_aliases is a list of
	// absolute traversals ("aws.east").
	Requirement

	numModes
)

var modeNames = [numModes]string{
	Expression:   "expression",
	Literal:      "literal",
	TypeExpr:     "type",
	AbsTraversal: "abs-traversal",
	RelTraversal: "rel-traversal",
	Keyword:      "keyword",
	NativeExpr:   "native-expression",
	ProviderRef:  "provider-ref",
	Requirement:  "provider-requirement",
}

// String returns the mode's name, as used in diagnostics and tests.
func (m Mode) String() string {
	if m < numModes {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// Syntax reports whether a JSON string in this mode holds syntax to be
// parsed (a type, a reference, a keyword, a native expression) rather than
// a template or a literal. Requirement is not syntax as a whole; its
// configuration_aliases are.
func (m Mode) Syntax() bool {
	switch m {
	case TypeExpr, AbsTraversal, RelTraversal, Keyword, NativeExpr, ProviderRef:
		return true
	}
	return false
}

// Shape says whether an attribute holds one value, a list of values, or a
// map of values, each read in the attribute's Mode.
type Shape uint8

const (
	// One: the attribute's value is read in its Mode.
	One Shape = iota
	// ListOf: the value is a static list (a JSON array, hcl.ExprList)
	// whose elements are read in the attribute's Mode.
	ListOf
	// MapOf: the value is a static map (a JSON object, hcl.ExprMap) whose
	// keys and values are both read in the attribute's Mode
	// (module.providers).
	MapOf

	numShapes
)

var shapeNames = [numShapes]string{One: "one", ListOf: "list", MapOf: "map"}

// String returns the shape's name.
func (s Shape) String() string {
	if s < numShapes {
		return shapeNames[s]
	}
	return fmt.Sprintf("Shape(%d)", uint8(s))
}

// Nesting says how the blocks of one type in a body combine. It follows
// the nesting modes of Terraform provider schemas.
type Nesting uint8

const (
	// NestingSingle: at most one block.
	NestingSingle Nesting = iota
	// NestingGroup: at most one block; absent means present and empty.
	NestingGroup
	// NestingList: any number of blocks, in order.
	NestingList
	// NestingSet: any number of blocks, order not significant.
	NestingSet
	// NestingMap: any number of blocks keyed by their one label.
	NestingMap

	numNestings
)

var nestingNames = [numNestings]string{
	NestingSingle: "single",
	NestingGroup:  "group",
	NestingList:   "list",
	NestingSet:    "set",
	NestingMap:    "map",
}

// String returns the nesting's name as terraform providers schema -json
// spells it.
func (n Nesting) String() string {
	if n < numNestings {
		return nestingNames[n]
	}
	return fmt.Sprintf("Nesting(%d)", uint8(n))
}

// Item is what a name in a body stands for: an *Attribute or a *Block.
type Item interface {
	item()
}

// Attribute describes one argument of a body.
type Attribute struct {
	Name string
	// Mode says how the value, or each element or entry for ListOf and
	// MapOf, is read.
	Mode     Mode
	Shape    Shape
	Required bool
	// Keywords are, in Keyword mode, the allowed words (empty: any
	// identifier). In other modes they are words that may stand for the
	// whole value instead (lifecycle.ignore_changes = "all").
	Keywords []string
	// Quoted marks syntax (a reference, a provider reference, a keyword)
	// that Terraform and OpenTofu also accept in a native quoted string,
	// as Terraform 0.11 wrote it ("aws.west", "destroy"), with a
	// deprecation warning: depends_on, provider, providers,
	// ignore_changes, a provisioner's when and on_failure. In JSON it is
	// that string.
	Quoted bool
	// OpenTofuTemplate marks a Literal argument that OpenTofu evaluates
	// with its static evaluator (module source and version, backend and
	// cloud settings): there a JSON string with template sequences is a
	// template, while Terraform takes it as text.
	OpenTofuTemplate bool
	// Type is the argument's type where a provider schema gives one
	// (cty.NilType otherwise, and for attributes of a nested attribute
	// type).
	Type cty.Type
	// AsBlocks, for a provider argument of type list or set of objects,
	// is the body of a block of the argument's name: Terraform and
	// OpenTofu also accept such an argument written as blocks, one per
	// element, in the schemas the older provider SDK made
	// (lang/blocktoattr). The body lists the element type's attributes,
	// none required (an attribute a block leaves out is null in its
	// element), each with its Type and, recursively, its AsBlocks. It is
	// nil where the programs do not allow blocks: other types, and every
	// argument of a resource (or provider, data source, ...) whose schema
	// has a shape the older SDK could not make (a nested attribute type,
	// an object or tuple type, a map of objects, a collection of
	// collections of non-primitive types).
	//
	// Body.Content reads blocks of such a name as blocks when the body
	// has no attribute of that name, as the programs do: in a native
	// body written as blocks, the argument comes back as blocks of its
	// name; in a JSON body a property of that name is always the
	// argument.
	AsBlocks *Body
}

func (*Attribute) item() {}

// AllowsKeyword reports whether word is one of a's keywords, or, in
// Keyword mode with no keyword list, whether it is an identifier.
func (a *Attribute) AllowsKeyword(word string) bool {
	if a.Mode == Keyword && len(a.Keywords) == 0 {
		return hclsyntax.ValidIdentifier(word)
	}
	for _, k := range a.Keywords {
		if k == word {
			return true
		}
	}
	return false
}

// Block describes one block type of a body.
type Block struct {
	Type    string
	Labels  []string
	Nesting Nesting
	Body    *Body
	// ByLabel holds, for a block type whose first label names a kind
	// (a resource type, a provider), the body of each known kind; blocks
	// with any other first label have Body. Provider schemas fill it in
	// (see Language.WithProviders).
	ByLabel map[string]*Body
}

func (*Block) item() {}

// BodyFor returns the body of a block of this type whose first label is
// label: ByLabel[label] if listed, Body otherwise.
func (b *Block) BodyFor(label string) *Body {
	if body, ok := b.ByLabel[label]; ok && body != nil {
		return body
	}
	return b.Body
}

// Body describes what a body may hold.
//
// A closed body (the default) holds exactly the listed attributes and
// blocks. An Open body also holds arguments and blocks that this schema
// does not list: provider arguments in resource bodies before provider
// schemas are known, backend settings; they are read in AnyAttributesMode.
// An AnyAttributes body holds attributes of any name and no blocks
// (locals, required_providers), each read in AnyAttributesMode; its
// Attributes, if any, name the ones with a mode of their own.
type Body struct {
	Attributes        []Attribute
	Blocks            []Block
	Open              bool
	AnyAttributes     bool
	AnyAttributesMode Mode
	// OpenTofuTemplates marks the unlisted arguments of an Open body as
	// Attribute.OpenTofuTemplate marks a listed one.
	OpenTofuTemplates bool
	// ArgumentsOnly says that every name an Open body does not list is an
	// argument, never a nested block: a module call's input variables,
	// backend, cloud, connection and provisioner settings. A JSON object
	// there is an argument's value, and a native block of an unlisted type
	// is an error, as Terraform and OpenTofu report it.
	ArgumentsOnly bool
}

// Attribute returns the attribute named name, or nil.
func (b *Body) Attribute(name string) *Attribute {
	for i := range b.Attributes {
		if b.Attributes[i].Name == name {
			return &b.Attributes[i]
		}
	}
	return nil
}

// Block returns the block type typ, or nil.
func (b *Body) Block(typ string) *Block {
	for i := range b.Blocks {
		if b.Blocks[i].Type == typ {
			return &b.Blocks[i]
		}
	}
	return nil
}

// Lookup returns the attribute or block that name stands for in b, or nil
// when b does not list it (an Open or AnyAttributes body may still accept
// it: see Argument).
func (b *Body) Lookup(name string) Item {
	if a := b.Attribute(name); a != nil {
		return a
	}
	if blk := b.Block(name); blk != nil {
		return blk
	}
	return nil
}

// Find follows path through nested block types and returns the item the
// last name stands for: Find("resource", "lifecycle", "ignore_changes").
// It returns nil if a name is not listed.
func (b *Body) Find(path ...string) Item {
	body := b
	for i, name := range path {
		it := body.Lookup(name)
		if i == len(path)-1 || it == nil {
			return it
		}
		blk, ok := it.(*Block)
		if !ok || blk.Body == nil {
			return nil
		}
		body = blk.Body
	}
	return nil
}

// Argument says how a body reads an argument of one name (see
// Body.Argument).
type Argument struct {
	// Mode and Shape say how the value is read.
	Mode  Mode
	Shape Shape
	// Attribute is the body's entry for the name, with its Keywords,
	// Type and AsBlocks; nil for a name the body does not list.
	Attribute *Attribute
	// OpenTofuTemplate says that OpenTofu reads the argument as a
	// template where Terraform reads it as a literal
	// (Attribute.OpenTofuTemplate; Body.OpenTofuTemplates for the
	// unlisted arguments of an Open body).
	OpenTofuTemplate bool
}

// Argument returns how b reads an argument called name: as its attribute
// says when b lists one; for a name b does not list as an attribute or a
// block, in AnyAttributesMode (shape One) when b is Open or AnyAttributes.
// ok is false when b does not accept name as an argument (a closed body
// that does not list it, or a block type of b); the Argument is then
// HCL's default reading, Expression and One, with no Attribute.
//
// It is the one place where a body's arguments get their reading:
// converters, checkers and readers all ask it.
func (b *Body) Argument(name string) (arg Argument, ok bool) {
	if a := b.Attribute(name); a != nil {
		return Argument{Mode: a.Mode, Shape: a.Shape, Attribute: a, OpenTofuTemplate: a.OpenTofuTemplate}, true
	}
	if (b.Open || b.AnyAttributes) && b.Block(name) == nil {
		return Argument{Mode: b.AnyAttributesMode, OpenTofuTemplate: b.Open && b.OpenTofuTemplates}, true
	}
	return Argument{}, false
}

// BlocksArgument returns the argument that blocks of type typ stand for
// in b, one block per element: the attribute of that name with AsBlocks,
// when b has no block type typ. It returns nil otherwise: blocks of type
// typ are then blocks of their own, or not accepted.
func (b *Body) BlocksArgument(typ string) *Attribute {
	if b.Block(typ) != nil {
		return nil
	}
	if a := b.Attribute(typ); a != nil && a.AsBlocks != nil {
		return a
	}
	return nil
}

// HCL returns the schema to decode b with hcl.Body.Content, or, for an
// Open body, hcl.Body.PartialContent (the remaining body holds the
// unlisted arguments and blocks). An AnyAttributes body has no
// hcl.BodySchema: HCL returns nil, and such a body is decoded with
// hcl.Body.JustAttributes. Body.Content picks the right call.
func (b *Body) HCL() *hcl.BodySchema {
	if b.AnyAttributes {
		return nil
	}
	s := &hcl.BodySchema{}
	if len(b.Attributes) > 0 {
		s.Attributes = make([]hcl.AttributeSchema, len(b.Attributes))
		for i, a := range b.Attributes {
			s.Attributes[i] = hcl.AttributeSchema{Name: a.Name, Required: a.Required}
		}
	}
	if len(b.Blocks) > 0 {
		s.Blocks = make([]hcl.BlockHeaderSchema, len(b.Blocks))
		for i, blk := range b.Blocks {
			s.Blocks[i] = hcl.BlockHeaderSchema{Type: blk.Type, LabelNames: blk.Labels}
		}
	}
	return s
}

// Content decodes body against b: JustAttributes for an AnyAttributes
// body (the attributes come back in a BodyContent), PartialContent for an
// Open body (remain holds what b does not list), Content otherwise
// (remain is nil), whose "Unsupported argument" errors come in the order
// of the source (see InSourceOrder). It panics if body is nil.
func (b *Body) Content(body hcl.Body) (content *hcl.BodyContent, remain hcl.Body, diags hcl.Diagnostics) {
	nilBody("Content", body)
	return b.content(body, b.HCL())
}

// content is Content with s, b.HCL() (nil for an AnyAttributes body).
func (b *Body) content(body hcl.Body, s *hcl.BodySchema) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	switch {
	case b.AnyAttributes:
		attrs, diags := body.JustAttributes()
		return &hcl.BodyContent{Attributes: attrs, MissingItemRange: body.MissingItemRange()}, nil, diags
	case b.Open:
		return body.PartialContent(b.asBlocks(body, s))
	default:
		s = b.asBlocks(body, s)
		if native, ok := body.(*hclsyntax.Body); ok {
			if content, ok := nativeContent(native, s); ok {
				return content, nil, nil
			}
		}
		content, diags := body.Content(s)
		return content, nil, InSourceOrder(diags, "Unsupported argument")
	}
}

// InSourceOrder puts the diagnostics of diags whose summary is summary
// in the order of their start offsets (whatever their file), in the
// places they hold, and leaves the others where they are. hclsyntax's Body.Content reports the arguments
// a schema does not have in the order of a map, a new one on each run;
// in the order of the source, what a command prints is the same every
// time.
func InSourceOrder(diags hcl.Diagnostics, summary string) hcl.Diagnostics {
	var at []int
	var picked hcl.Diagnostics
	for i, d := range diags {
		if d.Summary == summary && d.Subject != nil {
			at = append(at, i)
			picked = append(picked, d)
		}
	}
	if len(at) < 2 {
		return diags
	}
	slices.SortStableFunc(picked, func(a, b *hcl.Diagnostic) int {
		return a.Subject.Start.Byte - b.Subject.Start.Byte
	})
	for k, i := range at {
		diags[i] = picked[k]
	}
	return diags
}

// asBlocks returns s, the schema of b, with each attribute that has
// AsBlocks and that body does not hold as an attribute turned into a block
// type of that name, as Terraform's and OpenTofu's lang/blocktoattr
// decide when they evaluate a body: a name present as an attribute (in
// JSON, any property of that name) stays an attribute; otherwise the
// blocks of that name, static or generated by dynamic blocks, are its
// elements, and with none the argument is absent (null), even where the
// provider requires it.
func (b *Body) asBlocks(body hcl.Body, s *hcl.BodySchema) *hcl.BodySchema {
	probe := &hcl.BodySchema{}
	for _, a := range b.Attributes {
		if a.AsBlocks != nil {
			probe.Attributes = append(probe.Attributes, hcl.AttributeSchema{Name: a.Name})
		}
	}
	if len(probe.Attributes) == 0 {
		return s
	}
	c, _, _ := body.PartialContent(probe)
	var blocks []string
	for _, a := range probe.Attributes {
		if c == nil || c.Attributes[a.Name] == nil {
			blocks = append(blocks, a.Name)
		}
	}
	if len(blocks) == 0 {
		return s
	}
	out := &hcl.BodySchema{Blocks: slices.Clone(s.Blocks)}
	for _, a := range s.Attributes {
		if slices.Contains(blocks, a.Name) {
			out.Blocks = append(out.Blocks, hcl.BlockHeaderSchema{Type: a.Name})
		} else {
			out.Attributes = append(out.Attributes, a)
		}
	}
	return out
}

// Validate checks that b is a consistent schema: names are not empty and
// not repeated, enums are in range, keyword lists go with modes that use
// them, map nesting has one label, AnyAttributes bodies have no blocks,
// and every block has a body. Bodies shared or reached again through a
// cycle (dynamic blocks) are checked once.
func (b *Body) Validate() error {
	// Every command validates the built-in languages when it starts, so
	// the walk is cheap when all is well: paths are spelled and labels
	// sorted only for the messages, by a second walk that runs when the
	// first finds an error.
	_ = *b // a nil receiver panics here, not deep inside
	if !b.validate(false) {
		return nil
	}
	return fmt.Errorf("schema: %s", strings.Join(b.validateErrors(), "; "))
}

// validateErrors returns Validate's messages, in order.
func (b *Body) validateErrors() []string {
	var errs []string
	b.walkValidate(true, func(at *schemaPath, format string, args ...any) {
		errs = append(errs, at.String()+": "+fmt.Sprintf(format, args...))
	})
	return errs
}

// validate reports whether b has an error, labels walked in map order
// when sorted is false.
func (b *Body) validate(sorted bool) bool {
	found := false
	b.walkValidate(sorted, func(*schemaPath, string, ...any) { found = true })
	return found
}

// schemaPath is where Validate is in the schema: root, a block type
// within its parent, or a label of a ByLabel body.
type schemaPath struct {
	parent   *schemaPath
	name     string // block type, or label when labelled
	labelled bool
}

func (p *schemaPath) String() string {
	switch {
	case p.parent == nil:
		return "root"
	case p.labelled:
		return p.parent.String() + "[" + strconv.Quote(p.name) + "]"
	default:
		return p.parent.String() + "." + p.name
	}
}

// walkValidate calls bad with each inconsistency of b; ByLabel bodies are
// walked in label order when sorted is set.
func (b *Body) walkValidate(sorted bool, bad func(at *schemaPath, format string, args ...any)) {
	seen := map[*Body]bool{}
	var walk func(body *Body, at *schemaPath)
	walk = func(body *Body, at *schemaPath) {
		if seen[body] {
			return
		}
		seen[body] = true
		if body.AnyAttributesMode >= numModes {
			bad(at, "invalid AnyAttributesMode %v", body.AnyAttributesMode)
		}
		if body.AnyAttributes && len(body.Blocks) > 0 {
			bad(at, "an AnyAttributes body cannot have blocks")
		}
		var names map[string]bool // when the body has many names
		if len(body.Attributes)+len(body.Blocks) > 16 {
			names = make(map[string]bool, len(body.Attributes)+len(body.Blocks))
		}
		// listed reports whether name came before the i-th name of
		// the body (attributes, then block types), and records it.
		listed := func(i int, name string) bool {
			if names != nil {
				dup := names[name]
				names[name] = true
				return dup
			}
			for j := range i {
				if j < len(body.Attributes) && body.Attributes[j].Name == name ||
					j >= len(body.Attributes) && body.Blocks[j-len(body.Attributes)].Type == name {
					return true
				}
			}
			return false
		}
		for i, a := range body.Attributes {
			switch {
			case a.Name == "":
				bad(at, "attribute with no name")
			case listed(i, a.Name):
				bad(at, "%s listed twice", a.Name)
			}
			if a.Mode >= numModes {
				bad(at, "%s: invalid mode %v", a.Name, a.Mode)
			}
			if a.Shape >= numShapes {
				bad(at, "%s: invalid shape %v", a.Name, a.Shape)
			}
			if len(a.Keywords) > 0 && a.Mode != Keyword && a.Shape == One {
				bad(at, "%s: keywords need Keyword mode or a list or map shape", a.Name)
			}
			for _, k := range a.Keywords {
				if !plainIdentifier(k) && !hclsyntax.ValidIdentifier(k) {
					bad(at, "%s: keyword %q is not an identifier", a.Name, k)
				}
			}
		}
		for i, blk := range body.Blocks {
			switch {
			case blk.Type == "":
				bad(at, "block with no type")
			case listed(len(body.Attributes)+i, blk.Type):
				bad(at, "%s listed twice", blk.Type)
			}
			if blk.Nesting >= numNestings {
				bad(at, "%s: invalid nesting %v", blk.Type, blk.Nesting)
			}
			if blk.Nesting == NestingMap && len(blk.Labels) != 1 {
				bad(at, "%s: map nesting needs exactly one label", blk.Type)
			}
			if blk.Body == nil {
				bad(at, "%s: no body", blk.Type)
				continue
			}
			p := &schemaPath{parent: at, name: blk.Type}
			walk(blk.Body, p)
			if len(blk.ByLabel) > 0 && len(blk.Labels) == 0 {
				bad(at, "%s: ByLabel needs a label", blk.Type)
			}
			byLabel := func(label string, lb *Body) {
				if lb == nil {
					bad(at, "%s[%q]: no body", blk.Type, label)
					return
				}
				walk(lb, &schemaPath{parent: p, name: label, labelled: true})
			}
			if sorted {
				for _, label := range slices.Sorted(maps.Keys(blk.ByLabel)) {
					byLabel(label, blk.ByLabel[label])
				}
			} else {
				for label, lb := range blk.ByLabel {
					byLabel(label, lb)
				}
			}
		}
	}
	walk(b, &schemaPath{})
}

// plainIdentifier reports whether s is an ASCII letter followed by ASCII
// letters, digits, underscores and dashes: an identifier, which Validate
// thus tells without hclsyntax's scanner (a cost of every command's start,
// which validates the built-in languages). Other identifiers are left to
// hclsyntax.ValidIdentifier.
func plainIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '_' || c == '-'):
		default:
			return false
		}
	}
	return s != ""
}

// CheckStructure decodes body (JSON or native syntax) and every block in it
// with s, as a language would, and returns the diagnostics: names s
// does not accept (with HCL's "Did you mean"), blocks where s has an
// argument or accepts only arguments, missing labels, bodies of the wrong
// JSON type. Missing required arguments are not reported: a conversion
// keeps their absence.
// Converters check their input with it before they write anything. It
// panics if body is nil.
func (s *Body) CheckStructure(body hcl.Body) hcl.Diagnostics {
	nilBody("CheckStructure", body)
	content, diags := s.CheckContent(body)
	if content == nil {
		return diags
	}
	for _, blk := range content.Blocks {
		diags = append(diags, s.CheckBlock(blk)...)
	}
	return diags
}

// CheckContent is the first step of CheckStructure: it checks body
// itself, not the blocks in it, and returns its content (nil when it
// cannot be decoded). CheckBlock checks each block of the content; the
// two give what CheckStructure gives, so that the blocks can be checked
// apart (in parallel). It panics if body is nil.
func (s *Body) CheckContent(body hcl.Body) (*hcl.BodyContent, hcl.Diagnostics) {
	nilBody("CheckContent", body)
	content, _, all := s.Content(body)
	if native, ok := body.(*hclsyntax.Body); ok && s.ArgumentsOnly {
		// What s does not list must be arguments (in JSON, everything
		// unlisted is). Terraform reads such a body with JustAttributes
		// once the listed names are taken, and says this:
		for _, blk := range native.Blocks {
			if s.Block(blk.Type) == nil {
				all = append(all, &hcl.Diagnostic{
					Severity: hcl.DiagError,
					Summary:  fmt.Sprintf("Unexpected %q block", blk.Type),
					Detail:   "Blocks are not allowed here.",
					Subject:  blk.TypeRange.Ptr(),
					Context:  blk.Range().Ptr(),
				})
			}
		}
	}
	// Missing required arguments do not stop a conversion: the output
	// lacks them just as the input does.
	var diags hcl.Diagnostics
	for _, d := range all {
		if d.Summary != "Missing required argument" {
			diags = append(diags, d)
		}
	}
	return content, diags
}

// nilBody panics, naming the method called, if body is nil.
func nilBody(method string, body hcl.Body) {
	if body == nil {
		panic("schema: Body." + method + " of a nil hcl.Body")
	}
}

// CheckBlock checks blk, a block of the content that CheckContent
// returned for a body with schema s, and every block in it. It panics if
// blk is nil.
func (s *Body) CheckBlock(blk *hcl.Block) hcl.Diagnostics {
	if blk == nil {
		panic("schema: Body.CheckBlock of a nil *hcl.Block")
	}
	def := s.Block(blk.Type)
	if def == nil {
		if a := s.BlocksArgument(blk.Type); a != nil {
			// An argument written as blocks, one per element.
			return a.AsBlocks.CheckStructure(blk.Body)
		}
		return nil
	}
	inner := def.Body
	if len(blk.Labels) > 0 {
		inner = def.BodyFor(blk.Labels[0])
	}
	if inner == nil {
		return nil
	}
	return inner.CheckStructure(blk.Body)
}

// NestedBody returns the schema of the body of a block of type typ with
// these labels, in a body whose schema is parent (nil for nil). A block
// type that parent does not list is
// written with its attributes as expressions (in an Open body, its
// unlisted arguments' mode), with dynamic blocks allowed where parent
// allows them.
func (parent *Body) NestedBody(typ string, labels ...string) *Body {
	if parent == nil {
		return nil
	}
	if b := parent.Block(typ); b != nil && b.Body != nil {
		if len(labels) > 0 {
			return b.BodyFor(labels[0])
		}
		return b.Body
	}
	if dyn := parent.Block("dynamic"); dyn != nil && dyn.Body != nil && parent.AnyAttributesMode == Expression {
		if content := dyn.Body.Block("content"); content != nil && content.Body != nil {
			return content.Body
		}
	}
	mode := Expression
	if parent.Open {
		mode = parent.AnyAttributesMode
	}
	return &Body{Open: true, AnyAttributesMode: mode}
}
