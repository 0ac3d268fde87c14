package jsonedit

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/jsonpath"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// config is a configuration in the object form, with cdktf's "//"
// metadata.
const config = `{
  "//": {"metadata": {"backend": "local", "version": "0.20.3"}},
  "terraform": {
    "required_providers": {"aws": {"source": "hashicorp/aws", "version": "~> 5.0"}},
    "backend": {"s3": {"bucket": "state"}}
  },
  "variable": {
    "region": {"type": "string", "default": "eu-west-1"},
    "cidr": {"type": "string"}
  },
  "provider": {"aws": [{"region": "${var.region}"}, {"alias": "west", "region": "us-west-2"}]},
  "locals": {"name": "web", "env": "prod"},
  "module": {
    "vpc": {
      "//": {"metadata": {"path": "network/vpc"}},
      "source": "terraform-aws-modules/vpc/aws",
      "version": "5.0.0"
    }
  },
  "data": {"aws_ami": {"ubuntu": {"owners": ["099720109477"]}}},
  "resource": {
    "aws_instance": {
      "web": {
        "ami": "${data.aws_ami.ubuntu.id}",
        "lifecycle": {"create_before_destroy": true},
        "provisioner": {"local-exec": {"command": "echo ${self.id}"}}
      }
    },
    "aws_s3_bucket": {"logs": {"bucket": "logs"}}
  },
  "output": {"id": {"value": "${aws_instance.web.id}"}}
}
`

// mixed is a configuration that mixes both forms, with two locals blocks.
const mixed = `{
  "locals": [{"name": "web"}, {"env": "prod"}],
  "provider": [{"aws": {"alias": "west", "region": "us-west-2"}}, {"aws": [{"region": "${var.region}"}]}],
  "module": [{"vpc": [{"source": "terraform-aws-modules/vpc/aws", "version": "5.0.0"}]}],
  "resource": [
    {"aws_s3_bucket": {"logs": {"bucket": "logs"}}},
    {"aws_instance": {"web": [{"ami": "x", "lifecycle": [{"create_before_destroy": true}]}]}}
  ]
}
`

// editLayouts returns config in the object form, in the array form that
// hcljson fmt writes, and mixed.
func editLayouts(t *testing.T) map[string][]byte {
	t.Helper()
	array, diags := gen.FormatJSON([]byte(config), "main.tf.json", schema.Terraform.Root, gen.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return map[string][]byte{"object": []byte(config), "array": array, "mixed": []byte(mixed)}
}

// blockAddresses returns the address of every block of src, nested ones
// included (after the address of their block and a space), as HCL's
// decoding through the Terraform schema finds them.
func blockAddresses(t *testing.T, src []byte) []string {
	t.Helper()
	file, diags := hcljson.Parse(src, "main.tf.json")
	if diags.HasErrors() {
		t.Fatalf("not a valid file: %s\n%s", diags.Error(), src)
	}
	var out []string
	var walk func(body hcl.Body, sb *schema.Body, prefix string)
	walk = func(body hcl.Body, sb *schema.Body, prefix string) {
		content, _, _ := sb.Content(body)
		if content == nil {
			return
		}
		for _, b := range content.Blocks {
			a := strings.Join(append([]string{prefix + b.Type}, b.Labels...), ".")
			bt := sb.Block(b.Type)
			inner := bt.Body
			if len(b.Labels) > 0 {
				inner = bt.BodyFor(b.Labels[0])
			}
			if b.Type == "provider" {
				attrs, _ := b.Body.JustAttributes()
				if alias := attrs["alias"]; alias != nil {
					v, _ := alias.Expr.Value(nil)
					a += "." + v.AsString()
				}
			}
			out = append(out, a)
			if inner != nil {
				walk(b.Body, inner, a+" ")
			}
		}
	}
	walk(file.Body, schema.Terraform.Root, "")
	slices.Sort(out)
	return out
}

// oneSpanRemoved reports whether out is src without one run of bytes
// that holds the bytes start to end.
func oneSpanRemoved(src, out []byte, start, end int) bool {
	n := len(src) - len(out)
	for s := max(0, end-n); s <= start && s+n <= len(src); s++ {
		if bytes.Equal(out[:s], src[:s]) && bytes.Equal(out[s:], src[s+n:]) {
			return true
		}
	}
	return false
}

// TestDeleteAddress removes blocks and arguments by address from the three
// layouts: the block goes, and nothing else (HCL's decoding of the result
// finds every other block), and the output is the input without one run
// of bytes that holds the block: every other byte is kept.
func TestDeleteAddress(t *testing.T) {
	for name, src := range editLayouts(t) {
		before := blockAddresses(t, src)
		for _, tt := range []struct {
			address string
			block   string // the block that goes, "" for an argument
		}{
			{"resource.aws_instance.web", "resource.aws_instance.web"},
			{"aws_s3_bucket.logs", "resource.aws_s3_bucket.logs"},
			{"provider.aws.west", "provider.aws.west"},
			{"provider.aws", "provider.aws"},
			{"module.vpc", "module.vpc"},
			{"variable.cidr", "variable.cidr"},
			{"terraform.backend.s3", "terraform.backend.s3"},
			{"data.aws_ami.ubuntu", "data.aws_ami.ubuntu"},
			{"output.id", "output.id"},
			{"resource.aws_instance.web.lifecycle", "resource.aws_instance.web lifecycle"},
			{"resource.aws_instance.web.provisioner.local-exec", "resource.aws_instance.web provisioner.local-exec"},
			{"locals.env", ""},
			{"module.vpc.version", ""},
			{"terraform.required_providers.aws", ""},
		} {
			t.Run(name+"/"+tt.address, func(t *testing.T) {
				if tt.block != "" && !slices.Contains(before, tt.block) {
					t.Skipf("no %s in this layout", tt.block)
				}
				path := mustPath(t, tt.address)
				l := jsonpath.LayoutFor("main.tf.json")
				doc := scanner.Parse(src, scanner.Options{})
				res, diags := l.Lookup(doc, nil, "main.tf.json", path)
				if diags.HasErrors() {
					t.Skipf("not in this layout: %s", diags.Error())
				}
				d, _ := Open("main.tf.json", src)
				if diags := d.DeleteAddress(l, path); len(diags) > 0 {
					t.Fatalf("%s", hcltest.RenderDiags(diags))
				}
				out := d.Bytes()
				after := blockAddresses(t, out)
				want := slices.DeleteFunc(slices.Clone(before), func(a string) bool {
					return tt.block != "" && (a == tt.block || strings.HasPrefix(a, tt.block+" "))
				})
				if !slices.Equal(after, want) {
					t.Errorf("blocks after:\n%s\nwant:\n%s", strings.Join(after, "\n"), strings.Join(want, "\n"))
				}
				if !oneSpanRemoved(src, out, res.Range.Start.Byte, res.Range.End.Byte) {
					t.Errorf("not one run of bytes around %v removed:\n%s", res.Range, out)
				}
				if _, diags := l.Lookup(scanner.Parse(out, scanner.Options{}), nil, "out", path); !diags.HasErrors() {
					t.Errorf("%s is still there:\n%s", tt.address, out)
				}
			})
		}
	}
}

// TestDeleteAddressLayout checks the bytes that removing a file's only
// resource leaves, in each layout: the resource member goes with it.
func TestDeleteAddressLayout(t *testing.T) {
	for _, tt := range []struct{ in, path, want string }{
		{
			in:   `{"resource": {"aws_instance": {"web": {"ami": "x"}}}, "output": {}}`,
			path: "resource.aws_instance.web",
			want: `{"output": {}}`,
		},
		{
			in:   "{\n  \"variable\": {},\n  \"resource\": [\n    {\n      \"aws_instance\": [\n        {\n          \"web\": [\n            {\n              \"ami\": \"x\"\n            }\n          ]\n        }\n      ]\n    }\n  ]\n}\n",
			path: "aws_instance.web",
			want: "{\n  \"variable\": {}\n}\n",
		},
		{
			in:   `{"resource": {"aws_instance": {"web": {"ami": "x"}, "db": {}}}}`,
			path: "resource.aws_instance.web",
			want: `{"resource": {"aws_instance": {"db": {}}}}`,
		},
		{
			in:   `{"resource": [{"aws_instance": {"db": {}}}, {"aws_instance": [{"web": [{"ami": "x"}]}], "//": "kept"}]}`,
			path: "resource.aws_instance.web",
			want: `{"resource": [{"aws_instance": {"db": {}}}, {"//": "kept"}]}`,
		},
		{
			in:   `{"resource": {"aws_instance": {"web": [{"ami": "x"}, {"ami": "y"}]}}}`,
			path: "resource.aws_instance.web[1]",
			want: `{"resource": {"aws_instance": {"web": [{"ami": "x"}]}}}`,
		},
		{
			in:   `{"resource": {"aws_instance": {"a": {"n": 1}, "b": {"n": 2}, "c": {"n": 1}}}}`,
			path: "resource.aws_instance[*n=1]",
			want: `{"resource": {"aws_instance": {"b": {"n": 2}}}}`,
		},
		{
			in:   `{"resource": {"aws_instance": {"a": {"n": 1}, "b": {"n": 1}}}, "x": 1}`,
			path: "aws_instance[*]",
			want: `{"x": 1}`,
		},
		{
			in:   `{"locals": [{"a": 1}, {"b": 2}]}`,
			path: "locals.b",
			want: `{"locals": [{"a": 1}, {}]}`,
		},
	} {
		t.Run(tt.path, func(t *testing.T) {
			d, diags := Open("main.tf.json", []byte(tt.in))
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			if diags := d.DeleteAddress(jsonpath.LayoutFor("main.tf.json"), mustPath(t, tt.path)); len(diags) > 0 {
				t.Fatalf("%s", hcltest.RenderDiags(diags))
			}
			if got := string(d.Bytes()); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestSetAddress writes by address in the three layouts: exactly the
// value's bytes change, or a member is added to the block's body; a path
// that names several blocks is an error that changes nothing.
func TestSetAddress(t *testing.T) {
	l := jsonpath.LayoutFor("main.tf.json")
	for name, src := range editLayouts(t) {
		for _, tt := range []struct{ address, value string }{
			{"module.vpc.version", `"5.1.0"`},
			{"terraform.required_providers.aws.version", `"~> 6.0"`},
			{"locals.env", `"dev"`},
			{"provider.aws.west.region", `"us-east-1"`},
			{"aws_instance.web.ami", `"ami-2"`},
			{"module.vpc.enable_nat_gateway", `true`},
			{"module[*source=terraform-aws-modules/vpc/aws].version", `"6.0.0"`},
		} {
			t.Run(name+"/"+tt.address, func(t *testing.T) {
				path := mustPath(t, tt.address)
				doc := scanner.Parse(src, scanner.Options{})
				old, diags := l.LookupAll(doc, nil, "main.tf.json", path)
				if diags.HasErrors() {
					if _, pdiags := l.LookupAll(doc, nil, "main.tf.json", path[:len(path)-1]); pdiags.HasErrors() {
						t.Skipf("not in this layout: %s", pdiags.Error())
					}
				}
				d, _ := Open("main.tf.json", src)
				if diags := d.SetAddress(l, path, []byte(tt.value)); len(diags) > 0 {
					t.Fatalf("%s", hcltest.RenderDiags(diags))
				}
				out := d.Bytes()
				res, diags := l.LookupAll(scanner.Parse(out, scanner.Options{}), nil, "out", path)
				if diags.HasErrors() || len(res) != 1 || string(res[0].Raw) != tt.value {
					t.Fatalf("after: %v %s\n%s", res, diags.Error(), out)
				}
				// Outside the value (or the new member), every byte is kept.
				if len(old) == 1 {
					want := string(src[:old[0].Range.Start.Byte]) + tt.value + string(src[old[0].Range.End.Byte:])
					if string(out) != want {
						t.Errorf("got\n%s\nwant\n%s", out, want)
					}
				} else if !oneSpanRemoved(out, src, res[0].Range.Start.Byte, res[0].Range.End.Byte) {
					t.Errorf("not one member added:\n%s", out)
				}
				if !slices.Equal(blockAddresses(t, out), blockAddresses(t, src)) {
					t.Errorf("the blocks changed:\n%s", out)
				}
			})
		}
	}
	// Several blocks of one address: an error, nothing written.
	src := `{"resource": [{"aws_instance": {"web": {"ami": "a"}}}, {"aws_instance": {"web": {"ami": "b"}}}]}`
	d, _ := Open("main.tf.json", []byte(src))
	diags := d.SetAddress(l, mustPath(t, "aws_instance.web.ami"), []byte(`"c"`))
	if !diags.HasErrors() || diags[0].Summary != "Ambiguous address" || string(d.Bytes()) != src {
		t.Errorf("%s\n%s", hcltest.RenderDiags(diags), d.Bytes())
	}
	// locals.new: two locals blocks, so no one place to add the key.
	src = `{"locals": [{"a": 1}, {"b": 2}]}`
	d, _ = Open("main.tf.json", []byte(src))
	diags = d.SetAddress(l, mustPath(t, "locals.new"), []byte(`1`))
	if got := hcltest.RenderDiags(diags); got != "main.tf.json:1,23-24: error: Ambiguous address; The address locals names 2 blocks: locals[0] at main.tf.json:1,13-21, locals[1] at main.tf.json:1,23-31. An address must name one block: write the path of the one you mean.\n" || string(d.Bytes()) != src {
		t.Errorf("%s\n%s", got, d.Bytes())
	}
	// With [*], every value, each member added where it is missing.
	src = `{"module": {"a": {"source": "x"}, "b": {"source": "y", "version": "1"}, "c": {"source": "x", "version": "1"}}}`
	d, _ = Open("main.tf.json", []byte(src))
	if diags := d.SetAddress(l, mustPath(t, "module[*source=x].version"), []byte(`"2"`)); len(diags) > 0 {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	if got, want := string(d.Bytes()), `{"module": {"a": {"source": "x", "version": "2"}, "b": {"source": "y", "version": "1"}, "c": {"source": "x", "version": "2"}}}`; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
