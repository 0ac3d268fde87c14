package schema

import (
	"reflect"
	"sync"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
)

// hiddenFields returns the indexes of hclsyntax.Body's hiddenAttrs and
// hiddenBlocks, which only the remaining body of a PartialContent sets
// (nil for every body the parser makes); nil when hclsyntax.Body has no
// such fields (another version of it), and then nativeContent is never
// used. They are looked up at the first use, not at every start.
var hiddenFields = sync.OnceValue(func() []int {
	t := reflect.TypeFor[hclsyntax.Body]()
	var idx []int
	for _, name := range []string{"hiddenAttrs", "hiddenBlocks"} {
		f, ok := t.FieldByName(name)
		if !ok || f.Type.Kind() != reflect.Map {
			return nil
		}
		idx = append(idx, f.Index[0])
	}
	return idx
})

// nativeContent returns what b.Content(s) returns when that finds nothing
// to report, without its maps of hidden names (a copy of the body that
// Content drops): every argument of b is one of s, every attribute that
// s requires is in b, and every block of b is of a type of s with as
// many labels as s names. Where one of these fails, and for a body that
// a PartialContent left (whose hidden names Content skips), it reports
// false and Content is needed: it words the errors. A third of the
// decoding of a module's native bodies was spent making those maps.
func nativeContent(b *hclsyntax.Body, s *hcl.BodySchema) (*hcl.BodyContent, bool) {
	hidden := hiddenFields()
	if hidden == nil {
		return nil, false
	}
	v := reflect.ValueOf(b).Elem()
	for _, i := range hidden {
		if !v.Field(i).IsNil() {
			return nil, false
		}
	}
	// The attributes are taken by the schema's names, as PartialContent
	// takes them: a name that s gives twice (which Validate refuses, but
	// Content takes) is one attribute, so that a body's argument that s
	// does not have is not hidden by counting the other twice.
	attrs := make(hcl.Attributes, len(b.Attributes))
	for _, a := range s.Attributes {
		if attr, ok := b.Attributes[a.Name]; ok {
			attrs[a.Name] = attr.AsHCLAttribute()
		} else if a.Required {
			return nil, false
		}
	}
	if len(attrs) != len(b.Attributes) {
		return nil, false // an argument s does not have
	}
	for _, blk := range b.Blocks {
		labels := -1
		for _, bs := range s.Blocks {
			if bs.Type == blk.Type {
				labels = len(bs.LabelNames) // the last of a type, as Content's map keeps it
			}
		}
		if labels != len(blk.Labels) {
			return nil, false
		}
	}
	c := &hcl.BodyContent{Attributes: attrs, MissingItemRange: b.MissingItemRange()}
	if len(b.Blocks) > 0 {
		c.Blocks = make(hcl.Blocks, len(b.Blocks))
		for i, blk := range b.Blocks {
			c.Blocks[i] = blk.AsHCLBlock()
		}
	}
	return c, true
}
