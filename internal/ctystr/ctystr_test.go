package ctystr

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/zclconf/go-cty/cty"
)

// texts are strings of ASCII and not, around the word size, and
// strings that NFC changes ("e" and a combining acute accent becomes
// "é"; the Angstrom sign becomes "Å").
var texts = []string{
	"", "a", "web", "1234567", "12345678", "123456789", "arn:aws:s3:::bucket/*",
	strings.Repeat("x", 64) + "\x7f", "\x00\t\n\"\\", "é", "e\u0301", "\u212b",
	"abcdefg\u0301", "abcdefgh\u0301", strings.Repeat("y", 15) + "é", "\xff", "a\xffb",
}

// TestVal checks that Val and Boxed give what cty.StringVal gives, raw
// (type, value, no marks or refinements), and that the values work as
// any other: equality, the Go string back.
func TestVal(t *testing.T) {
	if _, data := box(); data < 0 {
		t.Fatal("the layout of cty.Value is not the expected one: every value goes through cty.StringVal")
	}
	for _, s := range texts {
		want := cty.StringVal(s)
		vals := map[string]cty.Value{"Val": Val(s)}
		if s != "" && ASCII(s) {
			vals["Boxed"] = Boxed(&s)
		}
		for name, got := range vals {
			if !got.RawEquals(want) {
				t.Errorf("%s(%q) = %#v, want %#v", name, s, got, want)
			}
			if got.AsString() != want.AsString() || got.Type() != cty.String {
				t.Errorf("%s(%q): %q of %#v, want %q", name, s, got.AsString(), got.Type(), want.AsString())
			}
			if !got.Equals(want).True() || !want.Equals(got).True() {
				t.Errorf("%s(%q): not equal to cty.StringVal's", name, s)
			}
		}
	}
}

// TestBoxedShares checks that Boxed's value holds the caller's string
// (no copy of its own: several values on one allocation).
func TestBoxedShares(t *testing.T) {
	strs := []string{"first", "second"}
	a, b := Boxed(&strs[0]), Boxed(&strs[1])
	if a.AsString() != "first" || b.AsString() != "second" {
		t.Fatalf("Boxed: %q, %q", a.AsString(), b.AsString())
	}
	_, data := box()
	if held := (*string)((*[4]unsafe.Pointer)(unsafe.Pointer(&a))[data]); held != &strs[0] {
		t.Errorf("Boxed(&strs[0]) holds a string at %p, not strs[0] itself (%p)", held, &strs[0])
	}
}

func TestASCII(t *testing.T) {
	for _, s := range texts {
		want := true
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				want = false
			}
		}
		if got := ASCII(s); got != want {
			t.Errorf("ASCII(%q) = %v, want %v", s, got, want)
		}
	}
}

var sink cty.Value

func BenchmarkVal(b *testing.B) {
	for _, c := range []string{"t3.micro", "arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore"} {
		s := strings.Clone(c) // not a constant, whose interface cty.StringVal would not allocate
		b.Run("cty/"+s[:4], func(b *testing.B) {
			for b.Loop() {
				sink = cty.StringVal(s)
			}
		})
		b.Run("ctystr/"+s[:4], func(b *testing.B) {
			for b.Loop() {
				sink = Val(s)
			}
		})
	}
}
