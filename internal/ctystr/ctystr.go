package ctystr

import (
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/zclconf/go-cty/cty"
)

// iface is the layout of an interface value: its type word and its data
// word.
type iface struct {
	tab, data unsafe.Pointer
}

// box is the value of "" that values are made from, and the index of the
// word of cty.Value that holds the data word of its interface, or -1 when
// the layout is not the expected one (cty.Value four words: the type,
// then the interface's two words).
var box = sync.OnceValues(func() (empty cty.Value, data int) {
	if unsafe.Sizeof(cty.Value{}) != 4*unsafe.Sizeof(uintptr(0)) {
		return cty.NilVal, -1
	}
	a, b := cty.StringVal("a"), cty.StringVal("b")
	wa := (*[4]unsafe.Pointer)(unsafe.Pointer(&a))
	wb := (*[4]unsafe.Pointer)(unsafe.Pointer(&b))
	var s any = ""
	str := (*iface)(unsafe.Pointer(&s)).tab // the type word of a string in an interface
	if wa[0] != wb[0] || wa[1] != wb[1] || wa[2] != str || wb[2] != str ||
		wa[3] == nil || wb[3] == nil || *(*string)(wa[3]) != "a" || *(*string)(wb[3]) != "b" {
		return cty.NilVal, -1
	}
	return cty.StringVal(""), 3
})

// Val is cty.StringVal(s).
func Val(s string) cty.Value {
	empty, data := box()
	if data < 0 || s == "" || !ASCII(s) {
		return cty.StringVal(s)
	}
	p := new(string)
	*p = s
	return with(empty, data, p)
}

// Boxed is cty.StringVal(*p) for text that the caller found to be ASCII
// (ASCII reports true) and not empty, the value holding p itself: the
// caller must not change *p while the value is in use. For other text it
// is not cty.StringVal's value (no normalization is done).
func Boxed(p *string) cty.Value {
	empty, data := box()
	if data < 0 {
		return cty.StringVal(*p)
	}
	return with(empty, data, p)
}

// with is empty with p as the data word of its interface.
func with(empty cty.Value, data int, p *string) cty.Value {
	(*[4]unsafe.Pointer)(unsafe.Pointer(&empty))[data] = unsafe.Pointer(p)
	return empty
}

// ASCII reports whether s has no byte of 0x80 or above, eight bytes at a
// time.
func ASCII(s string) bool {
	for len(s) >= 8 {
		t := s[:8]
		x := uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
		if x&0x8080808080808080 != 0 {
			return false
		}
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
