package schema

import (
	"reflect"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
)

// Contents remembers what Body.Content returns for each pair of a schema
// body and an hcl.Body, and the *hcl.BodySchema of each schema body
// (Body.HCL), so that the layers that read one body with one schema (the
// check of a file against its language, the declarations of a module,
// its evaluation) decode it once between them.
//
// What Content returns is shared by every caller that asks for the same
// pair: it must not be modified (the diagnostics come in a slice of their
// own capacity, so that appending to it copies). A Body must not change
// once a Contents decoded with it; an hcl.Body is the same body for as
// long as it is the same pointer (a body of another kind, such as what
// hcl.MergeBodies makes, is decoded on every call).
// Two schema bodies that decode alike (the same AnyAttributes and Open,
// the same hcl.BodySchema and the same attributes that may be written as
// blocks, such as a block type of two languages) share what they decoded:
// a body read by the check of a file with OpenTofu's language and by the
// declarations with Terraform's root schema is decoded once.
// A Contents holds every body it decoded until it is dropped: one serves
// one reading of a module tree. It is safe for concurrent use: a pair
// that two goroutines ask for at once may be decoded by each, and the
// first decoding kept. The zero Contents is ready to use; the nil
// *Contents decodes every time, remembering nothing.
type Contents struct {
	mu      sync.Mutex
	schemas map[*Body]*hcl.BodySchema
	got     map[contentKey]content
	// canon maps each schema body met to the first one met that decodes
	// alike (decodesAlike), by its key (decodingKey) in first.
	canon map[*Body]*Body
	first map[string]*Body
}

type contentKey struct {
	schema *Body
	body   hcl.Body
}

type content struct {
	content *hcl.BodyContent
	remain  hcl.Body
	diags   hcl.Diagnostics
}

// Content returns what b.Content(body) returns, decoded on the first
// call for the pair and remembered. It panics if b or body is nil.
func (c *Contents) Content(b *Body, body hcl.Body) (*hcl.BodyContent, hcl.Body, hcl.Diagnostics) {
	if c == nil {
		return b.Content(body)
	}
	if body == nil {
		panic("schema: Contents.Content of a nil hcl.Body")
	}
	if reflect.TypeOf(body).Kind() != reflect.Pointer {
		// Not a body that stays the same value: hcl.MergeBodies makes
		// a slice, which cannot be a key.
		return b.Content(body)
	}
	anyAttributes := b.AnyAttributes // a nil b panics here
	c.mu.Lock()
	if c.got == nil {
		c.schemas, c.got = map[*Body]*hcl.BodySchema{}, map[contentKey]content{}
		c.canon, c.first = map[*Body]*Body{}, map[string]*Body{}
	}
	cb, ok := c.canon[b]
	if !ok {
		key := decodingKey(b)
		if cb, ok = c.first[key]; !ok {
			cb = b
			c.first[key] = b
		}
		c.canon[b] = cb
	}
	k := contentKey{cb, body}
	got, found := c.got[k]
	var s *hcl.BodySchema
	if !found && !anyAttributes {
		var made bool
		if s, made = c.schemas[cb]; !made {
			s = cb.HCL()
			c.schemas[cb] = s
		}
	}
	c.mu.Unlock()
	if found {
		return got.content, got.remain, got.diags
	}
	got.content, got.remain, got.diags = cb.content(body, s)
	got.diags = got.diags[:len(got.diags):len(got.diags)]
	c.mu.Lock()
	if kept, ok := c.got[k]; ok {
		got = kept // decoded meanwhile by another goroutine
	} else {
		c.got[k] = got
	}
	c.mu.Unlock()
	return got.content, got.remain, got.diags
}

// decodingKey returns what Body.Content's result depends on in b: its
// AnyAttributes and Open, the hcl.BodySchema it decodes with (b.HCL())
// and the attributes that asBlocks may turn into blocks. Two bodies of
// one key decode every hcl.Body alike.
func decodingKey(b *Body) string {
	var k strings.Builder
	switch {
	case b.AnyAttributes:
		return "*"
	case b.Open:
		k.WriteString("open")
	}
	for _, a := range b.Attributes {
		k.WriteString("\x00a")
		if a.Required {
			k.WriteString("!")
		}
		if a.AsBlocks != nil {
			k.WriteString("[]")
		}
		k.WriteString(a.Name)
	}
	for _, blk := range b.Blocks {
		k.WriteString("\x00b")
		k.WriteString(blk.Type)
		for _, l := range blk.Labels {
			k.WriteString("\x01")
			k.WriteString(l)
		}
	}
	return k.String()
}
