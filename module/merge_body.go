package module

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// A merged block body is a stack of layers: the original block's body,
// then each override block's body in the order the overrides apply. An
// argument of a later layer replaces the argument of the same name of the
// earlier ones; a nested block of a later layer hides every earlier nested
// block of the same type, a dynamic block counting as the type it
// generates. A rule can leave parts of a layer out, and fold a nested block
// type instead of replacing it: the blocks of that type in all layers then
// become one block whose body is merged in turn (a resource's lifecycle).
//
// When every layer is native syntax the merged body is an *hclsyntax.Body
// built from theirs (see synthesize), which callers that look at the native
// structure can use as they use a parsed one; otherwise it is a view, which
// merges what each layer's decoding returns.

// layer is one body of a merged body and what is taken from it.
type layer struct {
	body hcl.Body
	rule *rule
	// whole is the body that body is the remainder of after a
	// PartialContent call (nil: body itself). The names the layer defines
	// are those of whole: what the call consumed still hides the earlier
	// layers' remainders (a static block hides a dynamic one).
	whole hcl.Body
	// consumed are the names of the schemas that body is the remainder
	// of: a native remainder still holds them in its syntax tree.
	consumed map[string]bool
}

// rule says what a layer contributes; nil contributes everything.
type rule struct {
	dropAttrs  map[string]bool // arguments left out
	dropEmpty  map[string]bool // arguments left out when empty (see isEmpty)
	onlyAttrs  map[string]bool // if not nil, the only arguments taken
	dropBlocks map[string]bool // nested block types left out
	onlyBlocks map[string]bool // if not nil, the only nested block types taken
	// fold lists the nested block types merged rather than replaced, with
	// the rule for this layer's blocks of each.
	fold map[string]*rule
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// keepsAttr reports whether the layer contributes argument name = x.
func (r *rule) keepsAttr(name string, x hcl.Expression) bool {
	if r == nil {
		return true
	}
	if r.dropAttrs[name] || (r.onlyAttrs != nil && !r.onlyAttrs[name]) {
		return false
	}
	return !r.dropEmpty[name] || !isEmpty(x)
}

// keepsBlock reports whether the layer contributes blocks of type key
// (the generated type for a dynamic block).
func (r *rule) keepsBlock(key string) bool {
	if r == nil {
		return true
	}
	return !r.dropBlocks[key] && (r.onlyBlocks == nil || r.onlyBlocks[key])
}

// folded returns the rule for the layer's nested blocks of type typ and
// whether that type is folded.
func (r *rule) folded(typ string) (*rule, bool) {
	if r == nil {
		return nil, false
	}
	sub, ok := r.fold[typ]
	return sub, ok
}

// synthesizeNative is false only in tests that compare the two kinds of
// merged bodies.
var synthesizeNative = true

// newBody returns the merged body of layers.
func newBody(layers []layer) hcl.Body {
	if len(layers) == 1 && layers[0].rule == nil {
		return layers[0].body
	}
	if synthesizeNative {
		if b, ok := synthesize(layers); ok {
			return b
		}
	}
	return &view{layers: layers}
}

// pickAttrs merges the arguments of the layers: attrs[i] are layer i's,
// hidden[i] the names later layers define.
func pickAttrs[A any](layers []layer, attrs []map[string]A, hidden []map[string]bool, expr func(A) hcl.Expression) map[string]A {
	out := make(map[string]A)
	for i, l := range layers {
		for name, a := range attrs[i] {
			if !hidden[i][name] && l.rule.keepsAttr(name, expr(a)) {
				out[name] = a
			}
		}
	}
	return out
}

// foldTypes returns the nested block types the layers fold.
func foldTypes(layers []layer) map[string]bool {
	folds := make(map[string]bool)
	for _, l := range layers {
		if l.rule != nil {
			for typ := range l.rule.fold {
				folds[typ] = true
			}
		}
	}
	return folds
}

// hiddenNames returns, for each layer, the names that later layers define
// (see names): an argument or a block of such a name is replaced.
func hiddenNames(layers []layer, folds map[string]bool) []map[string]bool {
	hidden := make([]map[string]bool, len(layers))
	later := make(map[string]bool)
	for i := len(layers) - 1; i >= 0; i-- {
		hidden[i] = make(map[string]bool, len(later))
		for name := range later {
			hidden[i][name] = true
		}
		for name := range layers[i].names(folds) {
			later[name] = true
		}
	}
	return hidden
}

// dynamicProbe finds the dynamic blocks of a body.
var dynamicProbe = &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "dynamic", LabelNames: []string{"type"}}}}

// names returns the names of the arguments and nested block types the
// layer contributes, whatever schema a caller decodes with: in the native
// syntax its attributes and blocks (a dynamic block counting as the type
// it generates); in another syntax the names JustAttributes returns and
// the types of the dynamic blocks, each kept only if the rule would keep
// both an argument and a block of that name, since only a schema can tell
// which it is. Folded types are not names: they merge.
func (l layer) names(folds map[string]bool) map[string]bool {
	body := l.whole
	if body == nil {
		body = l.body
	}
	out := make(map[string]bool)
	add := func(name string, ok bool) {
		if ok && !folds[name] {
			out[name] = true
		}
	}
	if native, ok := body.(*hclsyntax.Body); ok {
		for name, a := range native.Attributes {
			add(name, l.rule.keepsAttr(name, a.Expr))
		}
		for _, b := range native.Blocks {
			_, key := syntaxHead(b)
			add(key, l.rule.keepsBlock(key))
		}
		return out
	}
	attrs, _ := body.JustAttributes()
	for name, a := range attrs {
		add(name, name != "dynamic" && l.rule.keepsAttr(name, a.Expr) && l.rule.keepsBlock(name))
	}
	if c, _, _ := body.PartialContent(dynamicProbe); c != nil {
		for _, b := range c.Blocks {
			_, key := hclHead(b)
			add(key, l.rule.keepsBlock(key))
		}
	}
	return out
}

// slot is one block of a merged body: a block as it is, or the blocks of a
// folded type, the first of which gives the merged block its header.
type slot[B any] struct {
	block B
	fold  []part[B]
}

// part is a block of a folded type with its layer's rule for it.
type part[B any] struct {
	block B
	rule  *rule
}

// arrange merges the nested blocks of the layers: blocks[i] are layer i's,
// head gives a block's type and the type it stands for (the generated type
// for a dynamic block). It returns the blocks in order, layer by layer.
func arrange[B any](layers []layer, blocks [][]B, hidden []map[string]bool, folds map[string]bool, head func(B) (typ, key string)) []slot[B] {
	var slots []slot[B]
	foldAt := make(map[string]int)    // folded type → its slot
	foldFirst := make(map[string]int) // folded type → first layer with one
	for i, l := range layers {
		for _, b := range blocks[i] {
			typ, key := head(b)
			switch {
			case !l.rule.keepsBlock(key):
			case folds[typ]:
				sub, _ := l.rule.folded(typ)
				at, ok := foldAt[typ]
				switch {
				case !ok:
					foldAt[typ], foldFirst[typ] = len(slots), i
					slots = append(slots, slot[B]{fold: []part[B]{{b, sub}}})
				case foldFirst[typ] == i:
					// A second block of the type in the first layer
					// that has one stays apart, so that decoding it
					// reports the duplicate.
					slots = append(slots, slot[B]{block: b})
				default:
					slots[at].fold = append(slots[at].fold, part[B]{b, sub})
				}
			case !hidden[i][key]:
				slots = append(slots, slot[B]{block: b})
			}
		}
	}
	return slots
}

// synthesize builds the merged body of layers that are all native syntax,
// or reports false.
func synthesize(layers []layer) (*hclsyntax.Body, bool) {
	attrs := make([]map[string]*hclsyntax.Attribute, len(layers))
	blocks := make([][]*hclsyntax.Block, len(layers))
	for i, l := range layers {
		b, ok := l.body.(*hclsyntax.Body)
		if !ok {
			return nil, false
		}
		attrs[i], blocks[i] = b.Attributes, b.Blocks
	}
	folds := foldTypes(layers)
	hidden := hiddenNames(layers, folds)
	base := layers[0].body.(*hclsyntax.Body)
	out := &hclsyntax.Body{
		Attributes: pickAttrs(layers, attrs, hidden, syntaxExpr),
		SrcRange:   base.SrcRange,
		EndRange:   base.EndRange,
	}
	slots := arrange(layers, blocks, hidden, folds, syntaxHead)
	for _, s := range slots {
		if s.fold == nil {
			out.Blocks = append(out.Blocks, s.block)
			continue
		}
		merged := *s.fold[0].block
		merged.Body, _ = synthesize(foldLayers(s.fold, func(b *hclsyntax.Block) hcl.Body { return b.Body }))
		out.Blocks = append(out.Blocks, &merged)
	}
	return out, true
}

func syntaxExpr(a *hclsyntax.Attribute) hcl.Expression { return a.Expr }

func hclExpr(a *hcl.Attribute) hcl.Expression { return a.Expr }

func syntaxHead(b *hclsyntax.Block) (typ, key string) {
	return b.Type, dynamicKey(b.Type, b.Labels)
}

func hclHead(b *hcl.Block) (typ, key string) {
	return b.Type, dynamicKey(b.Type, b.Labels)
}

// dynamicKey is the block type a block stands for: the type a dynamic
// block generates, its own type otherwise.
func dynamicKey(typ string, labels []string) string {
	if typ == "dynamic" && len(labels) > 0 {
		return labels[0]
	}
	return typ
}

// foldLayers returns the layers of a folded block's body.
func foldLayers[B any](parts []part[B], body func(B) hcl.Body) []layer {
	layers := make([]layer, len(parts))
	for i, p := range parts {
		layers[i] = layer{body: body(p.block), rule: p.rule}
	}
	return layers
}

// view is a merged body of layers not all native: it merges what the
// layers' decodings return.
type view struct {
	layers []layer
}

var _ hcl.Body = (*view)(nil)

// Content implements hcl.Body.
func (v *view) Content(s *hcl.BodySchema) (*hcl.BodyContent, hcl.Diagnostics) {
	c, _, diags := v.content(s, false)
	return c, diags
}

// PartialContent implements hcl.Body.
func (v *view) PartialContent(s *hcl.BodySchema) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	return v.content(s, true)
}

func (v *view) content(s *hcl.BodySchema, partial bool) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	relaxed := relax(s)
	n := len(v.layers)
	attrs := make([]map[string]*hcl.Attribute, n)
	blocks := make([][]*hcl.Block, n)
	rests := make([]hcl.Body, n)
	var diags hcl.Diagnostics
	for i, l := range v.layers {
		c, rest, d := decode(l.body, relaxed, partial)
		diags = append(diags, d...)
		attrs[i], blocks[i], rests[i] = c.Attributes, c.Blocks, rest
	}
	folds := foldTypes(v.layers)
	hidden := hiddenNames(v.layers, folds)
	out := &hcl.BodyContent{
		Attributes:       pickAttrs(v.layers, attrs, hidden, hclExpr),
		MissingItemRange: v.MissingItemRange(),
	}
	slots := arrange(v.layers, blocks, hidden, folds, hclHead)
	for _, s := range slots {
		if s.fold == nil {
			out.Blocks = append(out.Blocks, s.block)
			continue
		}
		merged := *s.fold[0].block
		merged.Body = newBody(foldLayers(s.fold, func(b *hcl.Block) hcl.Body { return b.Body }))
		out.Blocks = append(out.Blocks, &merged)
	}
	diags = append(diags, missingRequired(s, out)...)
	if !partial {
		return out, nil, diags
	}
	remain := &view{layers: make([]layer, n)}
	for i, l := range v.layers {
		whole := l.whole
		if whole == nil {
			whole = l.body
		}
		remain.layers[i] = layer{body: rests[i], rule: l.rule, whole: whole, consumed: consume(l.consumed, s)}
	}
	return out, remain, diags
}

// JustAttributes implements hcl.Body. A native layer's first block that
// no schema consumed and no later layer replaces is an error, as the
// first block is in hclsyntax.
func (v *view) JustAttributes() (hcl.Attributes, hcl.Diagnostics) {
	hidden := hiddenNames(v.layers, foldTypes(v.layers))
	attrs := make([]map[string]*hcl.Attribute, len(v.layers))
	var diags hcl.Diagnostics
	for i, l := range v.layers {
		var d hcl.Diagnostics
		if native, ok := l.body.(*hclsyntax.Body); ok {
			attrs[i], d = nativeAttributes(native, l.consumed, hidden[i])
		} else {
			attrs[i], d = l.body.JustAttributes()
		}
		diags = append(diags, d...)
	}
	return pickAttrs(v.layers, attrs, hidden, hclExpr), diags
}

// nativeAttributes is JustAttributes of a native body of which the names
// in consumed were decoded already, and whose blocks of hidden types are
// replaced.
func nativeAttributes(native *hclsyntax.Body, consumed, hidden map[string]bool) (hcl.Attributes, hcl.Diagnostics) {
	attrs := make(hcl.Attributes, len(native.Attributes))
	for name, a := range native.Attributes {
		if !consumed[name] {
			attrs[name] = a.AsHCLAttribute()
		}
	}
	for _, b := range native.Blocks {
		if _, key := syntaxHead(b); consumed[b.Type] || hidden[key] {
			continue
		}
		return attrs, hcl.Diagnostics{{
			Severity: hcl.DiagError,
			Summary:  fmt.Sprintf("Unexpected %q block", b.Type),
			Detail:   "Blocks are not allowed here.",
			Subject:  b.TypeRange.Ptr(),
		}}
	}
	return attrs, nil
}

// consume returns consumed with the names of s added.
func consume(consumed map[string]bool, s *hcl.BodySchema) map[string]bool {
	out := make(map[string]bool, len(consumed)+len(s.Attributes)+len(s.Blocks))
	for name := range consumed {
		out[name] = true
	}
	for _, a := range s.Attributes {
		out[a.Name] = true
	}
	for _, b := range s.Blocks {
		out[b.Type] = true
	}
	return out
}

// MissingItemRange implements hcl.Body: the original body's.
func (v *view) MissingItemRange() hcl.Range {
	return v.layers[0].body.MissingItemRange()
}

// Syntax reads what remains of a merged body (the remainder of a
// PartialContent call, or the whole body) from each layer's syntax, for
// callers that read bodies no schema describes: in a native layer its
// arguments and blocks, in a JSON layer every property an argument (a JSON
// object cannot be told from a block there). Later layers replace earlier
// ones as in every merged body. ok is false when body is not a merged body
// of mixed syntax (nil included): a native one is an *hclsyntax.Body, read
// as such, and any other body is read with JustAttributes.
func Syntax(body hcl.Body) (attrs hcl.Attributes, blocks hcl.Blocks, diags hcl.Diagnostics, ok bool) {
	v, ok := body.(*view)
	if !ok {
		return nil, nil, nil, false
	}
	hidden := hiddenNames(v.layers, foldTypes(v.layers))
	layerAttrs := make([]map[string]*hcl.Attribute, len(v.layers))
	for i, l := range v.layers {
		native, isNative := l.body.(*hclsyntax.Body)
		if !isNative {
			var d hcl.Diagnostics
			layerAttrs[i], d = l.body.JustAttributes()
			diags = append(diags, d...)
			continue
		}
		layerAttrs[i] = make(map[string]*hcl.Attribute, len(native.Attributes))
		for name, a := range native.Attributes {
			if !l.consumed[name] {
				layerAttrs[i][name] = a.AsHCLAttribute()
			}
		}
		for _, b := range native.Blocks {
			if _, key := syntaxHead(b); l.consumed[b.Type] || hidden[i][key] || !l.rule.keepsBlock(key) {
				continue
			}
			blocks = append(blocks, b.AsHCLBlock())
		}
	}
	return pickAttrs(v.layers, layerAttrs, hidden, hclExpr), blocks, diags, true
}
