package schema

import (
	"reflect"

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
// A Contents holds every body it decoded until it is dropped: one serves
// one reading of a module tree. It is not safe for concurrent use. The
// zero Contents is ready to use; the nil *Contents decodes every time,
// remembering nothing.
type Contents struct {
	schemas map[*Body]*hcl.BodySchema
	got     map[contentKey]content
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
	if c.got == nil {
		c.schemas, c.got = map[*Body]*hcl.BodySchema{}, map[contentKey]content{}
	}
	k := contentKey{b, body}
	if got, ok := c.got[k]; ok {
		return got.content, got.remain, got.diags
	}
	var got content
	got.content, got.remain, got.diags = b.content(body, c.hcl(b))
	got.diags = got.diags[:len(got.diags):len(got.diags)]
	c.got[k] = got
	return got.content, got.remain, got.diags
}

// hcl returns b.HCL(), made once.
func (c *Contents) hcl(b *Body) *hcl.BodySchema {
	if b.AnyAttributes {
		return nil
	}
	s, ok := c.schemas[b]
	if !ok {
		s = b.HCL()
		c.schemas[b] = s
	}
	return s
}
