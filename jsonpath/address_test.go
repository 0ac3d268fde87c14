package jsonpath

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
)

// objectForm is a configuration in the object form, as cdktf writes it.
const objectForm = `{
  "//": {"metadata": {"backend": "local"}},
  "terraform": {
    "required_version": ">= 1.6",
    "required_providers": {
      "aws": {"source": "hashicorp/aws", "version": "~> 5.0"},
      "google": {"source": "hashicorp/google", "version": "~> 6.0"}
    },
    "backend": {"s3": {"bucket": "state"}}
  },
  "variable": {
    "region": {"type": "string", "default": "eu-west-1"},
    "cidr": {"type": "string", "default": "10.0.0.0/16"}
  },
  "provider": {
    "aws": [
      {"region": "${var.region}"},
      {"alias": "west", "region": "us-west-2"}
    ]
  },
  "locals": {"name": "web", "env": "prod"},
  "module": {
    "net": {"source": "./net", "cidr": "${var.cidr}"},
    "vpc": {"source": "terraform-aws-modules/vpc/aws", "version": "5.0.0"}
  },
  "data": {"aws_ami": {"ubuntu": {"owners": ["099720109477"]}}},
  "resource": {
    "aws_instance": {
      "web": {
        "ami": "${data.aws_ami.ubuntu.id}",
        "tags": {"Name": "web"},
        "lifecycle": {"create_before_destroy": true},
        "provisioner": {"local-exec": {"command": "echo ${self.id}"}}
      }
    },
    "aws_s3_bucket": {"logs": {"bucket": "logs"}}
  },
  "output": {"id": {"value": "${aws_instance.web.id}"}}
}`

// mixedForm is the same configuration written in a mixture of both forms,
// with two locals blocks and the root an array of bodies.
const mixedForm = `[
  {
    "terraform": [{"required_version": ">= 1.6"}, {"required_providers": {
      "aws": {"source": "hashicorp/aws", "version": "~> 5.0"},
      "google": {"source": "hashicorp/google", "version": "~> 6.0"}
    }, "backend": [{"s3": {"bucket": "state"}}]}],
    "variable": [{"region": {"type": "string", "default": "eu-west-1"}}, {"cidr": [{"type": "string", "default": "10.0.0.0/16"}]}],
    "provider": [{"aws": {"alias": "west", "region": "us-west-2"}}, {"aws": [{"region": "${var.region}"}]}],
    "locals": [{"name": "web"}, {"env": "prod"}]
  },
  {
    "module": [{"net": {"source": "./net", "cidr": "${var.cidr}"}}, {"vpc": [{"source": "terraform-aws-modules/vpc/aws", "version": "5.0.0"}]}],
    "data": {"aws_ami": [{"ubuntu": [{"owners": ["099720109477"]}]}]},
    "resource": [
      {"aws_s3_bucket": {"logs": {"bucket": "logs"}}},
      {"aws_instance": {"web": [{
        "ami": "${data.aws_ami.ubuntu.id}",
        "tags": {"Name": "web"},
        "lifecycle": [{"create_before_destroy": true}],
        "provisioner": [{"local-exec": {"command": "echo ${self.id}"}}]
      }]}}
    ],
    "output": {"id": [{"value": "${aws_instance.web.id}"}]}
  }
]`

// layouts returns the configuration in the object form, in the array form
// that "hcljson fmt" writes (gen.FormatJSON), and mixed.
func layouts(t *testing.T) map[string][]byte {
	t.Helper()
	array, diags := gen.FormatJSON([]byte(objectForm), "main.tf.json", schema.Terraform.Root, gen.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if !strings.Contains(string(array), `"resource": [`) {
		t.Fatalf("not the array form:\n%s", array)
	}
	return map[string][]byte{"object": []byte(objectForm), "array": array, "mixed": []byte(mixedForm)}
}

// oracle returns the range of what address names as HCL's own decoding
// finds it, through the Terraform schema: block types and labels (a
// provider's alias after its name), then an argument, then keys of the
// argument's object value. A block is its body's range as the closing
// brace ends it.
func oracle(t *testing.T, file *hcl.File, address []string) hcl.Range {
	t.Helper()
	body, sb := file.Body, schema.Terraform.Root
	i := 0
	for i < len(address) {
		k := address[i]
		bt := sb.Block(k)
		if bt == nil {
			break
		}
		labels := address[i+1 : i+1+len(bt.Labels)]
		i += 1 + len(bt.Labels)
		content, _, diags := sb.Content(body)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", address, diags)
		}
		var found []*hcl.Block
		for _, b := range content.Blocks {
			if b.Type == k && strings.Join(b.Labels, ".") == strings.Join(labels, ".") {
				found = append(found, b)
			}
		}
		if k == "provider" {
			next := ""
			if i < len(address) {
				next = address[i]
			}
			alias := containsAlias(found, next)
			var picked []*hcl.Block
			for _, b := range found {
				if a, ok := aliasOf(b); alias && a == next || !alias && !ok {
					picked = append(picked, b)
				}
			}
			if alias {
				i++
			}
			found = picked
		}
		if len(bt.Labels) == 0 && len(found) > 1 && i < len(address) {
			// Blocks without labels read as one body: the one that
			// has the next name.
			var picked []*hcl.Block
			for _, b := range found {
				c, r, _ := bt.Body.Content(b.Body)
				has := c.Attributes[address[i]] != nil
				for _, nb := range c.Blocks {
					has = has || nb.Type == address[i]
				}
				if r != nil {
					attrs, _ := r.JustAttributes()
					has = has || attrs[address[i]] != nil
				}
				if has {
					picked = append(picked, b)
				}
			}
			found = picked
		}
		if len(found) != 1 {
			t.Fatalf("%s: HCL finds %d blocks %s %v", address, len(found), k, labels)
		}
		body = found[0].Body
		sb = bt.Body
		if len(labels) > 0 {
			sb = bt.BodyFor(labels[0])
		}
		if i == len(address) {
			return hcl.Range{Filename: "main.tf.json", End: body.MissingItemRange().End}
		}
	}
	content, remain, _ := sb.Content(body)
	name := address[i]
	attr := content.Attributes[name]
	if attr == nil && remain != nil {
		attrs, _ := remain.JustAttributes()
		attr = attrs[name]
	}
	if attr == nil {
		t.Fatalf("%s: HCL finds no argument %s", address, name)
	}
	expr := attr.Expr
	for _, key := range address[i+1:] {
		pairs, diags := hcl.ExprMap(expr)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", address, diags)
		}
		expr = nil
		for _, p := range pairs {
			kv, _ := p.Key.Value(nil)
			if kv.AsString() == key {
				expr = p.Value
			}
		}
		if expr == nil {
			t.Fatalf("%s: HCL finds no key %s", address, key)
		}
	}
	return expr.Range()
}

// containsAlias reports whether one of blocks has the alias alias.
func containsAlias(blocks []*hcl.Block, alias string) bool {
	for _, b := range blocks {
		if a, ok := aliasOf(b); ok && a == alias {
			return true
		}
	}
	return false
}

// aliasOf returns the alias of a provider block, as HCL reads it.
func aliasOf(b *hcl.Block) (string, bool) {
	attrs, _ := b.Body.JustAttributes()
	if a := attrs["alias"]; a != nil {
		v, _ := a.Expr.Value(nil)
		return v.AsString(), true
	}
	return "", false
}

// TestAddressLayouts looks every form of address up in the three layouts
// of one configuration, and checks that each leads to what HCL's own
// decoding of the file reads there: the same range.
func TestAddressLayouts(t *testing.T) {
	for name, src := range layouts(t) {
		doc := scanner.Parse(src, scanner.Options{})
		file, diags := hcljson.Parse(src, "main.tf.json")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		l := LayoutFor("main.tf.json")
		for _, tt := range []struct {
			address string
			oracle  string // the address as HCL's blocks, when it differs
			value   string
		}{
			{address: "module.net.cidr", value: `"${var.cidr}"`},
			{address: "resource.aws_instance.web.ami", value: `"${data.aws_ami.ubuntu.id}"`},
			{address: "aws_instance.web.ami", oracle: "resource.aws_instance.web.ami", value: `"${data.aws_ami.ubuntu.id}"`},
			{address: "data.aws_ami.ubuntu.owners", value: `["099720109477"]`},
			{address: "variable.region.default", value: `"eu-west-1"`},
			{address: "variable.cidr.type", value: `"string"`},
			{address: "output.id.value", value: `"${aws_instance.web.id}"`},
			{address: "locals.name", value: `"web"`},
			{address: "locals.env", value: `"prod"`},
			{address: "terraform.required_version", value: `">= 1.6"`},
			{address: "terraform.required_providers.aws.version", value: `"~> 5.0"`},
			{address: "terraform.backend.s3.bucket", value: `"state"`},
			{address: "provider.aws.region", value: `"${var.region}"`},
			{address: "provider.aws.west.region", value: `"us-west-2"`},
			{address: "module.vpc.version", value: `"5.0.0"`},
			{address: "resource.aws_instance.web.tags.Name", value: `"web"`},
			{address: "resource.aws_instance.web.lifecycle.create_before_destroy", value: `true`},
			{address: "resource.aws_instance.web.provisioner.local-exec.command", value: `"echo ${self.id}"`},
			{address: "aws_s3_bucket.logs.bucket", oracle: "resource.aws_s3_bucket.logs.bucket", value: `"logs"`},
			{address: "resource.aws_instance.web"},
			{address: "module.vpc"},
			{address: "provider.aws.west"},
		} {
			t.Run(name+"/"+tt.address, func(t *testing.T) {
				path, err := Parse(tt.address)
				if err != nil {
					t.Fatal(err)
				}
				if !l.IsAddress(doc, path) {
					t.Fatalf("%s is not read as an address", tt.address)
				}
				res, diags := l.Lookup(doc, nil, "main.tf.json", path)
				if diags.HasErrors() || len(diags) > 0 {
					t.Fatalf("%s", hcltest.RenderDiags(diags))
				}
				if got := string(src[res.Range.Start.Byte:res.Range.End.Byte]); got != string(res.Raw) {
					t.Errorf("range %v holds %s, not the value %s", res.Range, got, res.Raw)
				}
				steps := tt.address
				if tt.oracle != "" {
					steps = tt.oracle
				}
				want := oracle(t, file, strings.Split(steps, "."))
				if tt.value == "" {
					// A block: its body ends where HCL's does.
					if res.Range.End.Byte != want.End.Byte || res.Kind != scanner.Object {
						t.Errorf("block %s %v, HCL's body ends at %v", res.Kind, res.Range, want.End)
					}
					return
				}
				if res.Range != want {
					t.Errorf("range %v, HCL reads %v", res.Range, want)
				}
				if compact(res.Raw) != tt.value {
					t.Errorf("value %s, want %s", compact(res.Raw), tt.value)
				}
			})
		}
	}
}

// compact removes the white space of JSON text outside strings.
func compact(raw []byte) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case in && c == '\\':
			b.WriteByte(c)
			i++
			c = raw[i]
		case c == '"':
			in = !in
		case !in && (c == ' ' || c == '\n' || c == '\t' || c == '\r'):
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// TestAddressAll checks [*] and [*key=value] through the layouts: every
// value, in document order, each where HCL reads it.
func TestAddressAll(t *testing.T) {
	for name, src := range layouts(t) {
		doc := scanner.Parse(src, scanner.Options{})
		file, _ := hcljson.Parse(src, "main.tf.json")
		l := LayoutFor("main.tf.json")
		for _, tt := range []struct {
			path    string
			oracles []string
		}{
			{path: "variable[*].default", oracles: []string{"variable.region.default", "variable.cidr.default"}},
			{path: "module[*source=terraform-aws-modules/vpc/aws].version", oracles: []string{"module.vpc.version"}},
			{path: "module[*].source", oracles: []string{"module.net.source", "module.vpc.source"}},
			{path: "terraform.required_providers[*].version", oracles: []string{"terraform.required_providers.aws.version", "terraform.required_providers.google.version"}},
			{path: "provider.aws[alias=west].region", oracles: []string{"provider.aws.west.region"}},
			{path: "locals[*]", oracles: []string{"locals.name", "locals.env"}},
		} {
			t.Run(name+"/"+tt.path, func(t *testing.T) {
				path, err := Parse(tt.path)
				if err != nil {
					t.Fatal(err)
				}
				res, diags := l.LookupAll(doc, nil, "main.tf.json", path)
				if diags.HasErrors() {
					t.Fatalf("%s", hcltest.RenderDiags(diags))
				}
				if len(res) != len(tt.oracles) {
					t.Fatalf("%d values, want %d", len(res), len(tt.oracles))
				}
				for i, o := range tt.oracles {
					if want := oracle(t, file, strings.Split(o, ".")); res[i].Range != want {
						t.Errorf("value %d at %v, HCL reads %s at %v", i, res[i].Range, o, want)
					}
				}
			})
		}
	}
}

// ambiguous holds what an address must not read as one block.
const ambiguous = `{
  "provider": [
    {"aws": {"region": "eu-west-1"}},
    {"aws": {"region": "us-east-1"}},
    {"aws": {"alias": "region", "region": "x"}},
    {"google": {"alias": "west"}}
  ],
  "resource": [
    {"aws_instance": {"web": {"ami": "ami-1"}}},
    {"aws_instance": {"web": {"ami": "ami-2"}, "db": {"ami": "ami-3"}}}
  ],
  "locals": [{"a": 1}, {"a": 2, "b": 3}],
  "variable": {"v": [{"default": 1}, {"default": 2}]},
  "module": {"m": {"list": [{"k": 1}, {"k": 2}], "one": [{"k": 1}, {"j": 2}]}},
  "data": {"x": {"y": {"nested": [{"k": 1}, {"k": 2}]}}}
}`

// TestAddressErrors checks what an address that leads nowhere, or to
// several blocks, reports: which blocks, and where.
func TestAddressErrors(t *testing.T) {
	doc := scanner.Parse([]byte(ambiguous), scanner.Options{})
	l := LayoutFor("a.tf.json")
	for _, tt := range []struct{ path, want string }{
		{"resource.aws_instance.web.ami", `a.tf.json:10,30-31: error: Ambiguous address; The address resource.aws_instance.web names 2 blocks: resource[0].aws_instance.web at a.tf.json:9,30-46, resource[1].aws_instance.web at a.tf.json:10,30-46. An address must name one block: write the path of the one you mean. (context a.tf.json:10,23-31)`},
		{"aws_instance.web", `a.tf.json:10,30-31: error: Ambiguous address; The address aws_instance.web names 2 blocks: resource[0].aws_instance.web at a.tf.json:9,30-46, resource[1].aws_instance.web at a.tf.json:10,30-46. An address must name one block: write the path of the one you mean. (context a.tf.json:10,23-31)`},
		{"provider.aws", `a.tf.json:4,13-14: error: Ambiguous address; The address provider.aws names 2 blocks: provider[0].aws at a.tf.json:3,13-36, provider[1].aws at a.tf.json:4,13-36. An address must name one block: write the path of the one you mean. (context a.tf.json:4,6-14)`},
		{"provider.aws.region", `a.tf.json:3,13-14: error: Ambiguous address; In provider.aws, "region" is both the alias of the configuration at a.tf.json:5,13-47 and an argument of the configuration without an alias, at a.tf.json:3,14-35. Write provider.aws[alias=region] for the first, or the path provider[0].aws.region for the second. (context a.tf.json:3,6-14)`},
		{"provider.google.project", `a.tf.json:6,16-17: error: Block not found; provider.google is the configuration without an alias, and the file has none: its configurations are provider.google.west at a.tf.json:6,16-33. (context a.tf.json:6,6-17)`},
		{"locals.a", `a.tf.json:12,24-25: error: Ambiguous address; locals.a is set in 2 blocks: locals[0].a at a.tf.json:12,15-21, locals[1].a at a.tf.json:12,25-31. Write the path of the one you mean.`},
		{"locals", `a.tf.json:12,24-25: error: Ambiguous address; The address locals names 2 blocks: locals[0] at a.tf.json:12,14-22, locals[1] at a.tf.json:12,24-40. An address must name one block: write the path of the one you mean.`},
		{"locals.c", `a.tf.json:12,14-15: error: Key not found; None of the 2 blocks locals has the key "c". Did you mean "a"? Their keys are "a", "b".`},
		{"variable.v.default", `a.tf.json:13,38-39: error: Ambiguous address; The address variable.v names 2 blocks: variable.v[0] at a.tf.json:13,22-36, variable.v[1] at a.tf.json:13,38-52. An address must name one block: write the path of the one you mean.`},
		{"resource.aws_instance", `a.tf.json:10,22-23: error: Several values; resource.aws_instance is written in 2 places: resource[0].aws_instance at a.tf.json:9,22-47, resource[1].aws_instance at a.tf.json:10,22-71. Write the path of one of them, or resource.aws_instance[*] for every label it holds. (context a.tf.json:10,6-23)`},
		{"resource.aws_instance.wbe", `a.tf.json:9,22-23: error: Block not found; The file has no block resource.aws_instance.wbe. Did you mean resource.aws_instance.web? The labels of resource.aws_instance are "web", "db". (context a.tf.json:9,6-23)`},
		{"aws_instanc.web", `a.tf.json:8,15-16: error: Block not found; The file has no block type, key or resource type "aws_instanc" (an address such as aws_instanc.NAME names a resource). Did you mean aws_instance? The labels of resource are "aws_instance". (context a.tf.json:8,3-16)`},
		{"modul.m", `a.tf.json:8,15-16: error: Block not found; The file has no block type, key or resource type "modul" (an address such as modul.NAME names a resource). Did you mean module? The labels of resource are "aws_instance". (context a.tf.json:8,3-16)`},
		{"module.m.list.k", `a.tf.json:14,28-29: error: Not an object; The value at module.m.list is an array of 2 elements, not an object, so it has no key "k". Take an element by its index, as in module.m.list[0]. (context a.tf.json:14,20-29)`},
		{"data.x.y.nested.k", `a.tf.json:15,34-35: error: Ambiguous path; 2 elements of the array at data.x.y.nested have the key "k": data.x.y.nested[0].k at a.tf.json:15,41-42, data.x.y.nested[1].k at a.tf.json:15,51-52. Write the path of the one you mean. (context a.tf.json:15,24-35)`},
		{"resource[1].aws_instance.db.ami", `string a.tf.json:10,62-69 "ami-3"`},
		{"data.x.y.nested[1].k", `number a.tf.json:15,51-52 2`},
		{"module.m.one[1].j", `number a.tf.json:14,74-75 2`},
		{"resource.aws_instance.db.ami", `string a.tf.json:10,62-69 "ami-3"`},
	} {
		t.Run(tt.path, func(t *testing.T) {
			path, err := Parse(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			res, diags := l.Lookup(doc, nil, "a.tf.json", path)
			var got strings.Builder
			if res != nil {
				fmt.Fprintf(&got, "%s %s %s\n", res.Kind, hcltest.Options{}.RenderRange(res.Range), res.Raw)
			}
			got.WriteString(hcltest.RenderDiags(diags))
			if g := strings.TrimSuffix(got.String(), "\n"); g != tt.want {
				t.Errorf("got\n%s\nwant\n%s", g, tt.want)
			}
		})
	}
}

// TestKeys checks Keys through the layouts: the blocks of the file by
// address as HCL's decoding finds them, in order, each once (a provider
// configuration with its alias); a block type's blocks; the keys of a
// body, of every block of a type without labels.
func TestKeys(t *testing.T) {
	for name, src := range layouts(t) {
		doc := scanner.Parse(src, scanner.Options{})
		file, _ := hcljson.Parse(src, "main.tf.json")
		content, _, diags := schema.Terraform.Root.Content(file.Body)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		// HCL's blocks by address, in the order of their bodies.
		var blocks []*hcl.Block
		blocks = append(blocks, content.Blocks...)
		slices.SortStableFunc(blocks, func(a, b *hcl.Block) int { return a.DefRange.Start.Byte - b.DefRange.Start.Byte })
		addressOf := func(b *hcl.Block) string {
			a := strings.Join(append([]string{b.Type}, b.Labels...), ".")
			if alias, ok := aliasOf(b); ok && b.Type == "provider" {
				a += "." + alias
			}
			return a
		}
		want := func(prefix string) string {
			var out []string
			for _, b := range blocks {
				if a := addressOf(b); (prefix == "" || strings.HasPrefix(a, prefix+".") || a == prefix) && !slices.Contains(out, a) {
					out = append(out, a)
				}
			}
			return strings.Join(out, " ")
		}
		attrsOf := func(typ string) string {
			var names []string
			var ranges []hcl.Range
			for _, b := range content.Blocks {
				if b.Type == typ {
					c, r, _ := schema.Terraform.Root.Block(typ).Body.Content(b.Body)
					attrs := c.Attributes
					if r != nil {
						more, _ := r.JustAttributes()
						attrs = more
					}
					for n, a := range attrs {
						names, ranges = append(names, n), append(ranges, a.Range)
					}
					for _, nb := range c.Blocks {
						if !slices.Contains(names, nb.Type) {
							names, ranges = append(names, nb.Type), append(ranges, nb.TypeRange)
						}
					}
				}
			}
			idx := make([]int, len(names))
			for i := range idx {
				idx[i] = i
			}
			slices.SortFunc(idx, func(a, b int) int { return ranges[a].Start.Byte - ranges[b].Start.Byte })
			var out []string
			for _, i := range idx {
				out = append(out, names[i])
			}
			return strings.Join(out, " ")
		}
		l := LayoutFor("main.tf.json")
		root := want("")
		if strings.Contains(string(src), `"//"`) {
			root = `["//"] ` + root // a member of the root that is no block, as a path
		}
		for _, tt := range []struct{ path, want string }{
			{".", root},
			{"resource", want("resource")},
			{"provider", want("provider")},
			{"variable", want("variable")},
			{"locals", attrsOf("locals")},
			{"terraform", attrsOf("terraform")},
			{"terraform.required_providers", "aws google"},
			{"resource.aws_instance.web", "ami tags lifecycle provisioner"},
			{"data.aws_ami.ubuntu.owners", "0"},
		} {
			t.Run(name+"/"+tt.path, func(t *testing.T) {
				path, err := Parse(tt.path)
				if err != nil {
					t.Fatal(err)
				}
				entries, diags := l.Keys(doc, nil, "main.tf.json", path)
				if diags.HasErrors() {
					t.Fatalf("%s", hcltest.RenderDiags(diags))
				}
				var got []string
				for _, e := range entries {
					if e.Index >= 0 {
						got = append(got, fmt.Sprint(e.Index))
						continue
					}
					got = append(got, e.Key)
					if e.Address != nil && e.Address.String() != e.Key {
						t.Errorf("%q has the address %s", e.Key, e.Address)
					}
					if r := e.Range; r.Start.Byte >= r.End.Byte || r.End.Byte > len(src) {
						t.Errorf("%q at %v", e.Key, r)
					}
				}
				if g := strings.Join(got, " "); g != tt.want {
					t.Errorf("got  %s\nwant %s", g, tt.want)
				}
			})
		}
	}
}

// addressDoc returns a configuration of n resources aws_instance.rI whose
// ami is I, in the array form that fmt writes (each block an element of
// the resource array) or in the object form.
func addressDoc(n int, array bool) []byte {
	b := []byte(`{"resource":{"aws_instance":{`)
	if array {
		b = []byte(`{"resource":[`)
	}
	for i := range n {
		if i > 0 {
			b = append(b, ',')
		}
		if array {
			b = fmt.Appendf(b, `{"aws_instance":[{"r%d":[{"ami":%d}]}]}`, i, i)
		} else {
			b = fmt.Appendf(b, `"r%d":{"ami":%d}`, i, i)
		}
	}
	if array {
		return append(b, `]}`...)
	}
	return append(b, `}}}`...)
}

// TestAddressLinear checks, without a clock, that a look-up through a
// Layout looks at a bounded number of tape nodes per block: ten times the
// blocks cost ten times the work, for [*] over every block and for one
// block's address alike.
func TestAddressLinear(t *testing.T) {
	l := LayoutFor("main.tf.json")
	for _, array := range []bool{false, true} {
		for _, tt := range []struct {
			path string
			last func(n int) string
			all  bool
		}{
			{path: "resource.aws_instance[*].ami", all: true},
			{path: "aws_instance[*].ami", all: true},
			{path: "resource.aws_instance[*ami=%d].ami", all: true},
			{path: "aws_instance.r%d.ami"},
			{path: "resource.aws_instance.r%d"},
		} {
			t.Run(fmt.Sprintf("%s/array=%v", tt.path, array), func(t *testing.T) {
				var work [2]int
				for i, n := range []int{1_000, 10_000} {
					p := tt.path
					if strings.Contains(p, "%d") {
						p = fmt.Sprintf(p, n-1)
					}
					path, err := Parse(p)
					if err != nil {
						t.Fatal(err)
					}
					doc := scanner.Parse(addressDoc(n, array), scanner.Options{})
					r := l.resolver(doc, nil, "t.json", path, !tt.all)
					if !r.run() {
						t.Fatalf("n=%d: %s", n, hcltest.RenderDiags(r.diags))
					}
					var res []*Result
					for g := range r.groupsOf(r.cands) {
						if !r.finish(g, &res) {
							t.Fatalf("n=%d: %s", n, hcltest.RenderDiags(r.diags))
						}
					}
					want := n
					if !tt.all || strings.Contains(tt.path, "ami=") {
						want = 1
					}
					if len(res) != want {
						t.Fatalf("n=%d: %d values, want %d", n, len(res), want)
					}
					work[i] = r.work
				}
				if work[1] > 10*work[0]+10 || work[0] > 8*1_000+10 {
					t.Errorf("work %d at 1,000 blocks, %d at 10,000: not linear", work[0], work[1])
				}
			})
		}
	}
}

// FuzzAddress: whatever the document and path, a look-up through a layout
// never panics, and every value it returns is the bytes of its range, its
// Structure no more than the containers around it.
func FuzzAddress(f *testing.F) {
	f.Add([]byte(objectForm), "resource.aws_instance.web.ami")
	f.Add([]byte(mixedForm), "locals[*]")
	f.Add([]byte(ambiguous), "provider.aws.region")
	f.Add([]byte(`{"resource": [{"a": {"b": [{"c": 1}, null, 3]}}]}`), "a[*].c")
	f.Add([]byte(`[{"provider": {"aws": [{"alias": 1}, {}]}}]`), "provider.aws[alias=1]")
	f.Fuzz(func(t *testing.T, src []byte, pathText string) {
		path, err := Parse(pathText)
		if err != nil {
			return
		}
		doc := scanner.Parse(src, scanner.Options{})
		l := LayoutFor("f.tf.json")
		res, _ := l.LookupAll(doc, nil, "f", path)
		for _, r := range res {
			if string(src[r.Range.Start.Byte:r.Range.End.Byte]) != string(r.Raw) {
				t.Fatalf("range %v is not the value %s", r.Range, r.Raw)
			}
			if r.Structure < 0 || r.Structure > 2*len(path)+2 {
				t.Fatalf("structure %d for %s", r.Structure, pathText)
			}
		}
		if !path.Several() {
			one, diags := l.Lookup(doc, nil, "f", path)
			if (one == nil) != diags.HasErrors() {
				t.Fatalf("Lookup: %v, %v", one, diags)
			}
		}
		l.Keys(doc, nil, "f", path)
	})
}
