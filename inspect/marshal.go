package inspect

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
	ctyjson "github.com/zclconf/go-cty/cty/json"
)

// WriteJSON writes cfg as JSON followed by a newline: compact, as tofu show
// -config -json prints it, or indented by two spaces.
//
// The indented form is what json.Encoder.SetIndent("", "  ") writes, laid
// out by jsonw.Writer.Reindent while it is written rather than in a second
// buffer: a deep module tree is mostly indentation.
//
// A nil cfg is no configuration, written null, as encoding/json writes a
// nil pointer; so is a nil entry of a map or slice in it. WriteJSON panics
// if w is nil.
func WriteJSON(w io.Writer, cfg *Config, indent bool) error {
	if w == nil {
		panic("inspect: WriteJSON with a nil io.Writer")
	}
	b, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	if !indent {
		_, err = w.Write(append(b, '\n'))
		return err
	}
	jw := jsonw.Writer{Indent: 2, Out: w}
	jw.Reindent(b)
	jw.Buf = append(jw.Buf, '\n')
	return jw.Flush()
}

// valueJSON is v in cty's JSON mapping, or nil when v is cty.NilVal or
// cannot be written (an infinity, an unknown value).
func valueJSON(v cty.Value) json.RawMessage {
	if v == cty.NilVal {
		return nil
	}
	b, err := ctyjson.Marshal(v, v.Type())
	if err != nil {
		return nil
	}
	return b
}

// MarshalJSON writes the expression representation; nil is null, as
// encoding/json writes a nil pointer (so for every MarshalJSON of this
// package).
func (e *Expression) MarshalJSON() ([]byte, error) {
	if e == nil {
		return []byte("null"), nil
	}
	return json.Marshal(struct {
		ConstantValue json.RawMessage `json:"constant_value,omitempty"`
		References    []string        `json:"references,omitempty"`
	}{valueJSON(e.ConstantValue), e.References})
}

// MarshalJSON writes the block expressions representation: one key per
// argument and per nested block type, sorted, and "dynamic" when there
// are dynamic blocks.
func (e *Expressions) MarshalJSON() ([]byte, error) {
	if e == nil {
		return []byte("null"), nil
	}
	m := make(map[string]any, len(e.Attributes)+len(e.Blocks)+1)
	for name, x := range e.Attributes {
		m[name] = x
	}
	for name, b := range e.Blocks {
		m[name] = b
	}
	if len(e.Dynamic) > 0 {
		m["dynamic"] = e.Dynamic
	}
	return json.Marshal(m)
}

// MarshalJSON writes the blocks as their nesting mode says; where
// OpenTofu keeps only one block (a repeated single block, a repeated map
// key), the last one is kept. A Nesting out of range, and map nesting with
// other than one key per block, are errors.
func (n *NestedBlocks) MarshalJSON() ([]byte, error) {
	if n == nil {
		return []byte("null"), nil
	}
	switch n.Nesting {
	case schema.NestingSingle, schema.NestingGroup:
		if len(n.Blocks) == 0 {
			return []byte("{}"), nil
		}
		return json.Marshal(n.Blocks[len(n.Blocks)-1])
	case schema.NestingMap:
		if len(n.Keys) != len(n.Blocks) {
			return nil, fmt.Errorf("inspect: NestedBlocks of map nesting with %d blocks and %d keys", len(n.Blocks), len(n.Keys))
		}
		m := make(map[string]*Expressions, len(n.Blocks))
		for i, b := range n.Blocks {
			m[n.Keys[i]] = b
		}
		return json.Marshal(m)
	case schema.NestingList, schema.NestingSet:
	default:
		return nil, fmt.Errorf("inspect: NestedBlocks with %v", n.Nesting)
	}
	if n.Blocks == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(n.Blocks)
}

// MarshalJSON writes OpenTofu's variable keys, then the extra range.
func (v *Variable) MarshalJSON() ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	var typ json.RawMessage
	if v.Type != cty.NilType && !v.Type.Equals(cty.DynamicPseudoType) {
		b, err := v.Type.MarshalJSON()
		if err != nil {
			return nil, err
		}
		typ = b
	}
	return json.Marshal(struct {
		Type        json.RawMessage `json:"type,omitempty"`
		Default     json.RawMessage `json:"default,omitempty"`
		Description string          `json:"description,omitempty"`
		Required    bool            `json:"required,omitempty"`
		Sensitive   bool            `json:"sensitive,omitempty"`
		Ephemeral   bool            `json:"ephemeral,omitempty"`
		Deprecated  string          `json:"deprecated,omitempty"`
		Range       *Range          `json:"range,omitempty"`
	}{typ, valueJSON(v.Default), v.Description, v.Required(), v.Sensitive, v.Ephemeral, v.Deprecated, v.Range})
}

// MarshalJSON writes "all" or the list of paths.
func (c *IgnoreChanges) MarshalJSON() ([]byte, error) {
	if c == nil {
		return []byte("null"), nil
	}
	if c.All {
		return []byte(`"all"`), nil
	}
	if c.Paths == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(c.Paths)
}
