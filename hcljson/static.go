package hcljson

import (
	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/template"
)

// The methods below are the hooks hcl's static analysis functions look for.

// AsTraversal implements hcl.AbsTraversalForExpr, hcl.RelTraversalForExpr
// and hcl.ExprAsKeyword: a string holding a traversal (`aws_instance.web`).
func (e *expression) AsTraversal() hcl.Traversal {
	if e.kind() != scanner.String {
		return nil
	}
	t, diags := template.ParseTraversal(e.f.templateSource(e.node))
	if diags.HasErrors() {
		return nil
	}
	return t
}

// ExprCall implements hcl.ExprCall: a string holding a function call in
// the native syntax (`list(string)`).
func (e *expression) ExprCall() *hcl.StaticCall {
	if e.kind() != scanner.String {
		return nil
	}
	call, diags := template.StaticCall(e.f.templateSource(e.node))
	if diags.HasErrors() {
		return nil
	}
	return call
}

// ExprList implements hcl.ExprList: a JSON array.
func (e *expression) ExprList() []hcl.Expression {
	if e.kind() != scanner.Array {
		return nil
	}
	ret := []hcl.Expression{}
	for el := range e.f.doc.Elements(e.node) {
		ret = append(ret, &expression{f: e.f, node: el})
	}
	return ret
}

// ExprMap implements hcl.ExprMap: a JSON object, whose keys are string
// expressions (templates when evaluated with a context).
func (e *expression) ExprMap() []hcl.KeyValuePair {
	if e.kind() != scanner.Object {
		return nil
	}
	ret := []hcl.KeyValuePair{}
	for k, v := range e.f.doc.Members(e.node) {
		ret = append(ret, hcl.KeyValuePair{
			Key:   &expression{f: e.f, node: k},
			Value: &expression{f: e.f, node: v},
		})
	}
	return ret
}

func (e *expression) kind() scanner.Kind {
	if e.node < 0 {
		return scanner.Invalid
	}
	return e.f.doc.Nodes[e.node].Kind()
}
