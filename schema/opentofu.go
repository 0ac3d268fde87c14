package schema

// OpenTofu is the configuration language as OpenTofu 1.12 reads it: the
// Terraform language, except that the arguments OpenTofu evaluates before
// anything else ("early evaluation", OpenTofu 1.8 and later: module source
// and version, backend and cloud settings) are expressions, which may use
// variables, locals and functions. In JSON their strings are templates,
// so "./modules/${var.child}" is the expression it looks like, where
// Terraform reads the same property as literal text. Every other argument
// is read as in Terraform.
//
// It is the language of .tofu and .tofu.json files (see LanguageFor), and
// of .tf and .tf.json files when OpenTofu is the chosen program.
//
// OpenTofu and its bodies are shared: treat them as read-only.
var OpenTofu = &Language{
	Name:    "opentofu",
	Version: "1.12",
	Follows: []string{"OpenTofu 1.12"},
	Root:    earlyEvaluated(Terraform.Root, map[*Body]*Body{}),
}

// earlyEvaluated returns a copy of b in which each argument marked as an
// OpenTofu template (Attribute.OpenTofuTemplate, Body.OpenTofuTemplates)
// is an expression. done maps each body already copied to its copy, so
// shared and recursive bodies stay shared and recursive.
func earlyEvaluated(b *Body, done map[*Body]*Body) *Body {
	if b == nil {
		return nil
	}
	if out, ok := done[b]; ok {
		return out
	}
	out := *b
	done[b] = &out
	if b.OpenTofuTemplates {
		out.OpenTofuTemplates = false
		out.AnyAttributesMode = Expression
	}
	out.Attributes = make([]Attribute, len(b.Attributes))
	for i, a := range b.Attributes {
		if a.OpenTofuTemplate {
			a.OpenTofuTemplate = false
			a.Mode = Expression
		}
		out.Attributes[i] = a
	}
	out.Blocks = make([]Block, len(b.Blocks))
	for i, blk := range b.Blocks {
		blk.Body = earlyEvaluated(blk.Body, done)
		if blk.ByLabel != nil {
			byLabel := make(map[string]*Body, len(blk.ByLabel))
			for label, body := range blk.ByLabel {
				byLabel[label] = earlyEvaluated(body, done)
			}
			blk.ByLabel = byLabel
		}
		out.Blocks[i] = blk
	}
	return &out
}
