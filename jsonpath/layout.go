package jsonpath

import (
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// Layout says how a document in HCL's JSON syntax writes its blocks, so
// that a path can name a value by its address, whatever the layout: the
// object form that cdktf writes ({"resource": {"aws_instance": {"web":
// {...}}}}), the general array form that "hcljson fmt" writes
// ({"resource": [{"aws_instance": [{"web": [{...}]}]}]}), and any mixture.
// It comes from a language's schema (LanguageLayout, LayoutFor).
//
// A nil *Layout reads every path as a plain JSON path: its methods are
// then Lookup and LookupAll.
type Layout struct {
	root *schema.Body
	// implied is the block type that a first step naming no block type
	// stands for: "resource" in Terraform's language, whose addresses
	// write aws_instance.web for resource.aws_instance.web.
	implied string
	// alias maps a block type of the root to the argument that tells
	// apart its blocks of the same labels: a provider configuration's
	// alias.
	alias map[string]string
}

// LanguageLayout returns the layout of the files of language lang: the
// block types of its root body, their labels and their nested blocks. In a
// language with a "resource" block type of two labels (Terraform's and
// OpenTofu's), an address may leave out "resource.", as Terraform's
// addresses do; the "provider" and "mock_provider" blocks' alias argument
// names a configuration after its labels (provider.aws.west). It returns
// nil for nil and for a language that lists no block type (generic HCL,
// whose paths are plain).
func LanguageLayout(lang *schema.Language) *Layout {
	if lang == nil || lang.Root == nil || len(lang.Root.Blocks) == 0 {
		return nil
	}
	l := &Layout{root: lang.Root}
	if b := lang.Root.Block("resource"); b != nil && len(b.Labels) == 2 {
		l.implied = "resource"
	}
	for _, typ := range []string{"provider", "mock_provider"} {
		if b := lang.Root.Block(typ); b != nil && len(b.Labels) == 1 && b.Body != nil && b.Body.Attribute("alias") != nil {
			if l.alias == nil {
				l.alias = map[string]string{}
			}
			l.alias[typ] = "alias"
		}
	}
	return l
}

// LayoutFor returns the layout of a file by its name: that of its
// language (schema.LanguageFor) for a file of HCL's JSON syntax with a
// language (.tf.json and .tofu.json configuration, .tftest.json tests, ...),
// and nil for any other name (a plan or a state, a .json file, .hcl.json).
func LayoutFor(filename string) *Layout {
	e := schema.EndingOf(filename)
	if !e.JSON {
		return nil
	}
	return LanguageLayout(e.Language)
}

// IsAddress reports whether path is read as an address in doc, and not as
// a plain JSON path: with a Layout, the root (the empty path), and a path
// whose first step is a key that names a block type of the language, or,
// in a language with an implied block type, a key written as a name that
// the root has no member of (aws_instance.web). A path that starts with an
// index, [*], a filter or any other key (such as "//") is plain. A nil
// Layout reads no address. It panics if doc is nil or a step of path is
// nil.
func (l *Layout) IsAddress(doc *scanner.Document, path Path) bool {
	checkArgs("Layout.IsAddress", doc, path)
	return l.isAddress(doc, path)
}

func (l *Layout) isAddress(doc *scanner.Document, path Path) bool {
	if l == nil || l.root == nil {
		return false
	}
	if len(path) == 0 {
		return true
	}
	k, ok := path[0].(Key)
	if !ok {
		return false
	}
	if l.root.Block(string(k)) != nil {
		return true
	}
	return l.implied != "" && isBareKey(string(k)) && !rootHas(doc, string(k))
}

// rootHas reports whether the root of doc, an object or an array of
// objects, has a member named k.
func rootHas(doc *scanner.Document, k string) bool {
	if len(doc.Nodes) == 0 || len(doc.Errors) > 0 {
		return false
	}
	has := func(obj int) bool {
		if doc.Nodes[obj].Kind() != scanner.Object {
			return false
		}
		for c := range doc.Members(obj) {
			if doc.Text(c) == k {
				return true
			}
		}
		return false
	}
	if doc.Nodes[0].Kind() == scanner.Array {
		for e := range doc.Elements(0) {
			if has(e) {
				return true
			}
		}
		return false
	}
	return has(0)
}
