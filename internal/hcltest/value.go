package hcltest

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"
)

// RenderValue renders v on one line with its type, exactly: numbers are
// printed without rounding, and marks, unknowns (with their refinements)
// and typed nulls are shown.
//
//	string "x"                    number 1.5 (0x.cp+1)
//	number 9007199254740993       bool true
//	null string                   unknown dynamic
//	unknown string (notnull, prefix "a")
//	marked(sensitive) string "s"
//	tuple [string "a", number 1]  object {"a" = bool true}
//	list(string) []               map(number) {"k" = number 2}
func RenderValue(v cty.Value) string {
	var b strings.Builder
	writeValue(&b, v)
	return b.String()
}

// RenderType renders t in type-constraint syntax, with object attributes
// sorted: string, list(number), object({a=bool}), tuple([string]), dynamic.
func RenderType(t cty.Type) string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

func writeType(b *strings.Builder, t cty.Type) {
	switch {
	case t == cty.NilType:
		b.WriteString("<niltype>")
	case t == cty.DynamicPseudoType:
		b.WriteString("dynamic")
	case t == cty.String:
		b.WriteString("string")
	case t == cty.Number:
		b.WriteString("number")
	case t == cty.Bool:
		b.WriteString("bool")
	case t.IsListType():
		b.WriteString("list(")
		writeType(b, t.ElementType())
		b.WriteString(")")
	case t.IsSetType():
		b.WriteString("set(")
		writeType(b, t.ElementType())
		b.WriteString(")")
	case t.IsMapType():
		b.WriteString("map(")
		writeType(b, t.ElementType())
		b.WriteString(")")
	case t.IsTupleType():
		b.WriteString("tuple([")
		for i, et := range t.TupleElementTypes() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, et)
		}
		b.WriteString("])")
	case t.IsObjectType():
		b.WriteString("object({")
		atys := t.AttributeTypes()
		names := make([]string, 0, len(atys))
		for n := range atys {
			names = append(names, n)
		}
		slices.Sort(names)
		for i, n := range names {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Quote(n))
			if t.AttributeOptional(n) {
				b.WriteString("?")
			}
			b.WriteString("=")
			writeType(b, atys[n])
		}
		b.WriteString("})")
	case t.IsCapsuleType():
		fmt.Fprintf(b, "capsule(%s)", t.FriendlyName())
	default:
		fmt.Fprintf(b, "<%s>", t.FriendlyName())
	}
}

func writeValue(b *strings.Builder, v cty.Value) {
	if v.Type() == cty.NilType {
		b.WriteString("<nilval>")
		return
	}
	if v.IsMarked() {
		inner, marks := v.Unmark()
		names := make([]string, 0, len(marks))
		for m := range marks {
			names = append(names, fmt.Sprint(m))
		}
		slices.Sort(names)
		fmt.Fprintf(b, "marked(%s) ", strings.Join(names, ","))
		v = inner
	}
	t := v.Type()
	if !v.IsKnown() {
		b.WriteString("unknown ")
		writeType(b, t)
		writeRefinements(b, v)
		return
	}
	if v.IsNull() {
		b.WriteString("null ")
		writeType(b, t)
		return
	}
	switch {
	case t == cty.String:
		b.WriteString("string ")
		b.WriteString(strconv.Quote(v.AsString()))
	case t == cty.Number:
		b.WriteString("number ")
		b.WriteString(NumberText(v.AsBigFloat()))
	case t == cty.Bool:
		if v.True() {
			b.WriteString("bool true")
		} else {
			b.WriteString("bool false")
		}
	case t.IsTupleType():
		b.WriteString("tuple ")
		writeElems(b, v)
	case t.IsListType() || t.IsSetType():
		writeType(b, t)
		b.WriteString(" ")
		writeElems(b, v)
	case t.IsObjectType():
		b.WriteString("object ")
		writePairs(b, v)
	case t.IsMapType():
		writeType(b, t)
		b.WriteString(" ")
		writePairs(b, v)
	case t.IsCapsuleType():
		writeType(b, t)
		fmt.Fprintf(b, " %v", v.EncapsulatedValue())
	default:
		fmt.Fprintf(b, "<%#v>", v)
	}
}

func writeElems(b *strings.Builder, v cty.Value) {
	b.WriteString("[")
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		_, ev := it.Element()
		if i > 0 {
			b.WriteString(", ")
		}
		writeValue(b, ev)
	}
	b.WriteString("]")
}

func writePairs(b *strings.Builder, v cty.Value) {
	b.WriteString("{")
	i := 0
	for it := v.ElementIterator(); it.Next(); i++ {
		k, ev := it.Element()
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(k.AsString()))
		b.WriteString(" = ")
		writeValue(b, ev)
	}
	b.WriteString("}")
}

func writeRefinements(b *strings.Builder, v cty.Value) {
	r := v.Range()
	var parts []string
	if r.DefinitelyNotNull() {
		parts = append(parts, "notnull")
	}
	t := v.Type()
	switch {
	case t == cty.String:
		if p := r.StringPrefix(); p != "" {
			parts = append(parts, "prefix "+strconv.Quote(p))
		}
	case t == cty.Number:
		if lo, inc := r.NumberLowerBound(); lo.IsKnown() && !(lo.AsBigFloat().IsInf() && !inc) {
			op := ">"
			if inc {
				op = ">="
			}
			parts = append(parts, op+" "+NumberText(lo.AsBigFloat()))
		}
		if hi, inc := r.NumberUpperBound(); hi.IsKnown() && !(hi.AsBigFloat().IsInf() && !inc) {
			op := "<"
			if inc {
				op = "<="
			}
			parts = append(parts, op+" "+NumberText(hi.AsBigFloat()))
		}
	case t.IsCollectionType():
		if lo := r.LengthLowerBound(); lo != 0 {
			parts = append(parts, fmt.Sprintf("len >= %d", lo))
		}
		if hi := r.LengthUpperBound(); hi != int(^uint(0)>>1) {
			parts = append(parts, fmt.Sprintf("len <= %d", hi))
		}
	}
	if len(parts) > 0 {
		b.WriteString(" (" + strings.Join(parts, ", ") + ")")
	}
}

// NumberText renders f exactly: integers (including -0) in full decimal,
// infinities as +Inf/-Inf, other numbers as the shortest decimal that
// identifies f at its precision followed by the exact binary value in %p
// form, which does not depend on the precision. Numbers with a binary
// exponent beyond ±maxDecimalExp, whose decimal forms are too long or too
// slow to compute, are rendered in the %p form alone.
func NumberText(f *big.Float) string {
	switch {
	case f.IsInf():
		if f.Signbit() {
			return "-Inf"
		}
		return "+Inf"
	case f.Sign() != 0 && (f.MantExp(nil) > maxDecimalExp || f.MantExp(nil) < -maxDecimalExp):
		return f.Text('p', 0)
	case f.IsInt():
		return f.Text('f', 0)
	default:
		return f.Text('g', -1) + " (" + f.Text('p', 0) + ")"
	}
}

// maxDecimalExp bounds the binary exponent of numbers NumberText writes in
// decimal (2^4096 has 1234 decimal digits).
const maxDecimalExp = 4096

// RenderTraversal renders a traversal's steps: var.list[number 0], a.b[*].
// Index keys are rendered with RenderValue. An attribute step always has
// its dot, so a relative traversal reads .a.b.
func RenderTraversal(t hcl.Traversal) string {
	var b strings.Builder
	for _, step := range t {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			b.WriteString("." + s.Name)
		case hcl.TraverseIndex:
			b.WriteString("[" + RenderValue(s.Key) + "]")
		case hcl.TraverseSplat:
			b.WriteString("[*]")
		default:
			fmt.Fprintf(&b, "<%T>", step)
		}
	}
	return b.String()
}
