package tojson

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/hashicorp/hcl/v2"
)

// comment is a comment in the source: its bytes [start, end), without the
// line break that ends a line comment.
type comment struct {
	start, end int
}

// commentAbove returns the text of the comments directly above an item
// that starts at byte start, looking back no further than byte from (the
// end of the item before, or the start of the body). Between two items of
// a body there is only white space and comments, so the gap is scanned
// here rather than lexed again. Comments are "directly above" when each
// starts its own line and no blank line separates them from each other or
// from the item. at is the item's range, for diagnostics.
func (c *nativeConv) commentAbove(from, start int, at hcl.Range) (string, bool) {
	if from < 0 || start > len(c.src) || from >= start {
		return "", false
	}
	gap := c.src[:start]
	var found []comment
	for i := from; i < start; {
		switch b := gap[i]; {
		case b == ' ' || b == '\t' || b == '\r' || b == '\n':
			i++
		case b == '#' || b == '/' && i+1 < start && gap[i+1] == '/':
			j := i
			for j < start && gap[j] != '\n' {
				j++
			}
			found = append(found, comment{i, j})
			i = j
		case b == '/' && i+1 < start && gap[i+1] == '*':
			j := bytes.Index(gap[i+2:], []byte("*/"))
			if j < 0 {
				return "", false
			}
			found = append(found, comment{i, i + 2 + j + 2})
			i += 2 + j + 2
		case i == 0 && bytes.HasPrefix(gap, []byte(bom)):
			i += len(bom)
			from = i
		default:
			return "", false // not a gap between items after all
		}
	}
	// Walk back from the item while each comment ends on the line just
	// above what follows it and starts its own line.
	first := len(found)
	next := start
	for k := len(found) - 1; k >= 0; k-- {
		cm := found[k]
		if lineBreaks(gap[cm.end:next]) != 1 || !ownLine(gap, from, cm.start) {
			break
		}
		first, next = k, cm.start
	}
	if first == len(found) {
		return "", false
	}
	var b strings.Builder
	for k, cm := range found[first:] {
		if k > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(commentText(string(gap[cm.start:cm.end])))
	}
	text := b.String()
	if !utf8.ValidString(text) {
		c.diags = append(c.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid UTF-8 in a comment",
			Detail:   "The comment above this item is not valid UTF-8, so it cannot be written in JSON.",
			Subject:  at.Ptr(),
		})
		return "", false
	}
	return text, true
}

// commentAfter returns the text of the comment that follows an item on
// the line where the item ends at byte end (a = 1 # why), with the offset
// where the comment ends: a line comment, or a block comment that the
// line ends after. at is the item's range, for diagnostics.
func (c *nativeConv) commentAfter(end int, at hcl.Range) (string, int, bool) {
	i := end
	for i < len(c.src) && (c.src[i] == ' ' || c.src[i] == '\t') {
		i++
	}
	rest := c.src[i:]
	var j int
	switch {
	case bytes.HasPrefix(rest, []byte("#")) || bytes.HasPrefix(rest, []byte("//")):
		j = bytes.IndexByte(rest, '\n')
		if j < 0 {
			j = len(rest)
		}
		if j > 0 && rest[j-1] == '\r' {
			j--
		}
	case bytes.HasPrefix(rest, []byte("/*")):
		k := bytes.Index(rest[2:], []byte("*/"))
		if k < 0 || bytes.IndexByte(rest[:2+k], '\n') >= 0 {
			return "", 0, false // unclosed, or over several lines: not the line's end
		}
		j = 2 + k + 2
		after := bytes.TrimLeft(rest[j:], " \t\r")
		if len(after) > 0 && after[0] != '\n' {
			return "", 0, false // something follows it on the line
		}
	default:
		return "", 0, false
	}
	text := commentText(string(rest[:j]))
	if !utf8.ValidString(text) {
		c.diags = append(c.diags, &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "Invalid UTF-8 in a comment",
			Detail:   "The comment after this item is not valid UTF-8, so it cannot be written in JSON.",
			Subject:  at.Ptr(),
		})
		return "", 0, false
	}
	return text, i + j, true
}

// lineBreaks counts the line feeds in b.
func lineBreaks(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}

// ownLine reports whether only white space stands between the start of
// the line holding byte i and i, within the gap that starts at from (a
// gap that starts at byte 0 starts a line).
func ownLine(src []byte, from, i int) bool {
	for j := i - 1; j >= from; j-- {
		switch src[j] {
		case '\n':
			return true
		case ' ', '\t', '\r':
		default:
			return false
		}
	}
	return from == 0 || from == len(bom) && bytes.HasPrefix(src, []byte(bom))
}

// commentText returns the text of one comment without its markers: "#"
// or "//" and one space after it; or "/*", "*/", the white space inside
// them and, when every line after the first starts with "*" (a boxed
// comment), those stars and one space after each.
func commentText(s string) string {
	switch {
	case strings.HasPrefix(s, "/*"):
		return blockCommentText(strings.TrimSuffix(s[2:], "*/"))
	case strings.HasPrefix(s, "#"):
		s = s[1:]
	default:
		s = s[2:]
	}
	s = strings.TrimRight(s, " \t\r")
	return strings.TrimPrefix(s, " ")
}

func blockCommentText(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	boxed := len(lines) > 1
	for _, l := range lines[1:] {
		if !strings.HasPrefix(strings.TrimLeft(l, " \t"), "*") {
			boxed = false
			break
		}
	}
	for i, l := range lines {
		l = strings.TrimRight(l, " \t\r")
		if boxed {
			l = strings.TrimLeft(l, " \t")
			if i > 0 || strings.HasPrefix(l, "*") {
				l = strings.TrimPrefix(strings.TrimPrefix(l, "*"), " ")
			}
		}
		lines[i] = l
	}
	return strings.Join(lines, "\n")
}
