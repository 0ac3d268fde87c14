package cli

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// The evidence of a module's own files (spec C26): without a provider
// schema, a JSON object in a resource body is a nested block or an
// argument as the configuration files of the run's modules write that
// name for the same resource type at the same place.

// evidenceKinds are the root block types whose bodies a provider
// defines, which evidence is gathered for.
var evidenceKinds = []string{"resource", "data", "ephemeral", "provider"}

// dirsEvidence reads the configuration files of each directory in dirs
// (module.Load: .tf, .tf.json, .tofu, .tofu.json, overrides included) and
// returns what they say of the names in provider-defined bodies. A file
// that cannot be read or parsed says nothing: its errors are the
// conversion's to report.
func dirsEvidence(e *env, dirs []string) *schema.Evidence {
	ev := &schema.Evidence{}
	for _, dir := range dirs {
		m, _ := module.Load(dir, module.Options{MaxFileSize: e.maxSize})
		if m == nil {
			continue
		}
		for _, f := range m.Files {
			addEvidence(ev, f.File)
		}
	}
	return ev
}

// addEvidence adds to ev what file f (native or JSON) says.
func addEvidence(ev *schema.Evidence, f *hcl.File) {
	if f == nil {
		return
	}
	if body, ok := f.Body.(*hclsyntax.Body); ok {
		nativeRoot(ev, body)
		return
	}
	if src, ok := hcljson.SourceOf(f); ok && len(src.Doc.Errors) == 0 && len(src.Doc.Nodes) > 0 {
		w := jsonEvidence{src, ev}
		w.root()
	}
}

// nativeRoot reads the provider-defined blocks of a native root body, and
// the data blocks of its check blocks.
func nativeRoot(ev *schema.Evidence, body *hclsyntax.Body) {
	for _, b := range body.Blocks {
		switch {
		case slices.Contains(evidenceKinds, b.Type) && len(b.Labels) > 0:
			nativeProvider(ev, b.Type, b.Labels[0], b.Body)
			nativeBody(ev, b.Type, b.Labels[0], nil, b.Body)
		case b.Type == "check":
			for _, d := range b.Body.Blocks {
				if d.Type == "data" && len(d.Labels) > 0 {
					nativeProvider(ev, "data", d.Labels[0], d.Body)
					nativeBody(ev, "data", d.Labels[0], nil, d.Body)
				}
			}
		case b.Type == "terraform":
			for _, r := range b.Body.Blocks {
				if r.Type != "required_providers" {
					continue
				}
				for name, a := range r.Body.Attributes {
					v, diags := a.Expr.Value(nil)
					if diags.HasErrors() || !v.IsKnown() || v.IsNull() || !v.Type().IsObjectType() || !v.Type().HasAttribute("source") {
						continue
					}
					if src := v.GetAttr("source"); src.IsKnown() && !src.IsNull() && src.Type() == cty.String {
						ev.Source(name, src.AsString())
					}
				}
			}
		}
	}
}

// nativeProvider records the provider's local name of a native block of
// kind typ: its provider meta-argument's (google-beta in
// google-beta.west), or the one the type implies (spec C28).
func nativeProvider(ev *schema.Evidence, kind, typ string, body *hclsyntax.Body) {
	local := typ
	if kind != "provider" {
		local, _, _ = strings.Cut(typ, "_")
		if a, ok := body.Attributes["provider"]; ok {
			if tr, diags := hcl.AbsTraversalForExpr(a.Expr); !diags.HasErrors() {
				local = tr.RootName()
			}
		}
	}
	ev.Provider(kind, typ, local)
}

// nativeBody records the names of a native body of kind typ at path: an
// argument is one, a block (or dynamic block) without labels a block,
// whose body is read in turn.
func nativeBody(ev *schema.Evidence, kind, typ string, path []string, body *hclsyntax.Body) {
	for name := range body.Attributes {
		ev.Add(kind, typ, path, name, schema.WrittenArgument)
	}
	for _, b := range body.Blocks {
		name := b.Type
		inner := b.Body
		if b.Type == "dynamic" {
			if len(b.Labels) != 1 {
				continue
			}
			name, inner = b.Labels[0], nil
			for _, c := range b.Body.Blocks {
				if c.Type == "content" {
					inner = c.Body
				}
			}
		} else if len(b.Labels) > 0 {
			continue
		}
		ev.Add(kind, typ, path, name, schema.WrittenBlock)
		if inner != nil {
			nativeBody(ev, kind, typ, append(path[:len(path):len(path)], name), inner)
		}
	}
}

// jsonEvidence reads a JSON file's provider-defined bodies.
type jsonEvidence struct {
	*hcljson.Source
	ev *schema.Evidence
}

// objects returns the objects of node i read as a body (an object, or
// each object of an array), ignoring anything else.
func (w jsonEvidence) objects(i int) []int {
	var ignored hcl.Diagnostics
	var out []int
	for o := range w.BodyObjects(i, "", &ignored) {
		out = append(out, o)
	}
	return out
}

func (w jsonEvidence) root() {
	for _, obj := range w.objects(0) {
		for k, v := range w.Doc.Members(obj) {
			kind := w.Doc.Text(k)
			switch {
			case slices.Contains(evidenceKinds, kind):
				w.labelled(kind, v)
			case kind == "terraform":
				// terraform { required_providers { NAME = { source = "..." } } }
				for _, t := range w.objects(v) {
					for rk, rv := range w.Doc.Members(t) {
						if w.Doc.Text(rk) != "required_providers" {
							continue
						}
						for _, r := range w.objects(rv) {
							for nk, nv := range w.Doc.Members(r) {
								if w.Kind(nv) != scanner.Object {
									continue
								}
								for sk, sv := range w.Doc.Members(nv) {
									if w.Doc.Text(sk) == "source" && w.Kind(sv) == scanner.String {
										w.ev.Source(w.Doc.Text(nk), w.Doc.Text(sv))
									}
								}
							}
						}
					}
				}
			case kind == "check":
				// check "name" { data "type" "name" { ... } }
				for _, o := range w.objects(v) {
					for _, names := range w.Doc.Members(o) {
						for _, b := range w.objects(names) {
							for dk, dv := range w.Doc.Members(b) {
								if w.Doc.Text(dk) == "data" {
									w.labelled("data", dv)
								}
							}
						}
					}
				}
			}
		}
	}
}

// labelled reads the blocks of kind under node i as the decoder finds
// them (hcljson.Source.Blocks, whose diagnostics are ignored here): type,
// then (except for provider blocks, whose one label is the provider's
// name) name, then the body.
func (w jsonEvidence) labelled(kind string, i int) {
	labels := []string{"type", "name"}
	if kind == "provider" {
		labels = labels[1:]
	}
	var ignored hcl.Diagnostics
	for b := range w.Blocks(i, kind, labels, &ignored) {
		if w.Kind(b.Body) == scanner.Object {
			typ := w.Doc.Text(b.LabelKeys[0])
			if kind == "provider" {
				w.ev.Provider(kind, typ, typ)
			} else {
				w.ev.Provider(kind, typ, w.provider(typ, b.Body))
			}
			w.body(kind, typ, nil, b.Body)
		}
	}
}

// provider returns the provider's local name of a JSON block of type
// typ whose body is the object obj: its provider meta-argument's
// ("google-beta.west", or a template "${google-beta.west}"), or the one
// the type implies.
func (w jsonEvidence) provider(typ string, obj int) string {
	local := schema.ImpliedProvider(typ)
	for k, v := range w.Doc.Members(obj) {
		if w.Doc.Text(k) != "provider" || w.Kind(v) != scanner.String {
			continue
		}
		ref := w.Doc.Text(v)
		if inner, ok := strings.CutPrefix(ref, "${"); ok {
			ref = strings.TrimSuffix(inner, "}")
		}
		local, _, _ = strings.Cut(strings.TrimSpace(ref), ".")
	}
	return local
}

// body records the names of one JSON object read as a body of kind typ
// at path: a name a dynamic block generates, or that the object holds
// twice with objects, is blocks; a value that cannot be a block's content
// (not an object, nor an array of objects; null says nothing) is an
// argument. The objects under a name are read as its body in turn: what
// they say counts only if the name is a block.
func (w jsonEvidence) body(kind, typ string, path []string, obj int) {
	count := map[string]int{}
	for k, v := range w.Doc.Members(obj) {
		name := w.Doc.Text(k)
		if name == "//" {
			continue
		}
		if name == "dynamic" {
			for _, o := range w.objects(v) {
				for lk, lv := range w.Doc.Members(o) {
					label := w.Doc.Text(lk)
					w.ev.Add(kind, typ, path, label, schema.WrittenBlock)
					for _, d := range w.objects(lv) {
						for ck, cv := range w.Doc.Members(d) {
							if w.Doc.Text(ck) == "content" {
								for _, c := range w.objects(cv) {
									w.body(kind, typ, append(path[:len(path):len(path)], label), c)
								}
							}
						}
					}
				}
			}
			continue
		}
		switch {
		case w.Kind(v) == scanner.Null:
			continue
		case !w.mayBeBlock(v):
			w.ev.Add(kind, typ, path, name, schema.WrittenArgument)
			continue
		}
		if count[name]++; count[name] == 2 {
			w.ev.Add(kind, typ, path, name, schema.WrittenBlock)
		}
		for _, o := range w.objects(v) {
			w.body(kind, typ, append(path[:len(path):len(path)], name), o)
		}
	}
}

// mayBeBlock reports whether node i could be the content of nested
// blocks: an object, or an array that is empty or holds objects only.
func (w jsonEvidence) mayBeBlock(i int) bool {
	switch w.Kind(i) {
	case scanner.Object:
		return true
	case scanner.Array:
		for e := range w.Doc.Elements(i) {
			if w.Kind(e) != scanner.Object {
				return false
			}
		}
		return true
	}
	return false
}

// jobDirs returns the directories of the files that jobs convert from
// JSON to native syntax (standard input has none), in order, once each.
func jobDirs(jobs []convertJob) []string {
	var dirs []string
	seen := map[string]bool{}
	for _, j := range jobs {
		if j.copy || j.from != jsonSyntax || j.path == "-" {
			continue
		}
		d := filepath.Dir(j.path)
		if !seen[d] {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	return dirs
}
