// Package hcltest renders what an hcl.Body or hcl.Expression yields as
// deterministic text, so that tests can compare two implementations of the
// HCL JSON syntax (ours and github.com/hashicorp/hcl/v2/json), or one
// implementation against a golden file, by comparing strings.
//
// It is used only by tests. It imports hcl, hclsyntax and go-cty, never
// the JSON syntax packages, so it renders any implementation the same way.
//
// # Schemas
//
// A body is decoded against a schema written in a small line-based
// language, read by ParseSchema:
//
//	attr name                # optional attribute
//	attr! name               # required attribute
//	block type lbl1 lbl2 {   # block type with label names; its nested
//	  attr x                 # body schema follows until "}"
//	}
//	block empty              # block with no labels and an empty schema
//	partial                  # mode of this body (see below)
//
// One statement per line; "#" starts a comment. A name that is empty or
// holds spaces, "#", braces or quotes is written as a Go quoted string:
// attr "a b". A closing "}" ends its line (attr x } is fine, } attr y is
// not). Attribute names and block types must be unique within one body.
//
// A body's mode word says how it is decoded, at most once per body
// (the top level or inside a block's braces):
//
//	content   Body.Content (the default)
//	partial   Body.PartialContent, then the remaining body with
//	          Body.JustAttributes
//	attrs     Body.JustAttributes; the body's attr and block lines are
//	          ignored
//
// Blocks are always decoded with their own nested schema and its mode.
//
// # Rendering
//
// RenderBody, RenderExpr and RenderDiags have the formats their
// documentation gives; Options adds byte offsets, masking and the
// normalisations differential tests need. Ranges print as
// hcl.Range.String does (t.json:1,2-5 or t.json:1,2-3,4). Values print
// with RenderValue: the type, and the exact value (numbers in full,
// marks, typed nulls, unknowns with refinements). A diagnostic prints as
//
//	t.json:1,2-5: error: Summary; Detail (context t.json:1,1-9)
//
// with "-" for a missing Subject. For example, with schema
// "attr a\nblock b x" and EvalContext, the JSON input
// {"a": "${var.n}", "b": {"l": {}}} renders as
//
//	missing t.json:1,33-34
//	content-missing t.json:1,33-34
//	attr "a"
//	  range t.json:1,2-17
//	  name t.json:1,2-5
//	  expr t.json:1,7-17
//	  expr-start t.json:1,7-17
//	  literal string "${var.n}"
//	  value number 1
//	  vars
//	    var.n t.json:1,10-15 (t.json:1,10-13 t.json:1,13-15)
//	block "b" "l"
//	  type t.json:1,19-22
//	  labels [t.json:1,25-28]
//	  def t.json:1,30-31
//	  body
//	    missing t.json:1,31-32
//	    content-missing t.json:1,31-32
//
// # Evaluation context
//
// EvalContext is the fixed context every test evaluates with: a few
// variables of each kind (strings, numbers, lists, a sensitive-marked
// value, unknowns, nulls) and the functions upper, length and jsonencode.
package hcltest
