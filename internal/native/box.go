package native

import (
	"sync"
	"unsafe"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
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
// reader stores the strings in a slab instead and writes the value's
// data word as above, for strings of ASCII only, which cty's
// normalization (NFC) returns as they are; others go through
// cty.StringVal.

// strBox is the value of "" that strings are made from, and where
// cty.Value keeps the data word of its interface (a word index), or -1
// when the layout is not the expected one (a type, then the interface's
// two words), checked once on values cty makes: strings then go through
// cty.StringVal.
var strBox = sync.OnceValues(func() (empty cty.Value, data int) {
	if unsafe.Sizeof(cty.Value{}) != 4*unsafe.Sizeof(uintptr(0)) {
		return cty.NilVal, -1
	}
	a, b := cty.StringVal("a"), cty.StringVal("b")
	wa := (*[4]unsafe.Pointer)(unsafe.Pointer(&a))
	wb := (*[4]unsafe.Pointer)(unsafe.Pointer(&b))
	var s any = ""
	str := words(unsafe.Pointer(&s)).tab // the type word of a string in an interface{}
	// The value's type, then its interface: the type word a string's
	// and the data word pointing to the string.
	if wa[0] != wb[0] || wa[1] != wb[1] || wa[2] != str || wb[2] != str ||
		wa[3] == nil || wb[3] == nil || *(*string)(wa[3]) != "a" || *(*string)(wb[3]) != "b" {
		return cty.NilVal, -1
	}
	return cty.StringVal(""), 3
})

// stringVal is cty.StringVal(s), without an allocation of its own when s
// is ASCII.
func (p *parser) stringVal(s string) cty.Value {
	empty, data := strBox()
	if data < 0 || s == "" || !asciiString(s) {
		return cty.StringVal(s)
	}
	v := empty
	(*[4]unsafe.Pointer)(unsafe.Pointer(&v))[data] = unsafe.Pointer(put(&p.slabs.strs, s))
	return v
}
