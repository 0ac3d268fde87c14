package schema

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/hcljson"
)

// decoded maps "block[labels].attribute" paths to a rendering of the value
// read in the attribute's mode.
type decoded map[string]string

// decodeFile parses a fixture and decodes it the way Terraform would,
// with the language LanguageFor picks by the file's name, reading every
// attribute in the mode the schema gives it.
func decodeFile(t *testing.T, path string) (decoded, hcl.Diagnostics) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lang := LanguageFor(path)
	if lang == nil {
		t.Fatalf("no language for %s", path)
	}
	f, diags := hcljson.Parse(src, filepath.Base(path))
	if diags.HasErrors() {
		t.Fatalf("parse %s: %s", path, diags.Error())
	}
	out := decoded{}
	diags = append(diags, decodeBody(out, "", f.Body, lang.Root)...)
	return out, diags
}

func decodeBody(out decoded, path string, body hcl.Body, s *Body) hcl.Diagnostics {
	content, remain, diags := s.Content(body)
	if content == nil {
		return diags
	}
	attrs := content.Attributes
	if remain != nil {
		extra, moreDiags := remain.JustAttributes()
		diags = append(diags, moreDiags...)
		attrs = maps2(attrs, extra)
	}
	for _, name := range sortedKeys(attrs) {
		arg, ok := s.Argument(name)
		if !ok {
			panic("decoded an attribute the schema does not accept: " + name)
		}
		mode, shape, a := arg.Mode, arg.Shape, arg.Attribute
		var kw []string
		if a != nil {
			kw = a.Keywords
		}
		got, moreDiags := readValue(attrs[name].Expr, mode, shape, kw)
		diags = append(diags, moreDiags...)
		out[path+name] = got
	}
	count := map[string]int{}
	for _, blk := range content.Blocks {
		bs := s.Block(blk.Type)
		key := blk.Type
		if len(blk.Labels) > 0 {
			key += "[" + strings.Join(blk.Labels, ",") + "]"
		}
		if n := count[key]; n > 0 {
			key += fmt.Sprintf("#%d", n)
		}
		count[key]++
		diags = append(diags, decodeBody(out, path+key+".", blk.Body, bs.Body)...)
	}
	return diags
}

func maps2(a, b hcl.Attributes) hcl.Attributes {
	m := hcl.Attributes{}
	for k, v := range a {
		m[k] = v
	}
	for k, v := range b {
		m[k] = v
	}
	return m
}

func sortedKeys(m hcl.Attributes) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// readValue reads expr in a mode and shape, as Terraform's loader does.
func readValue(expr hcl.Expression, mode Mode, shape Shape, keywords []string) (string, hcl.Diagnostics) {
	// Outside Keyword mode, keywords may stand for the whole value.
	if len(keywords) > 0 && shape != One && mode != Keyword {
		if kw := hcl.ExprAsKeyword(expr); kw != "" && slices.Contains(keywords, kw) {
			return "keyword " + kw, nil
		}
	}
	switch shape {
	case ListOf:
		elems, diags := hcl.ExprList(expr)
		var parts []string
		for _, e := range elems {
			s, moreDiags := readOne(e, mode, keywords)
			diags = append(diags, moreDiags...)
			parts = append(parts, s)
		}
		return "[" + strings.Join(parts, ", ") + "]", diags
	case MapOf:
		pairs, diags := hcl.ExprMap(expr)
		var parts []string
		for _, p := range pairs {
			k, moreDiags := readOne(p.Key, mode, keywords)
			diags = append(diags, moreDiags...)
			v, moreDiags := readOne(p.Value, mode, keywords)
			diags = append(diags, moreDiags...)
			parts = append(parts, k+": "+v)
		}
		return "{" + strings.Join(parts, ", ") + "}", diags
	}
	return readOne(expr, mode, keywords)
}

func readOne(expr hcl.Expression, mode Mode, keywords []string) (string, hcl.Diagnostics) {
	switch mode {
	case Expression:
		if vars := expr.Variables(); len(vars) > 0 {
			var names []string
			for _, v := range vars {
				names = append(names, renderTraversal(v))
			}
			return "refs " + strings.Join(names, " "), nil
		}
		v, diags := expr.Value(&hcl.EvalContext{})
		return "value " + v.GoString(), diags
	case Literal:
		v, diags := expr.Value(nil)
		return "literal " + v.GoString(), diags
	case TypeExpr:
		switch hcl.ExprAsKeyword(expr) {
		case "list":
			return "type list of any", nil
		case "map":
			return "type map of any", nil
		}
		ty, diags := typeexpr.TypeConstraint(expr)
		return "type " + typeexpr.TypeString(ty), diags
	case AbsTraversal:
		tr, diags := hcl.AbsTraversalForExpr(expr)
		return "abs " + renderTraversal(tr), diags
	case RelTraversal:
		tr, diags := hcl.RelTraversalForExpr(expr)
		return "rel " + renderTraversal(tr), diags
	case Keyword:
		kw := hcl.ExprAsKeyword(expr)
		a := Attribute{Mode: Keyword, Keywords: keywords}
		if kw == "" || !a.AllowsKeyword(kw) {
			return "", hcl.Diagnostics{{Severity: hcl.DiagError, Summary: "bad keyword", Subject: expr.Range().Ptr()}}
		}
		return "keyword " + kw, nil
	case NativeExpr, ProviderRef:
		v, diags := expr.Value(nil)
		if diags.HasErrors() || v.Type() != cty.String {
			return "", append(diags, &hcl.Diagnostic{Severity: hcl.DiagError, Summary: "not a string", Subject: expr.Range().Ptr()})
		}
		native, diags := hclsyntax.ParseExpression([]byte(v.AsString()), "native", expr.Range().Start)
		if mode == ProviderRef {
			tr, moreDiags := hcl.AbsTraversalForExpr(native)
			if !moreDiags.HasErrors() {
				return "provider " + renderTraversal(tr), diags
			}
		}
		var names []string
		for _, tr := range native.Variables() {
			names = append(names, renderTraversal(tr))
		}
		return "native " + strings.Join(names, " "), diags
	case Requirement:
		if pairs, diags := hcl.ExprMap(expr); !diags.HasErrors() {
			var parts []string
			for _, p := range pairs {
				k, _ := p.Key.Value(nil)
				var v string
				var moreDiags hcl.Diagnostics
				if k.AsString() == "configuration_aliases" {
					v, moreDiags = readValue(p.Value, AbsTraversal, ListOf, nil)
				} else {
					v, moreDiags = readOne(p.Value, Literal, nil)
				}
				diags = append(diags, moreDiags...)
				parts = append(parts, k.AsString()+": "+v)
			}
			return "{" + strings.Join(parts, ", ") + "}", diags
		}
		return readOne(expr, Literal, nil)
	}
	panic("unknown mode")
}

func renderTraversal(tr hcl.Traversal) string {
	var b strings.Builder
	for _, step := range tr {
		switch s := step.(type) {
		case hcl.TraverseRoot:
			b.WriteString(s.Name)
		case hcl.TraverseAttr:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(s.Name)
		case hcl.TraverseIndex:
			fmt.Fprintf(&b, "[%s]", s.Key.GoString())
		default:
			fmt.Fprintf(&b, "<%T>", s)
		}
	}
	return b.String()
}

func TestDecodeFixtures(t *testing.T) {
	tests := []struct {
		file string
		want decoded
	}{
		{file: "empty.tf.json", want: decoded{}},
		{file: "locals.tf.json", want: decoded{
			"locals.bar":    "value cty.True",
			"locals.baz":    `value cty.StringVal("oink")`,
			"locals.dunno":  `value cty.StringVal("🤷")`,
			"locals.foo":    `value cty.StringVal("foo")`,
			"locals.rowing": `value cty.StringVal("🚣\u200d♀️")`,
			"locals.π":      `value cty.MustParseNumberVal("3.14159265359")`,
		}},
		{file: "references.tf.json", want: decoded{
			`resource[null_resource,baz].triggers`: `value cty.EmptyObjectVal`,
		}},
		{file: "resources-ignorechanges-all.tf.json", want: decoded{
			`resource[aws_instance,web].lifecycle.ignore_changes`: `keyword all`,
		}},
		{file: "resources.tf.json", want: decoded{
			`resource[test_object,a].count`:                          `value cty.NumberIntVal(1)`,
			`resource[test_object,a].test_string`:                    `value cty.StringVal("new")`,
			`resource[test_object,b].count`:                          `value cty.NumberIntVal(1)`,
			`resource[test_object,b].lifecycle.replace_triggered_by`: `[native test_object.a count.index]`,
		}},
		{file: "variables.tf.json", want: decoded{
			`variable[bar-baz].default`:           `literal cty.EmptyTupleVal`,
			`variable[bar-baz].type`:              `type list of any`,
			`variable[bar].default`:               `literal cty.StringVal("hello")`,
			`variable[baz].type`:                  `type list of any`,
			`variable[cheese_pizza].description`:  `literal cty.StringVal("Nothing special")`,
			`variable[sensitive_value].default`:   `literal cty.ObjectVal(map[string]cty.Value{"a":cty.NumberIntVal(1), "b":cty.NumberIntVal(2)})`,
			`variable[sensitive_value].sensitive`: `literal cty.True`,
			`variable[π].default`:                 `literal cty.MustParseNumberVal("3.14159265359")`,
		}},
		{file: "actions.tf.json", want: decoded{
			`action[aws_lambda_invoke,notify].config.dynamic[header].content.name`: `refs header.key`,
			`action[aws_lambda_invoke,notify].config.dynamic[header].for_each`:     `refs var.headers`,
			`action[aws_lambda_invoke,notify].config.function_name`:                `refs count.index`,
			`action[aws_lambda_invoke,notify].config.payload`:                      `value cty.StringVal("{\"literal\": true}")`,
			`action[aws_lambda_invoke,notify].count`:                               `value cty.NumberIntVal(2)`,
			`action[aws_lambda_invoke,notify].provider`:                            `provider aws.east`,
			`action[local_command,echo].config.command`:                            `refs each.key`,
			`action[local_command,echo].for_each`:                                  `refs var.names`,
			`resource[aws_instance,web].ami`:                                       `value cty.StringVal("ami-1")`,
			`resource[aws_instance,web].count`:                                     `value cty.NumberIntVal(2)`,
			`resource[aws_instance,web].lifecycle.action_trigger#1.actions`:        `[native action.aws_lambda_invoke.notify count.index]`,
			`resource[aws_instance,web].lifecycle.action_trigger#1.events`:         `[keyword after_create]`,
			`resource[aws_instance,web].lifecycle.action_trigger.actions`:          `[native action.aws_lambda_invoke.notify[cty.NumberIntVal(0)], native action.local_command.echo[cty.StringVal("x")]]`,
			`resource[aws_instance,web].lifecycle.action_trigger.condition`:        `refs var.notify`,
			`resource[aws_instance,web].lifecycle.action_trigger.events`:           `[keyword before_create, keyword after_update]`,
			`resource[aws_instance,web].lifecycle.create_before_destroy`:           `literal cty.True`,
		}},
		{file: "main.tftest.json", want: decoded{
			`mock_provider[aws].alias`:                                        `literal cty.StringVal("fake")`,
			`mock_provider[aws].mock_data[aws_ami].defaults`:                  `literal cty.ObjectVal(map[string]cty.Value{"id":cty.StringVal("ami-123")})`,
			`mock_provider[aws].mock_resource[aws_s3_bucket].defaults`:        `literal cty.ObjectVal(map[string]cty.Value{"arn":cty.StringVal("arn:aws:s3:::${literal}")})`,
			`mock_provider[aws].mock_resource[aws_s3_bucket].override_during`: `keyword apply`,
			`mock_provider[aws].override_during`:                              `keyword plan`,
			`mock_provider[aws].override_resource.target`:                     `abs aws_s3_bucket.logs`,
			`mock_provider[aws].override_resource.values`:                     `literal cty.ObjectVal(map[string]cty.Value{"id":cty.StringVal("logs")})`,
			`mock_provider[aws].source`:                                       `literal cty.StringVal("./testing/aws")`,
			`override_data.target`:                                            `abs data.aws_ami.ubuntu`,
			`override_data.values`:                                            `literal cty.ObjectVal(map[string]cty.Value{"id":cty.StringVal("ami-456")})`,
			`override_module.outputs`:                                         `literal cty.ObjectVal(map[string]cty.Value{"vpc_id":cty.StringVal("vpc-1")})`,
			`override_module.override_during`:                                 `keyword plan`,
			`override_module.target`:                                          `abs module.net`,
			`provider[aws].region`:                                            `refs var.region`,
			`run[check_plan].assert.condition`:                                `refs aws_instance.web.ami`,
			`run[check_plan].assert.error_message`:                            `refs var.region`,
			`run[check_plan].command`:                                         `keyword plan`,
			`run[check_plan].expect_failures`:                                 `[abs var.region, abs check.health]`,
			`run[check_plan].override_resource.override_during`:               `keyword plan`,
			`run[check_plan].override_resource.target`:                        `abs aws_instance.web`,
			`run[check_plan].override_resource.values`:                        `literal cty.ObjectVal(map[string]cty.Value{"ami":cty.StringVal("ami-${x}")})`,
			`run[check_plan].parallel`:                                        `literal cty.False`,
			`run[check_plan].plan_options.mode`:                               `keyword refresh-only`,
			`run[check_plan].plan_options.refresh`:                            `literal cty.True`,
			`run[check_plan].plan_options.replace`:                            `[abs aws_instance.web[cty.NumberIntVal(0)]]`,
			`run[check_plan].plan_options.target`:                             `[abs aws_instance.web, abs module.net[cty.StringVal("a")]]`,
			`run[check_plan].providers`:                                       `{provider aws: provider aws.fake}`,
			`run[check_plan].variables.bucket`:                                `refs run.setup.bucket`,
			`run[setup].command`:                                              `keyword apply`,
			`run[setup].module.source`:                                        `literal cty.StringVal("hashicorp/consul/aws")`,
			`run[setup].module.version`:                                       `literal cty.StringVal("0.1.0")`,
			`run[setup].state_key`:                                            `literal cty.StringVal("setup")`,
			`test.parallel`:                                                   `literal cty.True`,
			`variable[prefix].default`:                                        `literal cty.StringVal("${not_a_template}")`,
			`variable[prefix].type`:                                           `type string`,
			`variables.names`:                                                 `refs var.prefix`,
			`variables.region`:                                                `value cty.StringVal("us-east-1")`,
		}},
		{file: "main.tofutest.json", want: decoded{
			`mock_provider[aws].alias`:                                `literal cty.StringVal("by_region")`,
			`mock_provider[aws].for_each`:                             `refs var.regions`,
			`mock_provider[aws].mock_resource[aws_instance].defaults`: `literal cty.ObjectVal(map[string]cty.Value{"id":cty.StringVal("i-${each.key}")})`,
			`run[fails].command`:                                      `keyword plan`,
			`run[fails].expect_failures`:                              `[abs output.name, abs aws_instance.web[cty.StringVal("a")]]`,
		}},
		{file: "main.tfquery.json", want: decoded{
			`list[aws_instance,all].config.filter`:    `refs var.tag`,
			`list[aws_instance,all].include_resource`: `value cty.True`,
			`list[aws_instance,all].limit`:            `refs local.limit`,
			`list[aws_instance,all].provider`:         `provider aws`,
			`locals.limit`:                            `value cty.NumberIntVal(10)`,
			`provider[aws].region`:                    `value cty.StringVal("us-east-1")`,
			`variable[tag].type`:                      `type string`,
		}},
		{file: "all.tf.json", want: decoded{
			`check[health].assert.condition`:                            `refs data.http.site.status_code`,
			`check[health].assert.error_message`:                        `value cty.StringVal("Down.")`,
			`check[health].data[http,site].url`:                         `value cty.StringVal("https://example.com")`,
			`data[aws_ami,ubuntu].lifecycle.precondition.condition`:     `value cty.True`,
			`data[aws_ami,ubuntu].lifecycle.precondition.error_message`: `value cty.StringVal("x")`,
			`data[aws_ami,ubuntu].most_recent`:                          `value cty.True`,
			`ephemeral[random_password,db].length`:                      `value cty.NumberIntVal(16)`,
			`ephemeral[random_password,db].provider`:                    `provider random`,
			`import.id`:                                                 `value cty.StringVal("i-123")`,
			`import.provider`:                                           `provider aws.east`,
			`import.to`:                                                 `native aws_instance.web local.key`,
			`locals.region`:                                             `refs var.zone`,
			`module[net].cidr`:                                          `refs local.region`,
			`module[net].count`:                                         `value cty.NumberIntVal(2)`,
			`module[net].depends_on`:                                    `[abs aws_instance.web]`,
			`module[net].providers`:                                     `{provider aws: provider aws.east, provider aws.other: provider aws}`,
			`module[net].source`:                                        `literal cty.StringVal("./net")`,
			`module[net].version`:                                       `literal cty.StringVal("1.0.0")`,
			`moved.from`:                                                `abs aws_instance.old`,
			`moved.to`:                                                  `abs module.a[cty.StringVal("x")].aws_instance.new`,
			`output[id].depends_on`:                                     `[abs aws_instance.web, abs module.net]`,
			`output[id].description`:                                    `literal cty.StringVal("The id")`,
			`output[id].precondition.condition`:                         `refs var.names`,
			`output[id].precondition.error_message`:                     `value cty.StringVal("No names.")`,
			`output[id].sensitive`:                                      `literal cty.False`,
			`output[id].value`:                                          `refs aws_instance.web.id`,
			`provider[aws]#1.alias`:                                     `literal cty.StringVal("east")`,
			`provider[aws]#1.region`:                                    `refs var.region`,
			`provider[aws]#1.version`:                                   `literal cty.StringVal("5.0")`,
			`provider[aws].region`:                                      `value cty.StringVal("us-east-1")`,
			`removed.from`:                                              `abs aws_instance.gone`,
			`removed.lifecycle.destroy`:                                 `literal cty.False`,
			`removed.provisioner[local-exec].command`:                   `value cty.StringVal("echo gone")`,
			`removed.provisioner[local-exec].when`:                      `keyword destroy`,
			`resource[aws_instance,web].ami`:                            `refs each.value.id`,
			`resource[aws_instance,web].connection.host`:                `refs self.public_ip`,
			`resource[aws_instance,web].connection.type`:                `value cty.StringVal("ssh")`,
			`resource[aws_instance,web].depends_on`:                     `[abs data.aws_ami.ubuntu]`,
			`resource[aws_instance,web].dynamic[ebs_block_device].content.device_name`: `refs disk.value`,
			`resource[aws_instance,web].dynamic[ebs_block_device].for_each`:            `refs var.disks`,
			`resource[aws_instance,web].dynamic[ebs_block_device].iterator`:            `abs disk`,
			`resource[aws_instance,web].dynamic[ebs_block_device].labels`:              `[refs disk.key]`,
			`resource[aws_instance,web].for_each`:                                      `refs var.images`,
			`resource[aws_instance,web].lifecycle.create_before_destroy`:               `literal cty.True`,
			`resource[aws_instance,web].lifecycle.ignore_changes`:                      `[rel tags[cty.StringVal("Name")], rel ami]`,
			`resource[aws_instance,web].lifecycle.postcondition.condition`:             `refs self.ami`,
			`resource[aws_instance,web].lifecycle.postcondition.error_message`:         `value cty.StringVal("No AMI.")`,
			`resource[aws_instance,web].lifecycle.prevent_destroy`:                     `literal cty.False`,
			`resource[aws_instance,web].lifecycle.replace_triggered_by`:                `[native aws_instance.other count.index]`,
			`resource[aws_instance,web].provider`:                                      `provider aws.east`,
			`resource[aws_instance,web].provisioner[local-exec].command`:               `value cty.StringVal("echo bye")`,
			`resource[aws_instance,web].provisioner[local-exec].on_failure`:            `keyword continue`,
			`resource[aws_instance,web].provisioner[local-exec].when`:                  `keyword destroy`,
			`terraform.backend[s3].bucket`:                                             `literal cty.StringVal("state-${literal}")`,
			`terraform.backend[s3].key`:                                                `literal cty.StringVal("a/b")`,
			`terraform.encryption.key_provider[pbkdf2,k].passphrase`:                   `value cty.StringVal("secret")`,
			`terraform.encryption.method[aes_gcm,m].keys`:                              `refs key_provider.pbkdf2.k`,
			`terraform.encryption.state.enforced`:                                      `value cty.True`,
			`terraform.encryption.state.fallback.method`:                               `abs method.unencrypted.u`,
			`terraform.encryption.state.method`:                                        `abs method.aes_gcm.m`,
			`terraform.experiments`:                                                    `[keyword example_experiment]`,
			`terraform.provider_meta[aws].module_name`:                                 `value cty.StringVal("x")`,
			`terraform.required_providers.aws`:                                         `{source: literal cty.StringVal("hashicorp/aws"), version: literal cty.StringVal("~> 5.0"), configuration_aliases: [abs aws.east]}`,
			`terraform.required_providers.legacy`:                                      `literal cty.StringVal("1.2.3")`,
			`terraform.required_version`:                                               `literal cty.StringVal(">= 1.6, < 2.0")`,
			`variable[images].default`:                                                 `literal cty.ObjectVal(map[string]cty.Value{"x":cty.ObjectVal(map[string]cty.Value{"id":cty.StringVal("${not_a_template}")})})`,
			`variable[images].description`:                                             `literal cty.StringVal("Images ${by region}")`,
			`variable[images].ephemeral`:                                               `literal cty.False`,
			`variable[images].nullable`:                                                `literal cty.False`,
			`variable[images].sensitive`:                                               `literal cty.True`,
			`variable[images].type`:                                                    `type map(object({id=string,tags=list(string)}))`,
			`variable[images].validation.condition`:                                    `refs var.images`,
			`variable[images].validation.error_message`:                                `value cty.StringVal("Need an image.")`,
			`variable[names].type`:                                                     `type list of any`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, diags := decodeFile(t, filepath.Join("testdata", tt.file))
			if len(diags) > 0 {
				t.Errorf("diagnostics:\n%s", diags.Error())
			}
			checkDecoded(t, got, tt.want)
		})
	}
}

func checkDecoded(t *testing.T, got, want decoded) {
	t.Helper()
	for k, w := range want {
		if g, ok := got[k]; !ok {
			t.Errorf("%s: missing, want %s", k, w)
		} else if g != w {
			t.Errorf("%s:\n got %s\nwant %s", k, g, w)
		}
	}
	for _, k := range slices.Sorted(mapKeys(got)) {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: unexpected %s", k, got[k])
		}
	}
}

func mapKeys(m decoded) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		file string
		src  string
		want []string
	}{
		{
			file: "bad.tf.json",
			src: `{
  "resourse": {},
  "output": {"x": {"value": 1, "depends_on": ["${aws_instance.web}"]}},
  "resource": {"a": {"b": {"lifecycle": {"ignore_changes": "some"}}}}
}`,
			want: []string{
				`bad.tf.json:2,3-13: Extraneous JSON object property; No argument or block type is named "resourse". Did you mean "resource"?`,
				`bad.tf.json:3,47-68: Invalid expression; A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.`,
				`bad.tf.json:4,60-66: Invalid expression; A static list expression is required.`,
			},
		},
		{
			file: "actions.tf.json",
			src: `{
  "action": {"a": {"b": {"config": {}, "configs": {}}}},
  "resource": {"a": {"b": {"lifecycle": {"action_trigger": {"events": "before_create"}}}}}
}`,
			want: []string{
				`actions.tf.json:2,40-49: Extraneous JSON object property; No argument or block type is named "configs". Did you mean "config"?`,
				`actions.tf.json:3,86-87: Missing required argument; The argument "actions" is required, but no definition was found.`,
				`actions.tf.json:3,71-86: Invalid expression; A static list expression is required.`,
			},
		},
		{
			file: "bad.tftest.json",
			src: `{
  "run": {"x": {"comand": "plan", "plan_options": {"mode": "refresh-only", "targets": []}}},
  "mock_provider": {"aws": {"region": "x"}},
  "override_resource": {"values": {}}
}`,
			want: []string{
				`bad.tftest.json:2,17-25: Extraneous JSON object property; No argument or block type is named "comand". Did you mean "command"?`,
				`bad.tftest.json:2,76-85: Extraneous JSON object property; No argument or block type is named "targets". Did you mean "target"?`,
				`bad.tftest.json:3,29-37: Extraneous JSON object property; No argument or block type is named "region".`,
				`bad.tftest.json:4,37-38: Missing required argument; The argument "target" is required, but no definition was found.`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, diags := hcljson.Parse([]byte(tt.src), tt.file)
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			diags = decodeBody(decoded{}, "", f.Body, LanguageFor(tt.file).Root)
			var got []string
			for _, d := range diags {
				got = append(got, fmt.Sprintf("%s: %s; %s", d.Subject, d.Summary, d.Detail))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("diagnostics:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}
