package scanner

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// DefaultMaxDepth is the nesting depth limit used when Options.MaxDepth is 0.
const DefaultMaxDepth = 1000

// MaxErrors bounds the errors reported for one input; parsing stops at the
// next one.
const MaxErrors = 1000

// MaxNumberLen bounds the length of a number token: converting a number to
// its exact value takes time quadratic in its length, and no useful number
// needs more (512-bit precision is about 155 digits).
const MaxNumberLen = 4096

// Options adjust Parse.
type Options struct {
	// MaxDepth bounds how deeply arrays and objects may nest; 0 means
	// DefaultMaxDepth.
	MaxDepth int

	// MaxNodes bounds the number of values (object keys included) on the
	// tape; 0, or anything above MaxNodes, means MaxNodes. Parsing stops
	// with a CodeTooManyValues error when the next value would pass it.
	MaxNodes int

	// Lines asks Parse to make the document's line table as it scans
	// (Document.Lines then hands it out without reading the text again),
	// for a caller that will ask for positions.
	Lines bool
}

// Parse scans one JSON value from src in a single pass and returns its tape.
// A leading UTF-8 byte order mark is skipped. Errors do not stop the scan
// where the parser can resynchronize (a bad number, keyword or string, a
// missing or trailing comma); otherwise scanning stops at the error, every
// open container is marked unclosed, and the tape holds what was read.
//
// Parse never panics and uses memory linear in len(src).
func Parse(src []byte, opts Options) *Document {
	p := parser{src: src, maxDepth: opts.MaxDepth, maxNodes: opts.MaxNodes}
	if p.maxDepth <= 0 {
		p.maxDepth = DefaultMaxDepth
	}
	if p.maxNodes <= 0 || p.maxNodes > MaxNodes {
		p.maxNodes = MaxNodes
	}
	p.doc = &Document{Src: src}
	if uint64(len(src)) >= math.MaxUint32 {
		p.doc.Errors = append(p.doc.Errors, &Error{Code: CodeTooLarge, CtxStart: -1, CtxEnd: -1, Stopped: true})
		return p.doc
	}
	nodes, opens := estimateNodes(src)
	p.doc.Nodes = make([]Node, 0, min(nodes, p.maxNodes))
	// Containers, escaped strings and long scalars have an ext: the
	// containers number at most the opening brackets; escaped strings are
	// rarer, and grow the slice.
	p.doc.ext = make([]ext, 0, min(opens+opens/8+1, p.maxNodes))
	hasBOM := bytes.HasPrefix(src, bom)
	if hasBOM {
		p.pos = len(bom)
	}
	p.keepLines = opts.Lines
	if p.keepLines {
		p.lines.init(len(src), hasBOM)
	}
	p.run()
	if p.keepLines && len(p.doc.Errors) == 0 && p.pos == len(src) {
		// Every line feed was in white space, and every byte that makes
		// a line not simple was seen: the line table is made.
		p.doc.lineMarks, p.doc.lineComplex, p.doc.lineStarts = p.lines.finish(len(src))
	}
	// The estimate is an upper bound, about a quarter too large on typical
	// configurations (colons and commas in strings): a tape that is kept
	// as long as the document is worth a copy of the exact size when the
	// difference is large (tapeSlack).
	if n := len(p.doc.Nodes); cap(p.doc.Nodes)-n > max(n/16, tapeSlack) {
		p.doc.Nodes = append(make([]Node, 0, n), p.doc.Nodes...)
	}
	if n := len(p.doc.ext); cap(p.doc.ext)-n > max(n/16, tapeSlack) {
		p.doc.ext = append(make([]ext, 0, n), p.doc.ext...)
	}
	return p.doc
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// tapeSlack is the most unused nodes (3 MB) Parse leaves at the end of a
// tape without a copy of the exact size: the copy costs a second large
// allocation, which on documents of a few megabytes costs more time (5% of
// a whole decode at 1 MB) than the memory it saves is worth; from about
// 30 MB of input on, it saves a fifth of what the document keeps alive.
var tapeSlack = 1 << 18 // a variable for tests

// estimateNodes returns an upper bound of the number of nodes a document of
// this text has (bounded by one node per two bytes), so that the tape is
// allocated once. A valid document has 1 + 2m + e nodes for m object
// members and e array elements; every member but the first of each object,
// and every element but the first of each array, follows a comma, so
// e ≤ commas − m + containers, and with m ≤ colons the nodes number at most
// 1 + colons + commas + containers. Colons and commas inside strings only
// make the bound looser; an invalid document may need more, and the tape
// then grows.
//
// It also returns the number of opening brackets, a bound of the number of
// containers.
func estimateNodes(src []byte) (nodes, opens int) {
	opens = bytes.Count(src, []byte{'{'}) + bytes.Count(src, []byte{'['})
	n := 1 + bytes.Count(src, []byte{':'}) + bytes.Count(src, []byte{','}) + opens
	return min(n, len(src)/2+2), min(opens, len(src)/2+2)
}

type frame struct {
	node     uint32 // index of the container on the tape
	count    uint32 // members or elements so far (for JSON Pointers)
	lastKey  uint32 // object: index of the most recent key
	isObject bool
}

type parser struct {
	src      []byte
	pos      int
	doc      *Document
	stack    []frame
	maxDepth int
	maxNodes int
	stopped  bool
	buf      []byte // scratch for unescaping
	// lines makes the Document's line table from the line feeds that
	// white space holds (in a document without errors, all of them),
	// when keepLines (Options.Lines).
	lines     lineBuilder
	keepLines bool
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// ws skips white space; it is small enough to be inlined where there is
// none.
func (p *parser) ws() {
	if p.pos < len(p.src) && p.src[p.pos] > ' ' {
		return
	}
	p.space()
}

// space skips white space, telling the line table of each line feed, tab
// and CR.
func (p *parser) space() {
	src := p.src
	for p.pos < len(src) {
		switch src[p.pos] {
		case ' ':
		case '\n':
			if p.keepLines {
				p.lines.newline(p.pos)
			}
			// The next line's indentation, at once.
			p.pos++
			p.pos += spaceRun(src[p.pos:])
			continue
		case '\t', '\r':
			p.lines.complexLine = true
		default:
			return
		}
		p.pos++
	}
}

// spaceRun returns how many bytes at the start of b are spaces, eight
// bytes at a time (an indentation is often several words).
func spaceRun(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if x := binary.LittleEndian.Uint64(b[i:]) ^ 0x2020202020202020; x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < len(b) && b[i] == ' '; i++ {
	}
	return i
}

// peek returns the next byte after white space, or 0 with ok false at the end.
func (p *parser) peek() (byte, bool) {
	p.ws()
	if p.pos < len(p.src) {
		return p.src[p.pos], true
	}
	return 0, false
}

func (p *parser) push(kind Kind, start, end int) int {
	bits := uint32(kind) << kindShift
	if kind >= Object || end-start > longScalar {
		if kind < Object {
			bits |= flagLong
		}
		bits |= uint32(len(p.doc.ext))
		p.doc.ext = append(p.doc.ext, ext{end: uint32(end)})
	} else {
		bits |= uint32(end - start)
	}
	p.doc.Nodes = append(p.doc.Nodes, Node{Start: uint32(start), bits: bits})
	return len(p.doc.Nodes) - 1
}

// longScalar is the longest scalar whose length the tape holds in the
// node (a variable for tests).
var longScalar = int(auxMask)

// escaped gives String node n the text s (unescaped, or a bare word's),
// kept in strs.
func (p *parser) escaped(n int, s string) {
	p.setEscaped(n, uint32(len(p.doc.strs)))
	p.doc.strs = append(p.doc.strs, s)
}

// escapedValid marks String node n, whose escapes are all valid, as
// escaped: Document.Text unescapes it when asked, so that what a document
// keeps is its source and its tape.
func (p *parser) escapedValid(n int) { p.setEscaped(n, unescapeText) }

// setEscaped marks String node n as escaped, its text being text (an
// index in strs, or unescapeText): its end moves beside the tape, into the
// ext it already has when it is long.
func (p *parser) setEscaped(n int, text uint32) {
	node := &p.doc.Nodes[n]
	if node.bits&flagLong == 0 {
		end := p.doc.End(n)
		node.bits = node.bits&^auxMask | uint32(len(p.doc.ext))
		p.doc.ext = append(p.doc.ext, ext{end: uint32(end)})
	}
	node.bits = node.bits&^flagLong | flagEscaped
	p.doc.ext[node.aux()].aux = text
}

// closeAt records that container node n ends at end, its descendants
// being all the nodes after it so far.
func (p *parser) closeAt(n *Node, end int) {
	e := &p.doc.ext[n.aux()]
	e.end, e.aux = uint32(end), uint32(len(p.doc.Nodes))
}

// fail records an error at the given bytes.
// An error that starts where the previous one did is not recorded: it would
// only follow from the first (a "Trailing comma" after "Invalid start of
// value" on the same comma). After MaxErrors errors, parsing stops, so that
// the cost of errors (each carries a JSON Pointer as deep as the nesting)
// stays bounded.
func (p *parser) fail(code Code, start, end int, text string) *Error {
	e := &Error{Code: code, Start: start, End: end, CtxStart: -1, CtxEnd: -1, Text: text}
	n := len(p.doc.Errors)
	if n > 0 && p.doc.Errors[n-1].Start == start && start < len(p.src) {
		return e // recorded nowhere
	}
	if n >= MaxErrors {
		if !p.stopped {
			p.doc.Errors = append(p.doc.Errors, &Error{Code: CodeTooManyErrors, Start: start, End: end,
				CtxStart: -1, CtxEnd: -1, Text: strconv.Itoa(MaxErrors), Pointer: p.pointer(), Stopped: true, Unread: true})
			p.stopped = true
		}
		return e // recorded nowhere
	}
	e.Pointer = p.pointer()
	p.doc.Errors = append(p.doc.Errors, e)
	return e
}

// stop records an error after which nothing more is read.
func (p *parser) stop(code Code, start, end int, text string) {
	e := p.fail(code, start, end, text)
	e.Stopped = true
	e.Unread = p.unread(p.pos)
	p.stopped = true
}

// unread reports whether anything but white space remains from offset i.
func (p *parser) unread(i int) bool {
	for ; i < len(p.src); i++ {
		if !isSpace(p.src[i]) {
			return true
		}
	}
	return false
}

func (p *parser) pointer() string {
	if len(p.stack) == 0 {
		return ""
	}
	var sb strings.Builder
	for _, f := range p.stack {
		if f.isObject {
			if f.lastKey == 0 {
				continue
			}
			k := p.doc.Text(int(f.lastKey))
			k = strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
			sb.WriteByte('/')
			sb.WriteString(k)
		} else {
			sb.WriteByte('/')
			sb.WriteString(strconv.Itoa(int(f.count)))
		}
	}
	return sb.String()
}

func (p *parser) run() {
	if !p.value() {
		p.finish()
		return
	}
	for len(p.stack) > 0 && !p.stopped {
		p.step()
	}
	p.finish()
	if p.stopped {
		return
	}
	p.ws()
	p.doc.Trailing = p.pos
	if p.pos < len(p.src) {
		p.fail(CodeTrailingData, p.pos, p.pos+charLen(p.src[p.pos:]), "")
	}
}

// finish closes every container left open after a stop.
func (p *parser) finish() {
	for i := len(p.stack) - 1; i >= 0; i-- {
		f := p.stack[i]
		n := &p.doc.Nodes[f.node]
		if f.isObject && f.lastKey != 0 && int(f.lastKey) == len(p.doc.Nodes)-1 {
			// a key without its value: give it a placeholder
			p.push(Invalid, p.pos, p.pos)
			n = &p.doc.Nodes[f.node]
		}
		n.bits |= flagUnclosed
		p.closeAt(n, p.pos)
	}
	p.stack = p.stack[:0]
	if p.stopped {
		p.doc.Trailing = p.pos
	}
}

// close closes the innermost container with the byte at p.pos.
func (p *parser) close() {
	p.pos++
	f := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	p.closeAt(&p.doc.Nodes[f.node], p.pos)
	if len(p.stack) > 0 {
		p.stack[len(p.stack)-1].count++
	}
}

// valueDone is called when a scalar completes inside a container.
func (p *parser) valueDone() {
	if len(p.stack) > 0 {
		p.stack[len(p.stack)-1].count++
	}
}

// Frame states are implicit: a container whose last tape node is itself
// has just been opened; otherwise a value has just been completed.
func (p *parser) step() {
	f := &p.stack[len(p.stack)-1]
	justOpened := int(f.node) == len(p.doc.Nodes)-1
	c, ok := p.peek()
	if !ok {
		if f.isObject {
			p.stop(CodeUnclosedObject, int(p.doc.Nodes[f.node].Start), int(p.doc.Nodes[f.node].Start)+1, "")
		} else {
			p.stop(CodeUnclosedArray, int(p.doc.Nodes[f.node].Start), int(p.doc.Nodes[f.node].Start)+1, "")
		}
		return
	}
	closer := byte(']')
	if f.isObject {
		closer = '}'
	}
	if justOpened {
		if c == closer {
			p.close()
			return
		}
		p.member()
		return
	}
	switch {
	case c == ',':
		comma := p.pos
		p.pos++
		c2, ok := p.peek()
		if ok && c2 == closer {
			if f.isObject {
				p.fail(CodeTrailingCommaObject, comma, comma+1, "")
			} else {
				p.fail(CodeTrailingCommaArray, comma, comma+1, "")
			}
			p.close()
			return
		}
		p.member()
	case c == closer:
		p.close()
	case c == '}' || c == ']':
		// The wrong closer. If it closes the enclosing container, this one
		// lacks its own closer; otherwise take it as this one's.
		if f.isObject {
			p.fail(CodeMismatchedBraces, p.pos, p.pos+1, "")
		} else {
			p.fail(CodeMismatchedBrackets, p.pos, p.pos+1, "")
		}
		if len(p.stack) >= 2 && p.stack[len(p.stack)-2].isObject == (c == '}') && !p.typoCloser() {
			p.pos-- // close() advances past the closer: close without consuming
			p.close()
			p.doc.Nodes[f.node].bits |= flagUnclosed
			return
		}
		p.close()
	case c == ':' && !f.isObject:
		p.fail(CodeArrayColon, p.pos, p.pos+1, "")
		p.pos++
		p.member()
	default:
		if f.isObject && (c == '"' || isLetter(c)) || !f.isObject && canStartValue(c) {
			if f.isObject {
				p.fail(CodeMissingCommaObject, p.pos, p.pos+1, "")
			} else {
				p.fail(CodeMissingCommaArray, p.pos, p.pos+1, "")
			}
			p.member()
			return
		}
		if f.isObject {
			p.stop(CodeMissingCommaObject, p.pos, p.pos+charLen(p.src[p.pos:]), "")
		} else {
			p.stop(CodeMissingCommaArray, p.pos, p.pos+charLen(p.src[p.pos:]), "")
		}
	}
}

// typoCloser reports whether the wrong closer at p.pos looks like a typo for
// the right one: it is followed by a comma or by the enclosing container's
// closer, as the right closer would be.
func (p *parser) typoCloser() bool {
	i := p.pos + 1
	for i < len(p.src) && isSpace(p.src[i]) {
		i++
	}
	if i >= len(p.src) {
		return false
	}
	parentCloser := byte(']')
	if p.stack[len(p.stack)-2].isObject {
		parentCloser = '}'
	}
	return p.src[i] == ',' || p.src[i] == parentCloser
}

func canStartValue(c byte) bool {
	switch c {
	case '{', '[', '"', '-', '+', '.':
		return true
	}
	return c >= '0' && c <= '9' || isLetter(c)
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// member parses the next member of the innermost container: a key, colon and
// value in an object; a value in an array.
func (p *parser) member() {
	f := &p.stack[len(p.stack)-1]
	if !f.isObject {
		p.value()
		return
	}
	c, ok := p.peek()
	if !ok {
		p.stop(CodeUnclosedObject, int(p.doc.Nodes[f.node].Start), int(p.doc.Nodes[f.node].Start)+1, "")
		return
	}
	switch {
	case c == '"':
		p.str(true)
	case isLetter(c) || c >= '0' && c <= '9' || c == '-':
		// A bare word or number as a key: report it and read it as the key.
		start := p.pos
		for p.pos < len(p.src) && (isLetter(p.src[p.pos]) || p.src[p.pos] >= '0' && p.src[p.pos] <= '9' || p.src[p.pos] == '_' || p.src[p.pos] == '-' || p.src[p.pos] == '.') {
			p.pos++
		}
		p.fail(CodePropertyName, start, p.pos, string(p.src[start:p.pos]))
		p.escaped(p.push(String, start, p.pos), string(p.src[start:p.pos]))
	default:
		p.stop(CodePropertyName, p.pos, p.pos+charLen(p.src[p.pos:]), "")
		return
	}
	f = &p.stack[len(p.stack)-1]
	f.lastKey = uint32(len(p.doc.Nodes) - 1)
	if p.stopped {
		return // finish gives the key a placeholder value
	}
	c, ok = p.peek()
	switch {
	case !ok:
		p.stop(CodeUnclosedObject, int(p.doc.Nodes[f.node].Start), int(p.doc.Nodes[f.node].Start)+1, "")
		return
	case c == ':':
		p.pos++
	case c == '=':
		p.fail(CodeColonEquals, p.pos, p.pos+1, "")
		p.pos++
	case c == ',' || c == '}':
		p.fail(CodeMissingObjectValue, p.pos, p.pos+1, "")
		p.push(Invalid, p.pos, p.pos)
		p.valueDone()
		return
	case canStartValue(c):
		p.fail(CodeColon, p.pos, p.pos+1, "")
	default:
		p.stop(CodeColon, p.pos, p.pos+charLen(p.src[p.pos:]), "")
		return
	}
	p.value()
}

// value parses one value. Scalars are complete on return; a container is
// pushed on the stack. It returns false if nothing could be read.
func (p *parser) value() bool {
	// A value may need two nodes (after its key), and an error after it
	// one more.
	if len(p.doc.Nodes)+3 > p.maxNodes {
		p.ws()
		p.stop(CodeTooManyValues, p.pos, min(p.pos+1, len(p.src)), strconv.Itoa(p.maxNodes))
		if len(p.stack) > 0 {
			p.push(Invalid, p.pos, p.pos)
		}
		return false
	}
	c, ok := p.peek()
	if !ok {
		p.stop(CodeMissingValueEOF, p.pos, p.pos, "")
		if len(p.stack) > 0 {
			p.push(Invalid, p.pos, p.pos)
		}
		return false
	}
	switch {
	case c == '{' || c == '[':
		if len(p.stack) >= p.maxDepth {
			p.stop(CodeDepth, p.pos, p.pos+1, strconv.Itoa(p.maxDepth))
			p.push(Invalid, p.pos, p.pos)
			return false
		}
		kind := Array
		if c == '{' {
			kind = Object
		}
		i := p.push(kind, p.pos, p.pos+1)
		p.stack = append(p.stack, frame{node: uint32(i), isObject: c == '{'})
		p.pos++
		return true
	case c == '"':
		p.str(false)
	case c == '-' || c >= '0' && c <= '9' || c == '+' || c == '.':
		p.number()
	case isLetter(c):
		p.keyword()
	case c == '}' || c == ']' || c == ',':
		// A missing value: report it and leave the token to the container.
		switch c {
		case '}':
			p.fail(CodeMissingValueBrace, p.pos, p.pos+1, "")
		case ']':
			p.fail(CodeMissingValueBracket, p.pos, p.pos+1, "")
		default:
			p.fail(CodeInvalidStart, p.pos, p.pos+1, "")
		}
		p.push(Invalid, p.pos, p.pos)
		if len(p.stack) == 0 {
			p.stopped = true
			e := p.doc.Errors[len(p.doc.Errors)-1]
			e.Stopped, e.Unread = true, true
			return false
		}
	default:
		p.stop(CodeInvalidStart, p.pos, p.pos+charLen(p.src[p.pos:]), "")
		p.push(Invalid, p.pos, p.pos)
		return false
	}
	p.valueDone()
	return true
}

// charLen returns the length of the UTF-8 character at the start of b (1 for
// an invalid byte), so that a diagnostic covers a whole character.
func charLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	if b[0] < utf8.RuneSelf {
		return 1
	}
	_, n := utf8.DecodeRune(b)
	return n
}

func (p *parser) keyword() {
	start := p.pos
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if !isLetter(c) && c != '_' && !(c >= '0' && c <= '9') {
			break
		}
		p.pos++
	}
	w := p.src[start:p.pos]
	switch string(w) {
	case "true":
		p.push(True, start, p.pos)
	case "false":
		p.push(False, start, p.pos)
	case "null":
		p.push(Null, start, p.pos)
	case "undefined", "NaN", "Infinity":
		p.fail(CodeJSIdentifier, start, p.pos, string(w))
		p.push(Invalid, start, p.pos)
	default:
		p.fail(CodeKeyword, start, p.pos, string(w))
		p.push(Invalid, start, p.pos)
	}
}

// number reads the bytes that may belong to a number (as loosely as HCL's
// scanner, so that the message can quote what was meant) and checks them
// against the JSON grammar.
func (p *parser) number() {
	start := p.pos
	for p.pos < len(p.src) {
		switch c := p.src[p.pos]; {
		case c >= '0' && c <= '9', c == '-', c == '+', c == '.', c == '_', isLetter(c):
			p.pos++
			continue
		}
		break
	}
	lit := p.src[start:p.pos]
	if len(lit) > MaxNumberLen {
		p.fail(CodeNumberLong, start, p.pos, strconv.Itoa(MaxNumberLen))
		p.push(Invalid, start, p.pos)
		return
	}
	expLarge, ok := checkNumber(lit)
	if !ok {
		p.fail(CodeNumber, start, p.pos, string(lit))
		p.push(Invalid, start, p.pos)
		return
	}
	if expLarge && numberOutOfRange(string(lit)) {
		p.fail(CodeNumberRange, start, p.pos, string(lit))
		p.push(Invalid, start, p.pos)
		return
	}
	p.push(Number, start, p.pos)
}

// checkNumber reports whether b is a JSON number (RFC 8259), and whether its
// exponent is large enough that it may not be representable.
func checkNumber(b []byte) (expLarge, ok bool) {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return false, false
	}
	switch {
	case b[i] == '0':
		i++
	case b[i] >= '1' && b[i] <= '9':
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	default:
		return false, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return false, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d := i
		for i < len(b) && b[i] == '0' {
			i++
		}
		nz := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return false, false
		}
		expLarge = i-nz >= 8
	}
	return expLarge, i == len(b)
}

// numberOutOfRange reports whether a number literal becomes infinite, or zero
// although it has a non-zero digit, at the precision HCL parses numbers with.
func numberOutOfRange(s string) bool {
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil {
		return true
	}
	if f.IsInf() {
		return true
	}
	if f.Sign() == 0 {
		mant := s
		if i := strings.IndexAny(mant, "eE"); i >= 0 {
			mant = mant[:i]
		}
		return strings.ContainsAny(mant, "123456789")
	}
	return false
}

// strTable marks the bytes that end the fast path of string scanning.
var strTable = func() (t [256]bool) {
	for i := 0; i < 0x20; i++ {
		t[i] = true
	}
	t['"'] = true
	t['\\'] = true
	for i := 0x80; i < 0x100; i++ {
		t[i] = true
	}
	return t
}()

// str reads a string. A key stays a String node even when it has errors (so
// that object members keep their shape); a value with errors becomes Invalid.
func (p *parser) str(isKey bool) {
	start := p.pos
	i := p.pos + 1
	src := p.src
	escaped := false
	var errs int
	p.buf = p.buf[:0]
	lit := i // start of the pending literal run (when escaped)
	for {
		// Eight bytes at a time while none is special: no quote, no
		// backslash, no control character, all ASCII.
		for i+8 <= len(src) {
			x := binary.LittleEndian.Uint64(src[i:])
			const ones, highs = 0x0101010101010101, 0x8080808080808080
			quote, bslash := x^('"'*ones), x^('\\'*ones)
			special := x | (x-0x20*ones)&^x | (quote-ones)&^quote | (bslash-ones)&^bslash
			if special &= highs; special != 0 {
				// Each term flags its lowest special byte exactly (a
				// borrow flags only bytes above a true one): the lowest
				// flag is the first special byte.
				i += bits.TrailingZeros64(special) / 8
				break
			}
			i += 8
		}
		for i < len(src) && !strTable[src[i]] {
			i++
		}
		if i >= len(src) {
			break
		}
		c := src[i]
		switch {
		case c == '"':
			goto done
		case c == '\\':
			if !escaped {
				escaped = true
			}
			p.buf = append(p.buf, src[lit:i]...)
			n := p.escape(start, i)
			if n < 0 {
				errs++
				n = -n
				p.buf = append(p.buf, src[i:i+n]...)
			}
			i += n
			lit = i
		case c < 0x20:
			if c == '\n' || c == '\r' {
				// A line break: the string was never closed.
				goto unterminated
			}
			p.fail(CodeControl, i, i+1, fmt.Sprintf("U+%04X", c)).setCtx(start, -1)
			errs++
			i++
		default:
			p.lines.complexLine = true
			r, n := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && n <= 1 {
				p.fail(CodeUTF8, i, i+1, fmt.Sprintf("0x%02X", c)).setCtx(start, -1)
				errs++
			}
			i += n
		}
	}
unterminated:
	{
		e := p.fail(CodeUnterminated, start, start+1, "")
		e.CtxStart, e.CtxEnd = start, i
		e.Stopped = true
		e.Unread = p.unread(i)
		p.stopped = true
		// The value ends at the line break (or the end of input).
		p.fixCtx(start, i)
		p.pos = i
		kind := Invalid
		if isKey {
			kind = String
		}
		n := p.push(kind, start, i)
		if isKey {
			p.escaped(n, string(src[start+1:i]))
		}
		return
	}
done:
	i++ // closing quote
	p.fixCtx(start, i)
	p.pos = i
	if errs > 0 && !isKey {
		p.push(Invalid, start, i)
		return
	}
	n := p.push(String, start, i)
	switch {
	case escaped && errs == 0:
		p.escapedValid(n)
	case escaped:
		p.buf = append(p.buf, src[lit:i-1]...)
		p.escaped(n, string(p.buf))
	}
}

func (e *Error) setCtx(start, end int) *Error {
	e.CtxStart, e.CtxEnd = start, end
	return e
}

// fixCtx sets the end of the context of the errors recorded for the string
// that starts at start, now that its end is known.
func (p *parser) fixCtx(start, end int) {
	for k := len(p.doc.Errors) - 1; k >= 0; k-- {
		e := p.doc.Errors[k]
		if e.CtxStart != start {
			break
		}
		if e.CtxEnd < 0 {
			e.CtxEnd = end
		}
	}
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

func (p *parser) hex4(i int) rune { return hex4(p.src, i) }

// hex4 reads the four hex digits of the \u escape at src[i], or returns -1.
func hex4(src []byte, i int) rune {
	if i+6 > len(src) {
		return -1
	}
	var r rune
	for _, c := range src[i+2 : i+6] {
		h := hexVal(c)
		if h < 0 {
			return -1
		}
		r = r<<4 | rune(h)
	}
	return r
}

// escape decodes the escape sequence at src[i] (a backslash) into p.buf and
// returns its length in bytes, or minus the length of the bad sequence.
func (p *parser) escape(strStart, i int) int {
	src := p.src
	if i+1 >= len(src) {
		p.fail(CodeEscape, i, i+1, `\`).setCtx(strStart, -1)
		return -1
	}
	switch src[i+1] {
	case '"', '\\', '/':
		p.buf = append(p.buf, src[i+1])
	case 'b':
		p.buf = append(p.buf, '\b')
	case 'f':
		p.buf = append(p.buf, '\f')
	case 'n':
		p.buf = append(p.buf, '\n')
	case 'r':
		p.buf = append(p.buf, '\r')
	case 't':
		p.buf = append(p.buf, '\t')
	case 'u':
		r := p.hex4(i)
		if r < 0 {
			n := 2
			for n < 6 && i+n < len(src) && hexVal(src[i+n]) >= 0 {
				n++
			}
			p.fail(CodeEscape, i, i+n, string(src[i:i+n])).setCtx(strStart, -1)
			return -n
		}
		if utf16.IsSurrogate(r) {
			if r < 0xDC00 && i+12 <= len(src) && src[i+6] == '\\' && src[i+7] == 'u' {
				if r2 := p.hex4(i + 6); r2 >= 0xDC00 && r2 <= 0xDFFF {
					p.buf = utf8.AppendRune(p.buf, utf16.DecodeRune(r, r2))
					return 12
				}
			}
			p.fail(CodeSurrogate, i, i+6, string(src[i:i+6])).setCtx(strStart, -1)
			return -6
		}
		p.buf = utf8.AppendRune(p.buf, r)
		return 6
	default:
		n := 1 + charLen(src[i+1:])
		if src[i+1] < 0x20 {
			n = 1 // a line break after a backslash: leave it to end the string
		}
		p.fail(CodeEscape, i, i+n, string(src[i:i+n])).setCtx(strStart, -1)
		return -n
	}
	return 2
}
