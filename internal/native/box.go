package native

import (
	"sync"
	"unsafe"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/internal/ctystr"
)

// Boxing without allocating. Storing a struct in an interface copies it
// into an allocation of its own; the steps of traversals (an
// hcl.Traverser each) were half the allocations of a parse. The reader
// stores them in slabs instead and makes interface values whose data
// pointer points into the slab: the words an interface value is made of
// are written here, with the type words taken from values Go boxed
// itself. A boxed value is never written to, by Go's rules, and the
// slab elements are not written to after they are boxed.

// iface is the layout of an interface value: its type word (an itab for
// a non-empty interface, a type for interface{}) and its data word.
type iface struct {
	tab, data unsafe.Pointer
}

func words(p unsafe.Pointer) *iface { return (*iface)(p) }

// The type words of the steps of traversals as hcl.Traverser values.
var (
	rootTab  = traverserTab(hcl.TraverseRoot{})
	attrTab  = traverserTab(hcl.TraverseAttr{})
	indexTab = traverserTab(hcl.TraverseIndex{})
)

func traverserTab(t hcl.Traverser) unsafe.Pointer { return words(unsafe.Pointer(&t)).tab }

// boxStep returns the hcl.Traverser whose dynamic value is *v, v a slab
// element, and tab the type word of v's type.
func boxStep[T hcl.TraverseRoot | hcl.TraverseAttr | hcl.TraverseIndex](tab unsafe.Pointer, v *T) hcl.Traverser {
	var t hcl.Traverser
	w := words(unsafe.Pointer(&t))
	w.tab, w.data = tab, unsafe.Pointer(v)
	return t
}

// root, attr and index store a step in the parse's slabs and box it.
func (p *parser) root(name string, rng *hcl.Range) hcl.Traverser {
	s := alloc(&p.slabs.roots)
	s.Name, s.SrcRange = name, *rng
	return boxStep(rootTab, s)
}

func (p *parser) attr(name string, rng *hcl.Range) hcl.Traverser {
	s := alloc(&p.slabs.attrs)
	s.Name, s.SrcRange = name, *rng
	return boxStep(attrTab, s)
}

func (p *parser) index(s hcl.TraverseIndex) hcl.Traverser {
	return boxStep(indexTab, put(&p.slabs.indexes, s))
}

// navType is the type word of the Nav of hclsyntax's files, whose value
// is an unexported struct holding the body; ok when that struct is one
// pointer to the body, which Go stores in the data word itself (as it
// does for every type shaped as a pointer). Checked on a file hclsyntax
// makes: should it ever hold more, files are made as before (see
// newFile).
var navType = sync.OnceValues(func() (typ unsafe.Pointer, ok bool) {
	f, _ := hclsyntax.ParseConfig(nil, "", hcl.InitialPos)
	w := words(unsafe.Pointer(&f.Nav))
	return w.tab, w.data == unsafe.Pointer(f.Body.(*hclsyntax.Body))
})

// newFile returns the file of body, as hclsyntax.ParseConfig makes it:
// its Body, its Bytes and a Nav whose root is body; in f, zero, when it
// is not nil.
func newFile(f *hcl.File, body *hclsyntax.Body, src []byte, filename string, start hcl.Pos) *hcl.File {
	typ, ok := navType()
	if !ok {
		// hclsyntax's File.Nav is an unexported type holding the
		// body: a file parsed from nothing has one, whose body is
		// given ours.
		f, _ := hclsyntax.ParseConfig(nil, filename, start)
		*f.Body.(*hclsyntax.Body) = *body
		f.Bytes = src
		return f
	}
	if f == nil {
		f = new(hcl.File)
	}
	f.Body, f.Bytes = body, src
	w := words(unsafe.Pointer(&f.Nav))
	w.tab, w.data = typ, unsafe.Pointer(body)
	return f
}

// Strings. cty.StringVal boxes its string in the value's interface, an
// allocation of its own for each literal string of a template. The
// reader stores the strings of ASCII only, which cty's normalization
// (NFC) returns as they are, in a slab instead, and internal/ctystr
// builds their values on them; others go through cty.StringVal.

// stringVal is cty.StringVal(s), without an allocation of its own when s
// is ASCII.
func (p *parser) stringVal(s string) cty.Value {
	if s == "" || !ctystr.ASCII(s) {
		return cty.StringVal(s)
	}
	return ctystr.Boxed(put(&p.slabs.strs, s))
}
