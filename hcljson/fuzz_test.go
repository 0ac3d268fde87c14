package hcljson_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/internal/hcltest"
)

// fuzzCorpusDir holds plain JSON files added to FuzzParse's seeds: the
// .tf.json, .tofu.json and .tftest.json fixtures of OpenTofu's test suite
// (copied from ../shared/corpus/opentofu, paths kept).
const fuzzCorpusDir = "testdata/fuzz/corpus"

// fuzzSeeds are the inline seeds of FuzzParse.
var fuzzSeeds = []string{
	// The seeds of hcl/v2/json's own FuzzParse, as raw JSON.
	"{\n    \"foo\": \"${upper(bar + baz[1])}\"\n}\n",
	"{\n    \"foo\": \"bar\"\n}\n",
	"{\n  \"block\": {\n    \"foo\": true\n  }\n}\n",
	"{\n    \"block\": {}\n}\n",
	"{\n  \"block\": {\n    \"another_block\": {\n      \"foo\": \"bar\"\n    }\n  }\n}\n",
	"{}\n",
	"{\n    \"hello\": []\n}\n",
	"{\n    \"hello\": [[]]\n}\n",
	"{\n    \"hello\": [\n        \"hello\",\n        true,\n        1.2\n    ]\n}\n",
	"{\n    \"foo\": 1.234234e30\n}\n",
	"{\n    \"foo\": 1024\n}\n",
	"{\n    \"foo\": \"föo ${föo(\\\"föo\\\")}\"\n}\n",

	// One input per syntax diagnostic of oracle-behavior.md §2.3.
	`{} []`,                 // Extraneous data after value
	`{"a": }`,               // Missing JSON value
	`{"a": ]}`,              // Missing array element value
	`{]`,                    // Missing array element value
	``,                      // Missing value
	"  \n",                  // Missing value
	`[,]`,                   // Invalid start of value, trailing comma
	`{"a": , "b": 1}`,       // Invalid start of value
	`{"a": 'x'}`,            // Invalid start of value
	`{1: 2}`,                // Invalid object property name
	`{"a", "b": 1}`,         // Missing object value
	`{"a"}`,                 // Missing object value
	`{"a" = 1}`,             // Missing property value colon (equals)
	`{"a" 1}`,               // Missing property value colon
	`{"a": 1,}`,             // Trailing comma in object
	`[1,]`,                  // Trailing comma in array
	`{"a": 1`,               // Unclosed object
	`[{"a": 1}`,             // Unclosed array
	`{"a": 1]`,              // Mismatched braces
	`[1}`,                   // Mismatched brackets
	`[1: 2]`,                // Invalid array value
	`{"a": 1 "b": 2}`,       // Missing attribute separator comma
	`[1 2]`,                 // Missing attribute separator comma
	`{"a": 01}`,             // Invalid JSON number
	`{"a": -}`,              // Invalid JSON number
	`{"a": 1.2.3}`,          // Invalid JSON number
	`{"a": "\x"}`,           // Invalid JSON string
	`{"a": "\u00"}`,         // Invalid JSON string
	"{\"a\": \"x\ty\"}",     // Invalid JSON string (raw tab)
	`{"a": undefined}`,      // Invalid JSON keyword (JavaScript)
	`{"a": -Infinity}`,      // Invalid JSON keyword
	`{"a": True}`,           // Invalid JSON keyword, did you mean
	`{a: 1}`,                // Invalid JSON keyword (unquoted key)
	`"just a string"`,       // Root value must be object
	`null`,                  // Root value must be object
	"\uFEFF{}",              // BOM
	`// comment` + "\n{}",   // comments are not JSON
	`{"a": 1} /* c */`,      // trailing comment
	`{"a": 1e1000000000}`,   // exponent out of range
	`{"a": "\ud800"}`,       // lone surrogate
	"{\"a\": \"\xff\xfe\"}", // invalid UTF-8
	`{"resource": {"a": {"b": {"x": 1,}}}, "other": 1}`, // nested trailing comma

	// hashicorp/hcl#339: the peeker ran off the end of malformed input.
	"{\n  \"http_proxy_url: \"http://xxxxxx\",\n}",
	"{\"a\": 1, # comment\n}",
	`{"a`,
	`{"a":`,
	`{"a": [`,
	`[{"a": "b",`,

	// Bodies and expressions worth mutating.
	`[{"a": 1}, {"b": {"c": [null, {"d": "${var.foo}"}]}}]`,
	`{"//": "c", "o": {"${var.foo}": 1, "${local.unknown}": 2, "a": {"a": 1, "a": 2}}}`,
	`{"t": "%{ for x in var.list }${upper(x)}%{ endfor }", "e": "\"${var.n}\"\n", "u": "👩‍👩‍👧e\u0301${local.name}"}`,
	`{"n": [0.1, -0, 1e400, 9007199254740993, 123456789012345678901234567890]}`,
	// Shapes that template.Quick evaluates from the text.
	`{"q": "${var.n > 1 ? upper(var.foo) : \"x\"}-%{ if var.n == 2 }two%{ else }${var.foo}%{ endif }", "s": "${var.list[0]}${length(var.list) + var.n * 2}", "t": "${jsonencode({a = [var.foo, \"${var.n}\"], b = null})}"}`,
}

// FuzzParse parses arbitrary input with hcljson and the oracle. hcljson
// must not panic, every error must have a Subject within the input, the
// verdicts (HasErrors) must agree, and an accepted input must render the
// same through JustAttributes and through ParseExpression — all modulo
// deliberateDifference.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	files := 0
	err := filepath.WalkDir(fuzzCorpusDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f.Add(src)
		files++
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
	if files < 20 {
		f.Fatalf("only %d corpus files in %s", files, fuzzCorpusDir)
	}
	schema := &hcltest.Schema{Mode: hcltest.Attrs}
	ctx := hcltest.EvalContext()
	f.Fuzz(func(t *testing.T, src []byte) {
		compareFile(t, fileInput{src: src, schema: schema, ctx: ctx})
		compareExpr(t, src, nil, ctx)
	})
}

// TestOracleCorpus decodes every corpus file with a Terraform-like root
// schema, in Content and PartialContent mode, with navigation.
func TestOracleCorpus(t *testing.T) {
	s := hcltest.MustParseSchema(schemaTerraform)
	partial := hcltest.MustParseSchema("partial\n" + schemaTerraform)
	ctx := hcltest.EvalContext()
	err := filepath.WalkDir(fuzzCorpusDir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		t.Run(strings.TrimPrefix(path, fuzzCorpusDir+"/"), func(t *testing.T) {
			compareFile(t, fileInput{src: src, schema: s, ctx: ctx, nav: true})
			compareFile(t, fileInput{src: src, schema: partial, ctx: ctx})
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// schemaTerraform is close to what Terraform and OpenTofu decode .tf.json
// and .tftest.json roots with.
const schemaTerraform = `
attr language
block terraform {
  partial
  attr required_version
  block required_providers {
    attrs
  }
  block backend type
}
block provider name {
  partial
  attr alias
  attr for_each
}
block variable name {
  attr type
  attr default
  attr description
  attr sensitive
  attr nullable
  block validation {
    attr condition
    attr error_message
  }
}
block locals {
  attrs
}
block output name {
  attr! value
  attr description
  attr sensitive
  attr depends_on
}
block module name {
  partial
  attr source
  attr version
  attr providers
}
block resource type name {
  partial
  attr count
  attr for_each
  attr provider
  attr depends_on
  block lifecycle {
    attr create_before_destroy
    attr prevent_destroy
    attr ignore_changes
    attr replace_triggered_by
  }
}
block data type name {
  partial
  attr count
}
block moved {
  attr from
  attr to
}
block import {
  attr to
  attr id
}
block check name {
  block assert {
    attr condition
    attr error_message
  }
}
block run name {
  partial
  attr command
  attr expect_failures
  block variables {
    attrs
  }
  block assert {
    attr condition
    attr error_message
  }
  block plan_options {
    attr mode
    attr target
    attr replace
  }
  block module {
    attr source
    attr version
  }
}
block variables {
  attrs
}
block mock_provider name {
  partial
  block override_resource {
    attr target
    attr values
  }
}
`
