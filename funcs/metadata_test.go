package funcs

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// jsonMetadata reads the metadata with encoding/json, the reference
// parseMetadata (the module's scanner) must match.
func jsonMetadata(b []byte) (map[string]Signature, error) {
	type metaParam struct {
		Name     string          `json:"name"`
		Type     json.RawMessage `json:"type"`
		Nullable bool            `json:"is_nullable"`
	}
	var m struct {
		FormatVersion string `json:"format_version"`
		Signatures    map[string]struct {
			Params     []metaParam     `json:"parameters"`
			VarParam   *metaParam      `json:"variadic_parameter"`
			ReturnType json.RawMessage `json:"return_type"`
		} `json:"function_signatures"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if m.FormatVersion != "1.0" {
		return nil, fmt.Errorf("format_version %q, want 1.0", m.FormatVersion)
	}
	types := typeCache{}
	param := func(mp metaParam) (Param, error) {
		ty, err := types.read(mp.Type)
		return Param{Name: mp.Name, Type: ty, Nullable: mp.Nullable}, err
	}
	out := map[string]Signature{}
	for name, s := range m.Signatures {
		var sig Signature
		for _, mp := range s.Params {
			p, err := param(mp)
			if err != nil {
				return nil, err
			}
			sig.Params = append(sig.Params, p)
		}
		if s.VarParam != nil {
			p, err := param(*s.VarParam)
			if err != nil {
				return nil, err
			}
			sig.VarParam = &p
		}
		ty, err := types.read(s.ReturnType)
		if err != nil {
			return nil, err
		}
		sig.ReturnType = ty
		out[name] = sig
	}
	return out, nil
}

func TestParseMetadataAsJSON(t *testing.T) {
	files, err := fs.Glob(data, "data/*.json")
	if err != nil || len(files) < 3 {
		t.Fatalf("embedded metadata: %v, %v", files, err)
	}
	docs := map[string]string{
		"members unknown, escaped, null and repeated": `{"format_version": "1.0", "other": [1, -2.5e3, {"a": [true, null]}, "x\"]"],
			"function_signatures": {
				"f\u00e9": {"parameters": [{"name": "a\tb", "type": "string", "is_nullable": true, "description": "say \"hi\""}],
					"variadic_parameter": null, "return_type": ["list", "number"]},
				"g": {"parameters": null, "variadic_parameter": {"name": "v", "type": ["object", {"k": "bool"}], "is_nullable": false}, "return_type": "dynamic"},
				"g": {"parameters": [], "return_type": "string"},
				"h": {"return_type": ["tuple", ["string", ["set", "number"]]]}}}`,
		"compact": `{"function_signatures":{"a":{"parameters":[{"name":"x","type":"number"}],"return_type":"number"}},"format_version":"1.0"}`,
	}
	for _, f := range files {
		b, _ := data.ReadFile(f)
		docs[f] = string(b)
	}
	for name, doc := range docs {
		got, err := parseMetadata([]byte(doc))
		want, wantErr := jsonMetadata([]byte(doc))
		if err != nil || wantErr != nil {
			t.Errorf("%s: error %v, encoding/json's %v", name, err, wantErr)
			continue
		}
		if len(got) < 1 || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %d signatures differ from encoding/json's %d:\n%#v\n%#v", name, len(got), len(want), got, want)
		}
	}
}

func TestParseMetadataErrors(t *testing.T) {
	for _, tc := range []struct{ doc, want string }{
		{`{"format_version": "2.0", "function_signatures": {}}`, `format_version "2.0", want 1.0`},
		{`{"function_signatures": {}}`, `format_version "", want 1.0`},
		{`{"format_version": "1.0", "function_signatures": {"f": {"return_type": "nothing"}}}`, `f: return type: `},
		{`{"format_version": "1.0", "function_signatures": {"f": {"parameters": [{"name": "p", "type": 3}], "return_type": "string"}}}`, `f: parameter p: `},
		{`{"format_version": "1.0", "function_signatures": {"f": {"parameters": [{"name": "p"}], "return_type": "string"}}}`, `f: parameter p: `},
		{`{"format_version": "1.0", "function_signatures": {"f": {"parameters": [{"name": "p", "type": "string", "is_nullable": 1}], "return_type": "string"}}}`, `want a boolean`},
		{`{"format_version": "1.0"} {}`, `offset 26 (at ""): data after the root value`},
		{`{"format_version": "1.0", "function_signatures": {"f": {`, `unclosed object`},
		{`{"format_version": "1.0" "x": 1}`, `no comma between members`},
		{`{"format_version" "1.0"}`, `no colon after a key`},
		{`{"format_version": "1.0`, `unterminated string`},
		{`{"format_version": "1.0", "x": [1 2]}`, `no comma between elements`},
		{`{"format_version": "1.0", "x": nul}`, `invalid keyword: "nul"`},
		{`{"format_version": "1.0", "x": {"a" 1}, "function_signatures": {}}`, `(at "/x/a"): no colon after a key`},
		{`{"format_version": "1.0", "x": @}`, `a byte that cannot start a value`},
		{`{"format_version": 1.0}`, `want a string`},
		{`[]`, `want an object`},
		{``, `end of input where a value should be`},
	} {
		got, err := parseMetadata([]byte(tc.doc))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseMetadata(%s) = %d signatures, %v; want an error with %q", tc.doc, len(got), err, tc.want)
		}
		if _, jerr := jsonMetadata([]byte(tc.doc)); jerr == nil {
			t.Errorf("encoding/json reads %s", tc.doc)
		}
		if !strings.Contains(tc.want, "format_version") && !strings.Contains(tc.want, "f: ") && !errors.Is(err, errMetadata) {
			t.Errorf("parseMetadata(%s): %v is not a syntax error", tc.doc, err)
		}
	}
}

func TestCompact(t *testing.T) {
	for in, want := range map[string]string{
		`"string"`: `"string"`,
		"[\n  \"list\",\n  [ \"map\", \"bool\" ]\n]":                      `["list",["map","bool"]]`,
		`["object", {"a b": "string", "c\" d": "number", "e\\": "bool"}]`: `["object",{"a b":"string","c\" d":"number","e\\":"bool"}]`,
	} {
		if got := string(compact([]byte(in))); got != want {
			t.Errorf("compact(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestSignatureEqual(t *testing.T) {
	sigs := signatures(OpenTofu112)
	base := sigs["format"]
	if !base.equal(sigs["core::format"]) || !base.equal(base.clone()) {
		t.Errorf("format and core::format differ: %#v, %#v", base, sigs["core::format"])
	}
	for what, change := range map[string]func(*Signature){
		"parameter name":      func(s *Signature) { s.Params[0].Name = "other" },
		"parameter type":      func(s *Signature) { s.Params[0].Type = cty.Number },
		"nullable":            func(s *Signature) { s.Params[0].Nullable = !s.Params[0].Nullable },
		"parameters":          func(s *Signature) { s.Params = s.Params[:0] },
		"no variadic":         func(s *Signature) { s.VarParam = nil },
		"variadic nullable":   func(s *Signature) { s.VarParam.Nullable = !s.VarParam.Nullable },
		"return type":         func(s *Signature) { s.ReturnType = cty.Number },
		"no signature at all": func(s *Signature) { *s = Signature{} },
	} {
		s := base.clone()
		change(&s)
		if base.equal(s) || s.equal(base) {
			t.Errorf("%s changed, still equal", what)
		}
	}
}
