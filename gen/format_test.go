package gen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
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
	files, _ := filepath.Glob(filepath.Join("..", "tonative", "testdata", "terraform", "*.tf.json"))
	more, _ := filepath.Glob(filepath.Join("..", "tojson", "testdata", "terraform", "*.tf.json"))
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

// TestLayoutFile checks that LayoutFile changes only the white space:
// the author's object or array form, member order, duplicates, "//"
// members, strings and numbers as written and a byte order mark stay.
func TestLayoutFile(t *testing.T) {
	for _, tt := range []struct {
		name, src, want string
	}{{
		name: "object form",
		src:  `{"//": {"metadata": {"stackName": "app"}}, "resource": {"aws_instance": {"web": {"ami": "ami-1", "count": 2.0, "tags": { }, "//": "keep"}}}, "output": {"a": {"value": 1e3}}, "output": {"b": {"value": "\u00e9"}}}`,
		want: `{
  "//": {
    "metadata": {
      "stackName": "app"
    }
  },
  "resource": {
    "aws_instance": {
      "web": {
        "ami": "ami-1",
        "count": 2.0,
        "tags": {},
        "//": "keep"
      }
    }
  },
  "output": {
    "a": {
      "value": 1e3
    }
  },
  "output": {
    "b": {
      "value": "\u00e9"
    }
  }
}
`,
	}, {
		name: "array form and mixed",
		src:  "{\"variable\":[{\"a\":[{\"default\":[1,2,[]]}]}],\r\n\t\"locals\": null,\"resource\": {\"x\": [{\"y\": {}}]}}",
		want: `{
  "variable": [
    {
      "a": [
        {
          "default": [
            1,
            2,
            []
          ]
        }
      ]
    }
  ],
  "locals": null,
  "resource": {
    "x": [
      {
        "y": {}
      }
    ]
  }
}
`,
	}, {
		name: "byte order mark",
		src:  "\ufeff{\"locals\": {\"a\": 1}}",
		want: "\ufeff{\n  \"locals\": {\n    \"a\": 1\n  }\n}\n",
	}} {
		t.Run(tt.name, func(t *testing.T) {
			out := layout(t, []byte(tt.src), schema.Terraform.Root)
			if string(out) != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", out, tt.want)
			}
			if again := layout(t, out, schema.Terraform.Root); string(again) != string(out) {
				t.Errorf("not idempotent:\n%s", again)
			}
		})
	}
}

// TestLayoutFileRefuses checks that LayoutFile refuses what FormatFile
// refuses, a block of the schema that no decoder reads as one, with the
// same diagnostics, and that without a schema nothing is a block.
func TestLayoutFileRefuses(t *testing.T) {
	src := []byte(`{"resource": {"aws_instance": "web"}, "locals": [1]}`)
	file, diags := hcljson.Parse(src, "a.tf.json")
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	out, diags := gen.LayoutFile(file, schema.Terraform.Root)
	if out != nil {
		t.Errorf("output %q, want none", out)
	}
	_, fdiags := gen.FormatFile(file, schema.Terraform.Root, gen.Options{})
	got := hcltest.RenderDiags(diags)
	const want = `a.tf.json:1,31-36: error: Incorrect JSON value type; Either a JSON object or JSON array of objects is required here, to specify name labels for this block.
a.tf.json:1,31-36: error: Missing block label; At least one object property is required, whose name represents the resource block's name.
a.tf.json:1,50-51: error: Incorrect JSON value type; The body of a locals block must be a JSON object, or an array of objects.
`
	if got != want || got != hcltest.RenderDiags(fdiags) {
		t.Errorf("diagnostics:\n%s\nFormatFile's:\n%s\nwant:\n%s", got, hcltest.RenderDiags(fdiags), want)
	}
	if out, diags := gen.LayoutFile(file, nil); diags.HasErrors() || len(out) == 0 {
		t.Errorf("generic file: %q\n%s", out, hcltest.RenderDiags(diags))
	}
}

// TestLayoutFileOfFormatted checks on the JSON fixtures that what
// FormatFile writes is laid out already, and that LayoutFile keeps every
// byte of the source but white space.
func TestLayoutFileOfFormatted(t *testing.T) {
	var files []string
	for _, dir := range []string{"../tojson/testdata/native", "../tojson/testdata/terraform", "../tonative/testdata/terraform"} {
		more, _ := filepath.Glob(filepath.Join(filepath.FromSlash(dir), "*.tf.json"))
		files = append(files, more...)
	}
	if len(files) < 10 {
		t.Fatalf("%d fixtures", len(files))
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			laid := layout(t, src, schema.Terraform.Root)
			if got, want := withoutSpace(laid), withoutSpace(src); got != want {
				t.Errorf("more than white space changed:\n%s\nsource:\n%s", laid, src)
			}
			formatted, diags := gen.FormatJSON(src, "a.tf.json", schema.Terraform.Root, gen.Options{})
			if diags.HasErrors() {
				return // a fixture of errors: LayoutFile refuses it too
			}
			if again := layout(t, formatted, schema.Terraform.Root); string(again) != string(formatted) {
				t.Errorf("FormatFile's output laid out again:\n%s\nwas:\n%s", again, formatted)
			}
		})
	}
}

// layout parses src and lays it out, failing on any error.
func layout(t *testing.T, src []byte, s *schema.Body) []byte {
	t.Helper()
	file, diags := hcljson.Parse(src, "a.tf.json")
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	out, diags := gen.LayoutFile(file, s)
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	return out
}

// withoutSpace returns JSON text without the white space between its
// tokens (the bytes of strings kept).
func withoutSpace(src []byte) string {
	var b []byte
	in := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case in && c == '\\':
			b = append(b, c, src[i+1])
			i++
			continue
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

// TestFormatKeepsDynamicOrder: in a resource whose provider schema is not
// known, "rule" may be blocks written as an object, so the general array
// form must not move the dynamic block that generates rule blocks before
// it by merging it into the first "dynamic" property (issue 24 item 1:
// tofu plan then lists "second" before "first"). With the provider's
// schema rule is known to be a block and the builder keeps the order.
func TestFormatKeepsDynamicOrder(t *testing.T) {
	src := []byte(`{"resource": [{"standin_thing": [{"t": [{"name": "t",
  "dynamic": [{"settings": [{"for_each": [], "content": [{}]}]}],
  "rule": [{"description": "first"}],
  "dynamic": [{"rule": [{"for_each": ["second"], "content": [{"description": "${rule.value}"}]}]}]
}]}]}]}`)
	const want = `{"resource":[{"standin_thing":[{"t":[{"name":"t","dynamic":[{"settings":[{"for_each":[],"content":[{}]}]}],"rule":[{"description":"first"}],"dynamic":[{"rule":[{"for_each":["second"],"content":[{"description":"${rule.value}"}]}]}]}]}]}]}` + "\n"
	out, diags := gen.FormatJSON(src, "main.tf.json", schema.Terraform.Root, gen.Options{Compact: true})
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	again, _ := gen.FormatJSON(out, "main.tf.json", schema.Terraform.Root, gen.Options{Compact: true})
	if string(again) != string(out) {
		t.Errorf("not idempotent:\n%s", again)
	}
}
