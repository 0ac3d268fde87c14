package tonative

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/nativefmt"
	"github.com/hcljson/hcljson/internal/nesting"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/template"
)

// Options says how Convert converts HCL's JSON syntax to native
// syntax.
type Options struct {
	// Schema is the schema of the file's root body (such as
	// schema.Terraform.Root, or a Language from WithProviders). It says
	// which properties are blocks and how each argument's value is read.
	// Nil means the language that the file's name implies
	// (schema.LanguageFor: .tf.json is Terraform configuration, .tofu.json
	// OpenTofu's), and for any other name a generic HCL file: an open body
	// whose arguments are expressions and whose blocks nobody knows
	// (schema.Generic.Root chooses that reading whatever the name).
	Schema *schema.Body

	// ObjectsAsAttributes writes a property that no schema places (an
	// object, or an array, in a body whose schema does not list the
	// name) as an argument, with a warning for each, instead of
	// reporting an error.
	ObjectsAsAttributes bool
}

// Convert converts a file in HCL's JSON syntax to native syntax, laid
// out as terraform fmt lays it out (hclwrite.Format).
//
// Blocks come from the schema: each property that the schema lists as a
// block type becomes one block per body, with its labels, in any of the
// JSON forms. Arguments keep their order, and so do blocks among them.
// Each value is written as the schema's mode reads it: an expression's
// strings are templates, so "${var.x}" becomes var.x, "web-${var.env}"
// stays a quoted template and a string without template syntax a quoted
// string; a literal argument's strings are text, written with "${" and
// "%{" escaped; type expressions, references, keywords and native
// expressions held in strings are written as their text. Strings with
// several lines that end in a newline are written as heredocs. A "//"
// property of a body becomes a # comment above what follows it.
//
// A property that the schema cannot place is an error naming its path,
// and so is a value that native syntax cannot say (an argument whose name
// is not an identifier, a reference that is not one): every argument of
// the output is read back and compared with the input, and a difference
// is an error, never a silent change. On errors Convert returns no
// output.
func Convert(src []byte, filename string, opts Options) ([]byte, hcl.Diagnostics) {
	f, diags := hcljson.Parse(src, filename)
	if diags.HasErrors() {
		return nil, diags
	}
	out, more := ConvertFile(f, opts)
	return out, append(diags, more...)
}

// ConvertFile is Convert for a file that hcljson.Parse made (without
// errors), so that a caller which needs the parsed file too (for
// diagnostics' snippets, or to look at it) parses once: ConvertFile reads
// the tape f was decoded from. Any other file is an error.
func ConvertFile(f *hcl.File, opts Options) ([]byte, hcl.Diagnostics) {
	var out bytes.Buffer
	if source, ok := hcljson.SourceOf(f); ok {
		out.Grow(len(source.Bytes) * 2 / 3) // native text is about 0.6 of the JSON
	}
	if diags := ConvertTo(&out, f, opts); diags.HasErrors() {
		return nil, diags
	} else {
		return out.Bytes(), diags
	}
}

// ConvertTo is ConvertFile writing the output to w as it is produced, so
// that memory does not grow with the output: top-level blocks are
// converted on all cores (GOMAXPROCS), a bounded number ahead of the one
// being written. Errors are known only at the end: on errors, what was
// written is not a conversion and must be discarded (write to a
// temporary file, rename it when ConvertTo reports no error). A write
// error of w is reported as a diagnostic and ends the conversion. ConvertTo
// panics if w is nil.
func ConvertTo(w io.Writer, f *hcl.File, opts Options) hcl.Diagnostics {
	if w == nil {
		panic("tonative: ConvertTo with a nil io.Writer")
	}
	source, ok := hcljson.SourceOf(f) // the tape f was decoded from
	if !ok || len(source.Doc.Errors) > 0 {
		return hcl.Diagnostics{notJSON()}
	}
	c := &jsonConv{
		Source: source,
		opts:   opts,
	}
	root := opts.Schema
	if root == nil {
		if lang := schema.LanguageFor(source.Filename); lang != nil {
			root = lang.Root
		} else {
			root = &schema.Body{Open: true}
		}
	}
	// The structure must be valid for the schema first, as HCL's JSON
	// decoder sees it: its diagnostics are the ones a user knows. In
	// parallel, each top-level block is checked by the goroutine that
	// converts it (emit), and the root here.
	parallel := len(source.Bytes) >= parallelMin && runtime.GOMAXPROCS(0) > 1
	content, diags := root.CheckContent(f.Body)
	if content != nil && (!parallel || diags.HasErrors()) {
		for _, blk := range content.Blocks {
			diags = append(diags, root.CheckBlock(blk)...)
		}
	}
	if diags.HasErrors() {
		return diags
	}
	if parallel {
		c.units = []*unit{} // top-level blocks are units, converted in parallel
	}
	if len(c.Doc.Nodes) > 0 {
		c.body(0, root, nil, 0)
		c.flush()
	}
	if parallel && (content == nil || !c.matchBlocks(content.Blocks)) {
		// Not the blocks the units are (this should not happen): check
		// them all here.
		if content != nil {
			for _, blk := range content.Blocks {
				diags = append(diags, root.CheckBlock(blk)...)
			}
		}
		if diags.HasErrors() {
			return diags
		}
		for _, u := range c.units {
			u.check = nil
		}
	}
	if len(c.out) > 0 || len(c.units) > 0 {
		c.out = append(c.out, '\n')
	}
	if c.units == nil {
		c.relayout(0) // arguments of the root (generic files)
	}
	// The output is not parsed again: every argument was read back one
	// by one (readBack), and the rest (names, labels, braces, comments)
	// is written so that it parses; the tests parse every output.
	c.root = root
	return c.emit(w)
}

// matchBlocks gives each unit its block in blocks, the root content, for
// the structure check, and reports whether they are the same blocks in
// the same order.
func (c *jsonConv) matchBlocks(blocks []*hcl.Block) bool {
	n := 0
	for _, u := range c.units {
		n += len(u.blocks)
	}
	if n != len(blocks) {
		return false
	}
	for _, u := range c.units {
		u.check, blocks = blocks[:len(u.blocks):len(u.blocks)], blocks[len(u.blocks):]
		for i, b := range u.check {
			if b.Type != u.blocks[i].typ || !slices.Equal(b.Labels, u.blocks[i].labels) {
				return false
			}
		}
	}
	return true
}

// jsonConv holds the state of one Convert.
type jsonConv struct {
	*hcljson.Source
	opts  Options
	out   []byte
	diags hcl.Diagnostics
	// tmpl is the template of string node tmplNode that the value writer
	// parsed last: readBack reads the JSON side with it.
	tmpl     *template.Template
	tmplNode int
	// units, when not nil, receives the top-level blocks: body leaves
	// their place in out and emit has them converted in parallel.
	units []*unit
	root  *schema.Body // the root schema, for the units' structure check
	// last is what was written last in the current body: 0 nothing,
	// 'a' an argument, 'b' a block, 'c' a comment.
	last byte
	// run holds the arguments not written yet, the values laid out in
	// runBuf: the "=" of consecutive arguments line up (flush).
	run    []pendingArg
	runBuf []byte
	// reformat is set when an argument's value may be laid out
	// differently in its place than alone (relayout).
	reformat bool
}

// item starts a new item (an argument, a block or a comment line) at
// depth: blocks are set apart from their neighbours by a blank line, and a
// comment stays with what follows it.
func (c *jsonConv) item(kind byte, depth int) {
	if kind != 'a' {
		c.flush()
	}
	if c.last != 0 && c.last != 'c' && (kind == 'b' || c.last == 'b' || kind == 'c' && depth == 0) {
		c.out = append(c.out, '\n')
	}
	c.last = kind
	c.line(depth)
}

func (c *jsonConv) errorf(i int, summary, format string, args ...any) {
	c.diags = append(c.diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  summary,
		Detail:   fmt.Sprintf(format, args...),
		Subject:  c.Range(i).Ptr(),
	})
}

// line starts a new output line at depth.
func (c *jsonConv) line(depth int) {
	if len(c.out) > 0 || len(c.units) > 0 {
		c.out = append(c.out, '\n')
	}
	for range depth {
		c.out = append(c.out, "  "...)
	}
}

// body writes the content of body node i (an object or an array of
// objects) read with schema s. path names the enclosing blocks, for
// messages.
func (c *jsonConv) body(i int, s *schema.Body, path []string, depth int) {
	seen := map[string]int{}
	var blocks map[string]bool // names known to be nested blocks without a schema
	if s.Open && !s.ArgumentsOnly {
		blocks = c.blockEvidence(i, s)
	}
	for obj := range c.BodyObjects(i, "A body", &c.diags) {
		for k, v := range c.Doc.Members(obj) {
			name := c.Doc.Text(k)
			if name == "//" {
				c.comment(v, depth)
				continue
			}
			switch it := s.Lookup(name).(type) {
			case *schema.Block:
				c.blocks(k, v, it, name, path, depth)
				continue
			case *schema.Attribute:
				c.attribute(k, v, s, name, path, depth, seen)
				continue
			}
			if _, ok := s.Argument(name); !ok {
				continue // reported by CheckStructure
			}
			if blocks[name] && c.mayBeBlock(v) {
				c.blocks(k, v, evidentBlock(name, s), name, path, depth)
				continue
			}
			if s.Open && !s.ArgumentsOnly && c.mayBeBlock(v) {
				if !c.opts.ObjectsAsAttributes {
					c.errorf(k, "Ambiguous property",
						"%s in %s is %s: without a schema that lists it, it could be a nested block or an argument. %s",
						quoteName(name), where(path), c.describe(v), remedy(path))
					continue
				}
				c.diags = append(c.diags, &hcl.Diagnostic{
					Severity: hcl.DiagWarning,
					Summary:  "Property written as an argument",
					Detail:   fmt.Sprintf("%s in %s is %s that no schema places; it is written as an argument, as asked. If it is a nested block, the result means something else.", quoteName(name), where(path), c.describe(v)),
					Subject:  c.Range(k).Ptr(),
				})
			}
			c.attribute(k, v, s, name, path, depth, seen)
		}
	}
}

// blockEvidence returns the names that body node i, read with the open
// schema s (a body whose provider's schema is not given), holds as nested
// blocks by evidence of its own, which no schema is needed for: a name
// that a dynamic block of the body generates (dynamic "part" makes part
// blocks, so a part beside it is one too), and a name that one object of
// the body holds more than once (an argument cannot be defined twice, so
// the programs read it as blocks). Names the schema lists are left to it.
func (c *jsonConv) blockEvidence(i int, s *schema.Body) map[string]bool {
	var found map[string]bool
	mark := func(name string) {
		if s.Lookup(name) != nil {
			return
		}
		if found == nil {
			found = map[string]bool{}
		}
		found[name] = true
	}
	dyn := s.Block("dynamic")
	var ignored hcl.Diagnostics // the body's shape is reported when it is written
	for obj := range c.BodyObjects(i, "", &ignored) {
		count := map[string]int{}
		for k, v := range c.Doc.Members(obj) {
			name := c.Doc.Text(k)
			if count[name]++; count[name] == 2 && name != "//" && c.mayBeBlock(v) {
				mark(name)
			}
			if name != "dynamic" || dyn == nil || len(dyn.Labels) == 0 {
				continue
			}
			for o := range c.BodyObjects(v, "", &ignored) {
				for lk := range c.Doc.Members(o) {
					mark(c.Doc.Text(lk))
				}
			}
		}
	}
	return found
}

// evidentBlock returns the schema of a nested block called name that only
// evidence says is one (blockEvidence): a list of blocks whose bodies are
// as open as s, with the dynamic block s has.
func evidentBlock(name string, s *schema.Body) *schema.Block {
	body := &schema.Body{Open: true, AnyAttributesMode: s.AnyAttributesMode, OpenTofuTemplates: s.OpenTofuTemplates}
	if dyn := s.Block("dynamic"); dyn != nil {
		body.Blocks = []schema.Block{*dyn}
	}
	return &schema.Block{Type: name, Nesting: schema.NestingList, Body: body}
}

// mayBeBlock reports whether node i could be the content of a nested
// block: an object, or an array that is empty or holds objects only.
func (c *jsonConv) mayBeBlock(i int) bool {
	switch c.Kind(i) {
	case scanner.Object:
		return true
	case scanner.Array:
		for e := range c.Doc.Elements(i) {
			if c.Kind(e) != scanner.Object {
				return false
			}
		}
		return true
	}
	return false
}

func (c *jsonConv) describe(i int) string {
	switch {
	case c.Kind(i) == scanner.Object:
		return "an object"
	case c.Doc.FirstChild(i) < 0:
		return "an empty array"
	}
	return "an array of objects"
}

// where names the body at path for messages: "the root body" or
// "resource.aws_instance.web".
func where(path []string) string {
	if len(path) == 0 {
		return "the root body"
	}
	return strings.Join(path, ".")
}

// providerBodies are the block types whose bodies a provider's schema
// describes (terraform providers schema -json): resources, data sources,
// ephemeral resources, provider configurations, actions and list blocks.
var providerBodies = []string{"resource", "data", "ephemeral", "provider", "action", "list"}

// remedy says how to place an ambiguous property in the body at path:
// with the provider's schema where a provider defines the body, else
// (encryption key providers and methods, provider_meta, other HCL
// applications) only by choosing to write it as an argument.
func remedy(path []string) string {
	inProvider := len(path) > 0 && slices.Contains(providerBodies, path[0])
	if len(path) > 2 && path[0] == "check" && path[2] == "data" {
		inProvider = true
	}
	if inProvider {
		return "No evidence decides it: no provider schema lists it, this body has no dynamic block of that name and does not repeat it, no configuration file of the module writes it, for this type at this place, only as a block or only as an argument, and the built-in table of providers' block structure has no entry for it. Give the provider's schema that describes it (the output of terraform providers schema -json: --provider-schema), or write it once in a .tf file of the module as the provider takes it (a block, or name = value), or choose to write such properties as arguments (--objects-as-attributes)."
	}
	return "No schema that hcljson reads describes this body: if such properties are arguments, choose to write them as arguments (--objects-as-attributes)."
}

// quoteName quotes a property name for messages.
func quoteName(name string) string { return strconv.Quote(name) }

// comment writes the value of a "//" property as # comments.
func (c *jsonConv) comment(v int, depth int) {
	text := string(c.Doc.Raw(v))
	if c.Kind(v) == scanner.String {
		text = c.Doc.Text(v)
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	for _, l := range strings.Split(text, "\n") {
		c.item('c', depth)
		l = strings.Map(func(r rune) rune {
			if r < 0x20 && r != '\t' || r == 0x7f {
				return ' '
			}
			return r
		}, l)
		c.out = append(c.out, "#"...)
		if l != "" {
			c.out = append(c.out, ' ')
			c.out = append(c.out, strings.TrimRight(l, " \t")...)
		}
	}
}

// blocks writes the blocks of type typ held by node v, as the decoder
// finds them (hcljson.Source.Blocks): labels nest one object level each
// (or arrays of such objects), then each body is an object, or an array
// of objects for several blocks. k is the node of the type's property.
// The structure was checked by the decoder already (ConvertTo), so the
// walk's diagnostics are the decoder's again, should it find any.
func (c *jsonConv) blocks(k, v int, blk *schema.Block, typ string, path []string, depth int) {
	for b := range c.Blocks(v, typ, blk.Labels, &c.diags) {
		if c.Kind(b.Body) != scanner.Object {
			c.errorf(b.Body, "Incorrect JSON value type", "The body of a %s block must be a JSON object, or an array of objects.", typ)
			continue
		}
		var labels []string
		key := k // the node that messages about the block's labels point at
		if n := len(b.LabelKeys); n > 0 {
			labels = make([]string, n)
			for i, lk := range b.LabelKeys {
				labels[i] = c.Doc.Text(lk)
			}
			key = b.LabelKeys[n-1]
		}
		body := blk.Body
		if len(labels) > 0 {
			body = blk.BodyFor(labels[0])
		}
		inner := append(path[:len(path):len(path)], typ)
		inner = append(inner, labels...)
		br := blockRef{k: key, obj: b.Body, blk: blk, typ: typ, labels: labels, body: body, path: inner}
		if depth == 0 && c.units != nil {
			c.addUnit(br)
		} else {
			c.item('b', depth)
			c.block(&br, depth)
		}
		c.last = 'b'
	}
}

// addUnit leaves the place of top-level block b to a unit: the last
// one, when b follows its blocks with nothing between them and it is not
// full, else a new one.
func (c *jsonConv) addUnit(b blockRef) {
	if n := len(c.units); n > 0 {
		u := c.units[n-1]
		if c.last == 'b' && len(c.run) == 0 && u.at == len(c.out) && u.diagAt == len(c.diags) && u.size < unitSize {
			u.blocks = append(u.blocks, b)
			u.size += uint32(c.Doc.End(b.obj)) - c.Doc.Nodes[b.obj].Start
			return
		}
	}
	c.item('b', 0)
	c.units = append(c.units, &unit{
		blocks: []blockRef{b},
		size:   uint32(c.Doc.End(b.obj)) - c.Doc.Nodes[b.obj].Start,
		at:     len(c.out),
		diagAt: len(c.diags),
	})
}

// blockRef is one block to write: k is the node of its last label's
// property name, or of its type's property without labels, obj its body
// object; path names it for messages.
type blockRef struct {
	k, obj int
	blk    *schema.Block
	typ    string
	labels []string
	body   *schema.Body
	path   []string
}

// unit is a run of consecutive top-level blocks, converted apart from the
// rest (emit) into out, with diags; at and diagAt are where they go in
// the output and the diagnostics, size is the input the blocks span.
type unit struct {
	blocks []blockRef
	size   uint32
	at     int
	diagAt int
	out    []byte
	diags  hcl.Diagnostics
	ready  bool // out and diags are set (emit's lock)
	// check holds the blocks as the root content holds them, whose
	// structure the unit checks before converting them (structure holds
	// the diagnostics); nil when they were checked already.
	check     []*hcl.Block
	structure hcl.Diagnostics
}

// unitSize is the input a unit spans, at most, unless one block is
// larger: large enough that a unit's overhead does not count, small
// enough to keep both cores busy and the output in flight small (a
// variable for the tests).
var unitSize uint32 = 64 << 10

// parallelMin is the smallest input whose top-level blocks are
// converted in parallel (a variable for the tests).
var parallelMin = 256 << 10

// emit writes the output to w: out, with the text of each unit at its
// place. Units are converted on GOMAXPROCS goroutines, in order, at most
// four per goroutine ahead of the one being written. Nothing more is written once an
// error is known. It returns all diagnostics in source order.
func (c *jsonConv) emit(w io.Writer) hcl.Diagnostics {
	writing := !c.diags.HasErrors()
	var werr error
	write := func(b []byte) {
		if writing && werr == nil && len(b) > 0 {
			_, werr = w.Write(b)
		}
	}
	if len(c.units) == 0 {
		write(c.out)
		return c.writeFailed(c.diags, werr)
	}
	window := 4 * runtime.GOMAXPROCS(0)
	tokens := make(chan struct{}, window)
	for range window {
		tokens <- struct{}{}
	}
	stop := make(chan struct{})
	var next atomic.Int64
	var mu sync.Mutex
	ready := sync.NewCond(&mu)
	for range min(runtime.GOMAXPROCS(0), len(c.units)) {
		go func() {
			for {
				select {
				case <-tokens:
				case <-stop:
					return
				}
				i := int(next.Add(1)) - 1
				if i >= len(c.units) {
					return
				}
				u := c.units[i]
				var structure, diags hcl.Diagnostics
				for i, b := range u.check {
					structure = append(structure, c.root.CheckBlock(b)...)
					u.check[i] = nil // the root content's array: free the block
				}
				var out []byte
				if !structure.HasErrors() {
					uc := &jsonConv{Source: c.Source, opts: c.opts}
					for k := range u.blocks {
						if k > 0 {
							uc.item('b', 0)
						}
						uc.block(&u.blocks[k], 0)
						uc.last = 'b'
					}
					out, diags = uc.out, uc.diags
				}
				mu.Lock()
				u.out, u.diags, u.structure, u.check, u.ready = out, diags, structure, nil, true
				ready.Broadcast()
				mu.Unlock()
			}
		}()
	}
	var diags, structure hcl.Diagnostics
	pos, from := 0, 0
	for _, u := range c.units {
		mu.Lock()
		for !u.ready {
			ready.Wait()
		}
		mu.Unlock()
		write(c.out[pos:u.at])
		structure = append(structure, u.structure...)
		if u.diags.HasErrors() || structure.HasErrors() {
			writing = false
		}
		write(u.out)
		pos, u.out, u.blocks = u.at, nil, nil
		diags = append(diags, c.diags[from:u.diagAt]...)
		diags = append(diags, u.diags...)
		from = u.diagAt
		if werr != nil {
			break
		}
		tokens <- struct{}{}
	}
	close(stop)
	if structure.HasErrors() {
		// As CheckStructure before any conversion: the structure's
		// diagnostics alone.
		return structure
	}
	write(c.out[pos:])
	diags = append(structure, diags...)
	diags = append(diags, c.diags[from:]...)
	return c.writeFailed(diags, werr)
}

// writeFailed adds the error of a failed write to diags.
func (c *jsonConv) writeFailed(diags hcl.Diagnostics, err error) hcl.Diagnostics {
	if err == nil {
		return diags
	}
	return append(diags, &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Cannot write the output",
		Detail:   fmt.Sprintf("Writing the native syntax of %s failed: %v.", c.Filename, err),
	})
}

// block writes block u at depth, from its type to its closing brace.
func (c *jsonConv) block(u *blockRef, depth int) {
	start, outer := len(c.out), c.reformat
	if depth == 0 {
		c.reformat = false
	}
	c.out = append(c.out, u.typ...)
	for li, l := range u.labels {
		c.out = append(c.out, ' ')
		if !c.label(l) {
			c.errorf(u.k, "Cannot write label", "The %s label %q of a %s block cannot be written in native syntax.", u.blk.Labels[li], l, u.typ)
		}
	}
	c.out = append(c.out, " {"...)
	c.last = 0
	c.body(u.obj, u.body, u.path, depth+1)
	c.flush()
	c.line(depth)
	c.out = append(c.out, '}')
	if depth == 0 {
		c.relayout(start)
		c.reformat = outer
	}
}

// relayout lays out c.out[start:], a whole top-level block or the whole
// output, as terraform fmt does when an argument written in it may be
// laid out differently in its place than alone (reformat). Two cases:
// line comments in an expression, which terraform fmt aligns by whole
// lines, "count = (" included where the value was laid out as "x = (";
// and a heredoc whose interpolation spans lines, after which hclwrite
// leaves the rest of the block unindented (its brackets count as
// nesting). Both are rare, and terraform fmt's layout of a top-level
// block does not depend on what is around it.
func (c *jsonConv) relayout(start int) {
	if !c.reformat {
		return
	}
	c.reformat = false
	laid := nativefmt.Format(c.out[start:])
	if !bytes.Equal(laid, c.out[start:]) {
		c.out = append(c.out[:start], laid...)
	}
}

// mayReformat reports whether the laid-out value text may be laid out
// differently in its place (relayout): it spans lines and holds what may
// be a comment or a heredoc.
func mayReformat(text []byte) bool {
	return bytes.IndexByte(text, '\n') >= 0 &&
		(bytes.IndexByte(text, '#') >= 0 || bytes.Contains(text, []byte("//")) || bytes.Contains(text, []byte("/*")) || bytes.Contains(text, []byte("<<")))
}

// hasTemplate reports whether a string in node v (object keys included)
// has template syntax.
func (c *jsonConv) hasTemplate(v int) bool {
	switch c.Kind(v) {
	case scanner.String:
		return !template.IsLiteral(c.Doc.Text(v))
	case scanner.Array, scanner.Object:
		for e := range c.Doc.Elements(v) {
			if c.hasTemplate(e) {
				return true
			}
		}
	}
	return false
}

// plainText reports whether s can stand between quotes as it is, in a
// label or a string, and mean itself: printable ASCII with no quote,
// backslash, "${" or "%{".
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f || c == '"' || c == '\\':
			return false
		case (c == '$' || c == '%') && i+1 < len(s) && s[i+1] == '{':
			return false
		}
	}
	return true
}

// plainScalar reports whether value node v, in an Expression or Literal
// argument, is a scalar whose native text is its JSON text (null, true,
// false, a number) or a plain string between quotes: such values are not
// read back.
func (c *jsonConv) plainScalar(v int, mode schema.Mode) bool {
	if mode != schema.Expression && mode != schema.Literal {
		return false
	}
	switch c.Kind(v) {
	case scanner.Null, scanner.True, scanner.False, scanner.Number:
		return true
	case scanner.String:
		s := c.Doc.Text(v)
		return !strings.HasPrefix(s, "\ufeff") && plainText(s)
	}
	return false
}

// plainInterpolation reports whether value node v, in an Expression
// argument, is a string holding exactly one interpolation, "${X}", written
// as X itself (text) on one line: the JSON reading unwraps such a
// template to X's value, unconverted, and the native reading of x = X
// parses the same expression source with the same grammar (template()
// checked that X parses), so it is not read back.
func (c *jsonConv) plainInterpolation(v int, mode schema.Mode, shape schema.Shape, text string) bool {
	if mode != schema.Expression || shape != schema.One || c.Kind(v) != scanner.String ||
		strings.ContainsAny(text, "\n\r") || strings.Contains(text, "<<") {
		return false
	}
	s := c.Doc.Text(v)
	return len(s) == len(text)+3 && strings.HasPrefix(s, "${") && s[len(s)-1] == '}' && s[2:len(s)-1] == text
}

// plainValue reports whether value node v, in an Expression argument, is
// built of values that read the same in both syntaxes by construction:
// null, booleans, numbers, plain text strings, strings that are one
// interpolation of a plain reference ("${var.x}", written var.x), arrays
// of such values and objects whose keys are plain names (written bare) and
// whose values are such values. Such a value is not read back. depth
// bounds the recursion.
func (c *jsonConv) plainValue(v, depth int) bool {
	switch c.Kind(v) {
	case scanner.Null, scanner.True, scanner.False, scanner.Number:
		return true
	case scanner.String:
		s := c.Doc.Text(v)
		if plainText(s) && !strings.HasPrefix(s, "\ufeff") {
			return true
		}
		return len(s) > 3 && strings.HasPrefix(s, "${") && s[len(s)-1] == '}' && nativefmt.PlainReference([]byte(s[2:len(s)-1])) && !keywordRoot(s[2:len(s)-1])
	case scanner.Array:
		if depth > 16 {
			return false
		}
		for e := range c.Doc.Elements(v) {
			if !c.plainValue(e, depth+1) {
				return false
			}
		}
		return true
	case scanner.Object:
		if depth > 16 {
			return false
		}
		plain := true
		for k, val := range c.Doc.Members(v) {
			if !plain {
				continue
			}
			name := c.Doc.Text(k)
			switch name {
			case "for", "in", "if", "true", "false", "null":
				plain = false
				continue
			}
			plain = hclsyntax.ValidIdentifier(name) && isASCII(name) && c.plainValue(val, depth+1)
		}
		return plain
	}
	return false
}

// keywordRoot reports whether a reference starts with a template keyword.
func keywordRoot(ref string) bool {
	switch root, _, _ := strings.Cut(ref, "."); root {
	case "for", "in", "if", "else", "endif", "endfor":
		return true
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// verbatimTemplate reports whether value node v, a string in an
// Expression argument, is written as its own template text between
// quotes (nothing in its literal parts needed a native escape), or as a
// heredoc of that text. The
// native reading parses that same template source as the JSON reading
// does (template.Parse checked it on the way), so it is not read back.
func (c *jsonConv) verbatimTemplate(v int, mode schema.Mode, shape schema.Shape, text string) bool {
	if mode != schema.Expression || shape != schema.One || c.Kind(v) != scanner.String {
		return false
	}
	s := c.Doc.Text(v)
	if len(text) == len(s)+2 && text[0] == '"' && text[len(text)-1] == '"' && text[1:len(text)-1] == s {
		return true
	}
	// A heredoc whose lines are the template's text (heredoc): a
	// heredoc's template reads its text as a JSON string's template does,
	// with no escapes, up to the closing line, which no line of s is.
	if !strings.HasPrefix(text, "<<") || strings.HasPrefix(s, "\ufeff") {
		return false
	}
	nl := strings.IndexByte(text, '\n')
	delim := text[2:max(nl, 2)]
	return nl > 2 && delim != "" && text == "<<"+delim+"\n"+s+delim
}

// alwaysReadBack reads back every value, for the tests that check that
// what is not read back would have passed.
var alwaysReadBack = false

// label writes a block label as a quoted string and reports whether it
// reads back as l.
func (c *jsonConv) label(l string) bool {
	start := len(c.out)
	if plainText(l) {
		// Nothing to escape: the quoted text reads back as l.
		c.out = append(append(append(c.out, '"'), l...), '"')
		return true
	}
	c.out = template.AppendQuoted(c.out, template.Escape(l))
	file, diags := nesting.ParseConfig(append(append([]byte("b "), c.out[start:]...), " {}"...), "", hcl.InitialPos)
	if diags.HasErrors() {
		return false
	}
	blocks := file.Body.(*hclsyntax.Body).Blocks
	return len(blocks) == 1 && len(blocks[0].Labels) == 1 && blocks[0].Labels[0] == l
}

// attribute writes the argument name = value of body s.
func (c *jsonConv) attribute(k, v int, s *schema.Body, name string, path []string, depth int, seen map[string]int) {
	if !hclsyntax.ValidIdentifier(name) {
		c.errorf(k, "Invalid argument name", "%s in %s cannot be an argument in native syntax: an argument name must be an identifier (letters, digits, underscores and dashes, not starting with a digit).", quoteName(name), where(path))
		return
	}
	if prev, dup := seen[name]; dup {
		c.errorf(k, "Duplicate argument", "The argument %s in %s was already set at line %d; native syntax allows one definition of each argument.", quoteName(name), where(path), c.Range(prev).Start.Line)
		return
	}
	seen[name] = k
	arg, _ := s.Argument(name)
	mode, shape, def := arg.Mode, arg.Shape, arg.Attribute
	at := append(path[:len(path):len(path)], name)
	if mode == schema.Literal && arg.OpenTofuTemplate && c.hasTemplate(v) {
		c.errorf(v, "Read differently by Terraform and OpenTofu", "%s: Terraform takes this value as text, OpenTofu evaluates its template sequences; no native text means the same to both. To convert for OpenTofu alone, choose it (--program opentofu, or a .tofu.json file name).", strings.Join(at, "."))
		return
	}
	w := valueWriter{c: c, path: at}
	text, ok := w.attr(v, mode, shape, def)
	if !ok {
		return
	}
	if (alwaysReadBack || !c.plainScalar(v, mode) && !c.plainInterpolation(v, mode, shape, text) && !c.verbatimTemplate(v, mode, shape, text) &&
		!(mode == schema.Expression && shape == schema.One && c.plainValue(v, 0))) &&
		!c.readBack(v, text, mode, shape, def, at) {
		return
	}
	start := len(c.runBuf)
	var assign bool
	c.runBuf, assign = nativefmt.AppendValue(c.runBuf, []byte(text), depth)
	c.reformat = c.reformat || mayReformat(c.runBuf[start:])
	c.run = append(c.run, pendingArg{name: name, depth: depth, start: start, end: len(c.runBuf), assign: assign})
}

// pendingArg is an argument of the current run, written by flush.
type pendingArg struct {
	name       string
	depth      int
	start, end int // its laid-out value in runBuf
	assign     bool
}

// flush writes the arguments of the current run, each "=" in a chain of
// arguments whose lines assign a complete value one space after the
// longest name of the chain, as terraform fmt aligns them.
func (c *jsonConv) flush() {
	run := c.run
	if len(run) == 0 {
		return
	}
	c.run = c.run[:0]
	for i := 0; i < len(run); {
		j, widest := i+1, nativefmt.Columns([]byte(run[i].name))
		if run[i].assign {
			for j < len(run) && run[j].assign {
				widest = max(widest, nativefmt.Columns([]byte(run[j].name)))
				j++
			}
		}
		for _, a := range run[i:j] {
			c.item('a', a.depth)
			c.out = append(c.out, a.name...)
			for range widest - nativefmt.Columns([]byte(a.name)) {
				c.out = append(c.out, ' ')
			}
			c.out = append(c.out, " = "...)
			c.out = append(c.out, c.runBuf[a.start:a.end]...)
		}
		i = j
	}
	c.runBuf = c.runBuf[:0]
}

// notJSON is the error for a file that hcljson.Parse did not make.
func notJSON() *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Not a valid JSON-syntax file",
		Detail:   "ConvertFile reads files that hcljson.Parse made without syntax errors.",
	}
}
