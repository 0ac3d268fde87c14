package module

import (
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// TestRequirements checks the one decoder of required_providers entries
// in both syntaxes: the legacy version string, objects with their keys as
// written (keywords and strings), a value that is neither, and the
// blocks' order.
func TestRequirements(t *testing.T) {
	tests := []struct {
		name, file, src string
		want            []string // name legacy version source items; diags
	}{{
		name: "native",
		file: "a.tf",
		src: `terraform {
  required_providers {
    old = "~> 1.0"
    aws = {
      source  = "HashiCorp/AWS"
      "version" = ">= 5"
      configuration_aliases = [aws.west]
    }
    bad = var.x
  }
  required_providers {
    null = { source = "hashicorp/null" }
  }
}
`,
		want: []string{
			"aws false  hashicorp/aws [source version configuration_aliases] ",
			"bad false   [] a.tf:9,11-16: error: Invalid expression; A static map expression is required.\n",
			`old true ~> 1.0  [] `,
			"null false  hashicorp/null [source] ",
		},
	}, {
		name: "JSON",
		file: "a.tf.json",
		src:  `{"terraform": {"required_providers": {"b": {"source": "x/B", "${v}": 1}, "a": ">= 1"}}}`,
		want: []string{
			`a true >= 1  [] `,
			"b false  x/b [source ${v}] ",
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := Parse([]byte(tt.src), tt.file)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			content, _, _ := f.Body.PartialContent(&hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{{Type: "terraform"}}})
			var got []string
			for _, r := range Requirements(content.Blocks[0]) {
				var keys []string
				for _, it := range r.Items {
					keys = append(keys, it.Key)
				}
				got = append(got, r.Name+" "+boolString(r.Legacy)+" "+r.Version+" "+r.Source()+" "+listString(keys)+" "+hcltest.RenderDiags(r.MapDiags))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("entry %d:\n%q\nwant\n%q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func listString(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}

// TestResourceProvider checks the one rule of the implied provider:
// the type's prefix, overridden by the provider meta-argument, read in
// both syntaxes (a JSON string, OpenTofu's instance key, the legacy
// quotes with their warning), and kept when the argument is no valid
// reference.
func TestResourceProvider(t *testing.T) {
	tests := []struct {
		name, file, src string
		want            string
		diags           string
	}{
		{name: "implied", file: "a.tf", src: `x = null`, want: "google"},
		{name: "alias", file: "a.tf", src: `x = google-beta.west`, want: "google-beta.west"},
		{name: "instance key", file: "a.tf", src: `x = aws.west[each.key]`, want: "aws.west"},
		{name: "JSON", file: "a.tf.json", src: `{"x": "aws.east"}`, want: "aws.east"},
		{name: "legacy quotes", file: "a.tf", src: `x = "aws.east"`, want: "aws.east",
			diags: "a.tf:1,5-15: warning: Quoted references are deprecated; This argument gives references in quotes, as Terraform 0.11 wrote them; Terraform and OpenTofu read them as if unquoted, with this warning. Remove the quotes to silence it.\n"},
		{name: "too many steps", file: "a.tf", src: `x = aws.a.b`, want: "google",
			diags: "a.tf:1,5-12: error: Invalid provider configuration reference; A provider configuration reference must not have more than one attribute access, to select an alias.\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := Parse([]byte(tt.src), tt.file)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			attrs, _ := f.Body.JustAttributes()
			var expr hcl.Expression
			if v, _ := attrs["x"].Expr.Value(nil); !v.IsNull() {
				expr = attrs["x"].Expr
			}
			c, d := ResourceProvider("google_compute_instance", expr)
			if c.String() != tt.want || hcltest.RenderDiags(d) != tt.diags {
				t.Errorf("ResourceProvider = %q\n%s\nwant %q\n%s", c, hcltest.RenderDiags(d), tt.want, tt.diags)
			}
		})
	}
}
