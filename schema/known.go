package schema

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"io"
	"slices"
	"strings"
	"sync"
)

// The built-in table of providers' block structure (spec C28): for the
// most used providers, which names of each resource type, data source,
// ephemeral resource and provider configuration are nested blocks and
// which are attributes, at every level, extracted from the providers' Go
// source by internal/cmd/knownschemas (scripts/known-schemas.sh). It is
// evidence of last resort: Language.WithEvidence consults it for names
// that neither a provider schema nor the module's own files decide.
//
// Each provider is one gzip-compressed text file, read when a lookup first
// needs it: a program that never converts JSON to native syntax without a
// schema never decompresses any.

//go:embed known/*.txt.gz
var knownFiles embed.FS

// knownAlias returns the table that serves the provider type name, when
// it is not the provider's own: google-beta has google's resource types
// (the table's "serves" header says so too, checked by
// TestKnownProviders). A function rather than a map: nothing of the table
// costs a program anything before its first lookup.
func knownAlias(name string) (string, bool) {
	if name == "google-beta" {
		return "google", true
	}
	return "", false
}

// KnownProvider describes one provider of the built-in table: its type
// name, the names it also serves, its source address, and where the
// table was read from (repository, commit, extraction date, license;
// several repositories and commits, separated by spaces, for a table
// read from more than one, as google's from google and google-beta, or
// from several commits of one, as aws's). Version is the provider
// versions the table was read from when its source names them (aws:
// one per major version), Notice the license notice its source asks to
// be kept (aws's schema repository is MIT), lines separated by "\n".
type KnownProvider struct {
	Name       string
	Serves     []string
	Source     string
	Repository string
	Commit     string
	Extracted  string
	License    string
	Version    string
	Notice     string
}

// knownTable is one provider's table, decompressed and indexed.
type knownTable struct {
	info   KnownProvider
	text   string
	index  map[string]string // "R type", "D type", "E type", "P" → its entry's lines
	mu     sync.Mutex
	bodies map[string]*knownBody
}

// knownBody is the block structure of one body: names that are
// attributes, and nested block types with their own bodies (nil when
// the table does not know them).
type knownBody struct {
	attrs  []string // sorted
	blocks map[string]*knownBody
	nested map[string]bool // the block names (a block with an unknown body has a nil entry in blocks)
}

var knownTables sync.Map // provider name → func() *knownTable

// knownFor returns the table of the provider called name (its type
// name, or one it serves), nil when the built-in table has none.
func knownFor(name string) *knownTable {
	if a, ok := knownAlias(name); ok {
		name = a
	}
	if name == "" || strings.ContainsAny(name, "/.") {
		return nil
	}
	load, ok := knownTables.Load(name)
	if !ok {
		load, _ = knownTables.LoadOrStore(name, sync.OnceValue(func() *knownTable { return readKnown(name) }))
	}
	return load.(func() *knownTable)()
}

// readKnown reads and indexes the table of provider name.
func readKnown(name string) *knownTable {
	data, err := knownFiles.ReadFile("known/" + name + ".txt.gz")
	if err != nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		panic("schema: built-in table " + name + ": " + err.Error())
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		panic("schema: built-in table " + name + ": " + err.Error())
	}
	t := &knownTable{text: string(raw), index: map[string]string{}, bodies: map[string]*knownBody{}}
	text := t.text
	key, start := "", 0
	pos := 0
	for pos < len(text) {
		end := strings.IndexByte(text[pos:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += pos
		}
		line := text[pos:end]
		switch {
		case strings.HasPrefix(line, "# "):
			k, v, _ := strings.Cut(line[2:], ": ")
			switch k {
			case "provider":
				t.info.Name = v
			case "serves":
				t.info.Serves = strings.Fields(v)
			case "source":
				t.info.Source = v
			case "repository":
				t.info.Repository = v
			case "commit":
				t.info.Commit = v
			case "extracted":
				t.info.Extracted, _, _ = strings.Cut(v, " ")
			case "license":
				t.info.License = v
			case "version":
				t.info.Version = v
			case "notice":
				if t.info.Notice != "" {
					t.info.Notice += "\n"
				}
				t.info.Notice += v
			}
		case line != "" && line[0] != ' ':
			if key != "" {
				t.index[key] = text[start:pos]
			}
			key, start = line, end+1
			if start > len(text) {
				start = len(text)
			}
		}
		pos = end + 1
	}
	if key != "" && start <= len(text) {
		t.index[key] = text[start:]
	}
	return t
}

// body returns the body of the entry key ("R google_compute_instance"),
// parsed once; nil when the table has no such entry.
func (t *knownTable) body(key string) *knownBody {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if b, ok := t.bodies[key]; ok {
		return b
	}
	lines, ok := t.index[key]
	if !ok {
		return nil
	}
	sc := bufio.NewScanner(strings.NewReader(lines))
	sc.Buffer(nil, 1<<20)
	var all []string
	for sc.Scan() {
		all = append(all, sc.Text())
	}
	b, _ := parseKnown(all, 1)
	t.bodies[key] = b
	return b
}

// parseKnown parses the lines of a body at depth (its lines start with
// depth spaces) and returns it and the lines that follow it.
func parseKnown(lines []string, depth int) (*knownBody, []string) {
	b := &knownBody{}
	ind := strings.Repeat(" ", depth)
	for len(lines) > 0 {
		line, ok := strings.CutPrefix(lines[0], ind)
		if !ok || strings.HasPrefix(line, " ") {
			break
		}
		lines = lines[1:]
		switch {
		case strings.HasPrefix(line, "= "):
			b.attrs = append(b.attrs, strings.Fields(line[2:])...)
			slices.Sort(b.attrs)
		case strings.HasPrefix(line, "+ "):
			name, _, _ := strings.Cut(line[2:], " ")
			var inner *knownBody
			if len(lines) > 0 && strings.HasPrefix(lines[0], ind+" ") && !strings.HasPrefix(lines[0], ind+"  ") {
				inner, lines = parseKnown(lines, depth+1)
			}
			if b.blocks == nil {
				b.blocks = map[string]*knownBody{}
				b.nested = map[string]bool{}
			}
			b.blocks[name] = inner
			b.nested[name] = true
		}
	}
	return b, lines
}

// lookup returns what b says of name: WrittenBlock, WrittenArgument, or
// 0 when it does not list it.
func (b *knownBody) lookup(name string) Written {
	switch {
	case b == nil:
		return 0
	case b.nested[name]:
		return WrittenBlock
	}
	if _, ok := slices.BinarySearch(b.attrs, name); ok {
		return WrittenArgument
	}
	return 0
}

// names returns every name b lists.
func (b *knownBody) names() []string {
	if b == nil {
		return nil
	}
	out := slices.Clone(b.attrs)
	for n := range b.nested {
		out = append(out, n)
	}
	return out
}

// knownKind returns the table's letter for a root block type.
func knownKind(block string) (string, bool) {
	switch block {
	case "resource":
		return "R", true
	case "data":
		return "D", true
	case "ephemeral":
		return "E", true
	case "provider":
		return "P", true
	}
	return "", false
}

// knownBodyOf returns the table's body for the body of kind typ of block
// type block ("resource", "data", "ephemeral", "provider") served by
// provider, at path; nil when the table does not describe it. provider
// is a provider's type name (google, google-beta) or its source address
// (hashicorp/google, registry.terraform.io/hashicorp/google), whose
// namespace must then be the table's.
func knownBodyOf(provider, block, typ string, path []string) *knownBody {
	letter, ok := knownKind(block)
	if !ok {
		return nil
	}
	ns, name := "", provider
	if i := strings.LastIndexByte(provider, '/'); i >= 0 {
		name = provider[i+1:]
		ns = provider[:i]
		if j := strings.LastIndexByte(ns, '/'); j >= 0 {
			ns = ns[j+1:]
		}
	}
	t := knownFor(strings.ToLower(name))
	if t == nil {
		return nil
	}
	if ns != "" && !strings.EqualFold(ns, knownNamespace(t.info.Source)) {
		return nil
	}
	key := letter
	if block != "provider" {
		key += " " + typ
	}
	b := t.body(key)
	for _, p := range path {
		if b == nil {
			return nil
		}
		b = b.blocks[p]
	}
	return b
}

// knownNamespace returns the namespace of a source address.
func knownNamespace(source string) string {
	parts := strings.Split(source, "/")
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2]
}

// KnownName returns what the built-in table (spec C28) says of name in
// the body of kind typ of a block of type block ("resource", "data",
// "ephemeral" or "provider"; typ is the provider's local name for a
// provider block) inside the nested blocks path, for the provider that
// serves the block: its type name (google, or google-beta, which the
// google table serves) or its source address (hashicorp/google).
// WrittenBlock means nested blocks, WrittenArgument an attribute, 0 that
// the table does not list it (or has no such provider or type).
func KnownName(provider, block, typ string, path []string, name string) Written {
	return knownBodyOf(provider, block, typ, path).lookup(name)
}

// KnownProviders returns the providers of the built-in table, sorted by
// name. It decompresses every table.
func KnownProviders() []KnownProvider {
	entries, _ := knownFiles.ReadDir("known")
	var out []KnownProvider
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txt.gz")
		if !ok {
			continue
		}
		if t := knownFor(name); t != nil {
			out = append(out, t.info)
		}
	}
	return out
}
