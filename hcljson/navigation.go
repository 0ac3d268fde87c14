package hcljson

import (
	"strconv"
	"strings"

	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/scanner"
)

// navigation answers hcl.File.Nav's ContextString for editors and the
// diagnostic text writer ("in resource.aws_instance.web:").
type navigation struct {
	f    *file
	root int
}

// ContextString returns the path of the innermost object or array holding
// the byte offset: `.name` per object property (`["name"]` for a name that
// is not an identifier), `[i]` per array element, without the leading dot.
func (n navigation) ContextString(offset int) string {
	if n.root < 0 {
		return ""
	}
	f := n.f
	off := offset - f.start.Byte
	var sb strings.Builder
	cur := n.root
	contains := func(i int) bool {
		k := f.doc.Nodes[i].Kind()
		if k != scanner.Object && k != scanner.Array {
			return false
		}
		return off >= int(f.doc.Nodes[i].Start) && off < f.doc.End(i)
	}
	for {
		next := -1
		switch f.doc.Nodes[cur].Kind() {
		case scanner.Object:
			for k, v := range f.doc.Members(cur) {
				if contains(v) {
					name := f.doc.Text(k)
					if isIdentifier(name) {
						sb.WriteByte('.')
						sb.WriteString(name)
					} else {
						sb.WriteByte('[')
						sb.WriteString(strconv.Quote(name))
						sb.WriteByte(']')
					}
					next = v
					break
				}
			}
		case scanner.Array:
			idx := 0
			for el := range f.doc.Elements(cur) {
				if contains(el) {
					sb.WriteByte('[')
					sb.WriteString(strconv.Itoa(idx))
					sb.WriteByte(']')
					next = el
					break
				}
				idx++
			}
		}
		if next < 0 {
			break
		}
		cur = next
	}
	return strings.TrimPrefix(sb.String(), ".")
}

// isIdentifier reports whether name can follow a dot in a traversal.
func isIdentifier(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case i > 0 && (c >= '0' && c <= '9' || c == '-'):
		case c >= 0x80:
			return hclsyntax.ValidIdentifier(name)
		default:
			return false
		}
	}
	return name != ""
}
