package gen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/tonative"

	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/schema"
)

// TestFormatJSON rewrites JSON fixtures in the general array form and
// checks that the result is idempotent and means the same: its native
// conversion is the same text, and the whole file reads (with the schema
// derived from that native text) as the source reads.
func TestFormatJSON(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "gen", "tonative", "*.tf.json"))
	more, _ := filepath.Glob(filepath.Join("..", "testdata", "gen", "terraform", "*.tf.json"))
	files = append(files, more...)
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			lang := schema.Terraform
			if filepath.Base(path) == "providers.tf.json" {
				lang = convtest.TestProviders(t)
			}
			out, diags := gen.FormatJSON(src, "a.tf.json", lang.Root, gen.Options{})
			if diags.HasErrors() {
				t.Fatal(hcltest.RenderDiags(diags))
			}
			again, _ := gen.FormatJSON(out, "a.tf.json", lang.Root, gen.Options{})
			if string(again) != string(out) {
				t.Errorf("not idempotent:\nfirst:\n%s\nsecond:\n%s", out, again)
			}
			n1, d1 := tonative.Convert(src, "a.tf.json", tonative.Options{Schema: lang.Root, ObjectsAsAttributes: true})
			n2, d2 := tonative.Convert(out, "a.tf.json", tonative.Options{Schema: lang.Root, ObjectsAsAttributes: true})
			if d1.HasErrors() || d2.HasErrors() {
				t.Fatalf("native conversion:\n%s\n%s", hcltest.RenderDiags(d1), hcltest.RenderDiags(d2))
			}
			if string(n1) != string(n2) {
				t.Errorf("the formatted file converts differently\nsource:\n%s\nformatted:\n%s\njson:\n%s", n1, n2, out)
			}
			convtest.CheckTerraformReading(t, "a.tf", n1, out)
		})
	}
}

// TestFormatJSONForms checks the canonical form of blocks written in
// other forms, and that what the schema does not place is kept as it is.
func TestFormatJSONForms(t *testing.T) {
	src := `{"variable": {"a": {"default": 1.50}, "b": [{"type": "string"}]},
  "//": "kept",
  "resource": {"x_y": {"n": {"tags": {"k": "$${v}"}, "blk": [{"a": 1}, {"a": 2}]}}},
  "locals": [{"z": "\u00e9\u2028"}]}`
	want := `{
  "variable": [
    {
      "a": [
        {
          "default": 1.50
        }
      ]
    },
    {
      "b": [
        {
          "type": "string"
        }
      ]
    }
  ],
  "//": "kept",
  "resource": [
    {
      "x_y": [
        {
          "n": [
            {
              "tags": {
                "k": "$${v}"
              },
              "blk": [
                {
                  "a": 1
                },
                {
                  "a": 2
                }
              ]
            }
          ]
        }
      ]
    }
  ],
  "locals": [
    {
      "z": "é\u2028"
    }
  ]
}
`
	out, diags := gen.FormatJSON([]byte(src), "a.tf.json", schema.Terraform.Root, gen.Options{})
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
	out, diags = gen.FormatJSON([]byte(`{"locals": null, "resource": {"aws_instance": {"web": null}}, "x": 1}`), "a.tf.json", schema.Terraform.Root, gen.Options{})
	if diags.HasErrors() || string(out) != "{\n  \"x\": 1\n}\n" {
		t.Errorf("null blocks: %s\n%s", hcltest.RenderDiags(diags), out)
	}
	if _, diags := gen.FormatJSON([]byte(`{"a": }`), "a.tf.json", nil, gen.Options{}); !diags.HasErrors() {
		t.Error("no error for invalid JSON")
	} else if got := diags[0].Error(); got != "a.tf.json:1,7-8: Missing JSON value; A JSON value must start with a brace, a bracket, a number, a string, or a keyword." {
		t.Errorf("diagnostic: %s", got)
	}
}
