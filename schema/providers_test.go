package schema

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
)

const (
	awsAddr    = "registry.terraform.io/hashicorp/aws"
	randomAddr = "registry.terraform.io/hashicorp/random"
)

// readFixtureSchemas reads testdata/providers/schema.json.
func readFixtureSchemas(t *testing.T) *tfjson.ProviderSchemas {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "providers", "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := ReadProviderSchemas(data)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// terraformWithFixture returns Terraform with the fixture's providers.
func terraformWithFixture(t *testing.T) *Language {
	t.Helper()
	lang, err := Terraform.WithProviders(readFixtureSchemas(t))
	if err != nil {
		t.Fatal(err)
	}
	return lang
}

// typedBody returns the body of a root block type's first label.
func typedBody(t *testing.T, lang *Language, blockType, label string) *Body {
	t.Helper()
	blk := lang.Root.Block(blockType)
	if blk == nil {
		t.Fatalf("no %s block", blockType)
	}
	body, ok := blk.ByLabel[label]
	if !ok {
		t.Fatalf("%s: no body for %q", blockType, label)
	}
	return body
}

// outline renders what a body lists, one line per item in order:
// "attr name mode shape [required]" or
// "block type nesting [labels] [by: label ...]", after a first line that
// says whether the body is closed, open or any-attributes.
func outline(b *Body) []string {
	var out []string
	switch {
	case b.AnyAttributes:
		out = append(out, "any "+b.AnyAttributesMode.String())
	case b.Open:
		out = append(out, "open "+b.AnyAttributesMode.String())
	default:
		out = append(out, "closed")
	}
	for _, a := range b.Attributes {
		s := fmt.Sprintf("attr %s %v %v", a.Name, a.Mode, a.Shape)
		if a.Required {
			s += " required"
		}
		out = append(out, s)
	}
	for _, blk := range b.Blocks {
		s := fmt.Sprintf("block %s %v", blk.Type, blk.Nesting)
		if len(blk.Labels) > 0 {
			s += " [" + strings.Join(blk.Labels, " ") + "]"
		}
		if len(blk.ByLabel) > 0 {
			labels := make([]string, 0, len(blk.ByLabel))
			for l := range blk.ByLabel {
				labels = append(labels, l)
			}
			slices.Sort(labels)
			s += " by: " + strings.Join(labels, " ")
		}
		out = append(out, s)
	}
	return out
}

func checkOutline(t *testing.T, name string, b *Body, want []string) {
	t.Helper()
	if b == nil {
		t.Fatalf("%s: no body", name)
	}
	if got := outline(b); !slices.Equal(got, want) {
		t.Errorf("%s:\ngot\n\t%s\nwant\n\t%s", name, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

func TestReadProviderSchemas(t *testing.T) {
	ps := readFixtureSchemas(t)
	if ps.FormatVersion != "1.0" {
		t.Errorf("format version %q, want 1.0", ps.FormatVersion)
	}
	var addrs []string
	for a := range ps.Schemas {
		addrs = append(addrs, a)
	}
	slices.Sort(addrs)
	if want := []string{awsAddr, randomAddr}; !slices.Equal(addrs, want) {
		t.Fatalf("providers %q, want %q", addrs, want)
	}
	instance := ps.Schemas[awsAddr].ResourceSchemas["aws_instance"]
	if instance.Version != 1 {
		t.Errorf("aws_instance schema version %d, want 1", instance.Version)
	}
	if got := instance.Block.Attributes["tags"].AttributeType; !got.Equals(cty.Map(cty.String)) {
		t.Errorf("aws_instance.tags type %#v, want map(string)", got)
	}
	if got := instance.Block.NestedBlocks["ebs_block_device"].NestingMode; got != tfjson.SchemaNestingModeSet {
		t.Errorf("ebs_block_device nesting %q, want set", got)
	}
	if got := instance.Block.Attributes["credit_spec"].AttributeNestedType.NestingMode; got != tfjson.SchemaNestingModeSingle {
		t.Errorf("credit_spec nested type nesting %q, want single", got)
	}
	if got := ps.Schemas[awsAddr].ActionSchemas["aws_lambda_invoke"].Block.Attributes["function_name"].Required; !got {
		t.Error("aws_lambda_invoke.function_name is not required")
	}
}

func TestReadProviderSchemasErrors(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{
			name: "syntax",
			data: `{"format_version": "1.0",}`,
			want: "schema: reading provider schemas: at byte 26: invalid character '}' looking for beginning of object key string",
		},
		{
			name: "truncated",
			data: `{"format_version": "1.0"`,
			want: "schema: reading provider schemas: at byte 24: unexpected end of JSON input",
		},
		{
			name: "format version too new",
			data: `{"format_version": "2.0", "provider_schemas": {}}`,
			want: `schema: reading provider schemas: unsupported provider schema format version: "2.0.0" does not satisfy ">= 0.1, < 2.0"`,
		},
		{
			name: "format version missing",
			data: `{"provider_schemas": {}}`,
			want: "schema: reading provider schemas: unexpected provider schema data, format version is missing",
		},
		{
			name: "null",
			data: `null`,
			want: "schema: reading provider schemas: unexpected provider schema data, format version is missing",
		},
		{
			name: "format version not a string",
			data: `{"format_version": 1}`,
			want: "schema: reading provider schemas: at byte 20: json: cannot unmarshal number into Go struct field rawSchemas.format_version of type string",
		},
		{
			name: "bad attribute type",
			data: `{"format_version": "1.0", "provider_schemas": {"x/y/z": {"resource_schemas": {"z_a": {"block": {"attributes": {"a": {"type": "strin"}}}}}}}}`,
			want: `schema: reading provider schemas: invalid primitive type name "strin"`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ps, err := ReadProviderSchemas([]byte(tt.data))
			if err == nil {
				t.Fatalf("no error, got %+v", ps)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n\t%s\nwant\n\t%s", err, tt.want)
			}
		})
	}
}

// metaResource is what every typed resource body starts with: the
// meta-arguments of Terraform's generic resource body.
var metaResource = []string{
	"closed",
	"attr count expression one",
	"attr for_each expression one",
	"attr provider provider-ref one",
	"attr depends_on abs-traversal list",
}

func TestWithProvidersResource(t *testing.T) {
	lang := terraformWithFixture(t)
	instance := typedBody(t, lang, "resource", "aws_instance")
	checkOutline(t, "aws_instance", instance, slices.Concat(metaResource, []string{
		"attr ami expression one",
		"attr arn expression one",
		"attr associate_public_ip_address expression one",
		"attr credit_spec expression one",
		"attr id expression one",
		"attr instance_type expression one",
		"attr key_name expression one",
		"attr private_ip expression one",
		"attr public_ip expression one",
		"attr subnet_id expression one",
		"attr tags expression one",
		"attr tags_all expression one",
		"attr user_data expression one",
		"attr vpc_security_group_ids expression one",
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name] by: ebs_block_device instance_market_options metadata_options network_interface root_block_device timeouts",
		"block _ single",
		"block ebs_block_device set",
		"block instance_market_options list",
		"block metadata_options single",
		"block network_interface list",
		"block root_block_device list",
		"block timeouts single",
	}))
	generic := Terraform.Root.Block("resource").Body
	if got, want := instance.Block("lifecycle").Body, generic.Block("lifecycle").Body; got != want {
		t.Error("lifecycle body is not the generic one")
	}
	checkOutline(t, "aws_instance.network_interface", instance.Block("network_interface").Body, []string{
		"closed",
		"attr delete_on_termination expression one",
		"attr device_index expression one required",
		"attr network_card_index expression one",
		"attr network_interface_id expression one required",
		"block dynamic list [name]",
	})
	checkOutline(t, "aws_instance.instance_market_options", instance.Block("instance_market_options").Body, []string{
		"closed",
		"attr market_type expression one",
		"block spot_options list",
		"block dynamic list [name] by: spot_options",
	})
	checkOutline(t, "aws_instance._", instance.Block("_").Body, []string{
		"closed",
		"attr ami expression one",
		"attr arn expression one",
		"attr associate_public_ip_address expression one",
		"attr credit_spec expression one",
		"attr id expression one",
		"attr instance_type expression one",
		"attr key_name expression one",
		"attr private_ip expression one",
		"attr public_ip expression one",
		"attr subnet_id expression one",
		"attr tags expression one",
		"attr tags_all expression one",
		"attr user_data expression one",
		"attr vpc_security_group_ids expression one",
		"block ebs_block_device set",
		"block instance_market_options list",
		"block metadata_options single",
		"block network_interface list",
		"block root_block_device list",
		"block timeouts single",
		"block dynamic list [name] by: ebs_block_device instance_market_options metadata_options network_interface root_block_device timeouts",
	})

	checkOutline(t, "aws_security_group", typedBody(t, lang, "resource", "aws_security_group"), slices.Concat(metaResource, []string{
		"attr arn expression one",
		"attr description expression one",
		"attr id expression one",
		"attr name expression one",
		"attr name_prefix expression one",
		"attr owner_id expression one",
		"attr revoke_rules_on_delete expression one",
		"attr tags expression one",
		"attr tags_all expression one",
		"attr vpc_id expression one",
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name] by: egress ingress",
		"block _ single",
		"block egress set",
		"block ingress set",
	}))
	checkOutline(t, "random_password", typedBody(t, lang, "resource", "random_password"), slices.Concat(metaResource, []string{
		"attr bcrypt_hash expression one",
		"attr id expression one",
		"attr keepers expression one",
		"attr length expression one required",
		"attr result expression one",
		"attr special expression one",
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name] by: character_set",
		"block _ single",
		"block character_set map [key]",
	}))
	checkOutline(t, "random_pet", typedBody(t, lang, "resource", "random_pet"), slices.Concat(metaResource, []string{
		"attr id expression one",
		"attr keepers expression one",
		"attr length expression one",
		"attr prefix expression one",
		"attr separator expression one",
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name]",
		"block _ single",
	}))
	if got, want := slices.Sorted(mapKeysOf(lang.Root.Block("resource").ByLabel)), []string{
		"aws_instance", "aws_security_group", "random_id", "random_password", "random_pet", "terraform_data",
	}; !slices.Equal(got, want) {
		t.Errorf("resource types %q, want %q", got, want)
	}
}

func mapKeysOf(m map[string]*Body) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func TestWithProvidersLookup(t *testing.T) {
	lang := terraformWithFixture(t)
	tests := []struct {
		block, label string
		path         []string // nested block types, then the name
		want         string   // "attr mode shape [required]", "block nesting", or "none"
	}{
		{block: "resource", label: "aws_instance", path: []string{"tags"}, want: "attr expression one"},
		{block: "resource", label: "aws_instance", path: []string{"tags_all"}, want: "attr expression one"},
		{block: "resource", label: "aws_instance", path: []string{"credit_spec"}, want: "attr expression one"},
		{block: "resource", label: "aws_instance", path: []string{"ebs_block_device"}, want: "block set"},
		{block: "resource", label: "aws_instance", path: []string{"root_block_device"}, want: "block list"},
		{block: "resource", label: "aws_instance", path: []string{"metadata_options"}, want: "block single"},
		{block: "resource", label: "aws_instance", path: []string{"lifecycle"}, want: "block single"},
		{block: "resource", label: "aws_instance", path: []string{"lifecycle", "ignore_changes"}, want: "attr rel-traversal list"},
		{block: "resource", label: "aws_instance", path: []string{"provider"}, want: "attr provider-ref one"},
		{block: "resource", label: "aws_instance", path: []string{"ebs_block_device", "device_name"}, want: "attr expression one required"},
		{block: "resource", label: "aws_instance", path: []string{"ebs_block_device", "dynamic"}, want: "block list"},
		{block: "resource", label: "aws_instance", path: []string{"instance_market_options", "spot_options", "max_price"}, want: "attr expression one"},
		{block: "resource", label: "aws_instance", path: []string{"amii"}, want: "none"},
		{block: "resource", label: "aws_instance", path: []string{"ebs_block_device", "device"}, want: "none"},
		{block: "resource", label: "random_password", path: []string{"character_set", "chars"}, want: "attr expression one required"},
		{block: "data", label: "aws_ami", path: []string{"filter"}, want: "block set"},
		{block: "data", label: "aws_ami", path: []string{"filter", "values"}, want: "attr expression one required"},
		{block: "data", label: "aws_ami", path: []string{"owners"}, want: "attr expression one"},
		{block: "data", label: "aws_ami", path: []string{"lifecycle"}, want: "block single"},
		{block: "data", label: "aws_ami", path: []string{"provisioner"}, want: "none"},
		{block: "data", label: "aws_caller_identity", path: []string{"account_id"}, want: "attr expression one"},
		{block: "ephemeral", label: "aws_secretsmanager_secret_version", path: []string{"secret_id"}, want: "attr expression one required"},
		{block: "ephemeral", label: "aws_secretsmanager_secret_version", path: []string{"depends_on"}, want: "attr abs-traversal list"},
		{block: "ephemeral", label: "random_password", path: []string{"bcrypt_hash"}, want: "none"},
		{block: "provider", label: "aws", path: []string{"region"}, want: "attr expression one"},
		{block: "provider", label: "aws", path: []string{"alias"}, want: "attr literal one"},
		{block: "provider", label: "aws", path: []string{"assume_role"}, want: "block single"},
		{block: "provider", label: "aws", path: []string{"default_tags", "tags"}, want: "attr expression one"},
		{block: "provider", label: "aws", path: []string{"regoin"}, want: "none"},
		{block: "provider", label: "random", path: []string{"for_each"}, want: "attr expression one"},
		{block: "provider", label: "random", path: []string{"region"}, want: "none"},
	}
	for _, tt := range tests {
		name := tt.block + "." + tt.label + "." + strings.Join(tt.path, ".")
		t.Run(name, func(t *testing.T) {
			body := typedBody(t, lang, tt.block, tt.label)
			for _, typ := range tt.path[:len(tt.path)-1] {
				blk := body.Block(typ)
				if blk == nil {
					t.Fatalf("no block %s", typ)
				}
				body = blk.Body
			}
			last := tt.path[len(tt.path)-1]
			got := "none"
			switch it := body.Lookup(last).(type) {
			case *Attribute:
				got = fmt.Sprintf("attr %v %v", it.Mode, it.Shape)
				if it.Required {
					got += " required"
				}
			case *Block:
				got = "block " + it.Nesting.String()
			}
			if got != tt.want {
				t.Errorf("Lookup(%q) = %s, want %s", last, got, tt.want)
			}
			// Argument agrees: a closed body accepts exactly its attributes.
			arg, ok := body.Argument(last)
			if a, isAttr := body.Lookup(last).(*Attribute); isAttr != ok || (ok && (arg.Mode != a.Mode || arg.Shape != a.Shape || arg.Attribute != a)) {
				t.Errorf("Argument(%q) = %+v, %v; Lookup gives %s", last, arg, ok, got)
			}
		})
	}
}

func TestWithProvidersFallback(t *testing.T) {
	lang := terraformWithFixture(t)
	for _, typ := range []string{"resource", "data", "ephemeral", "provider"} {
		blk := lang.Root.Block(typ)
		generic := Terraform.Root.Block(typ).Body
		if got := blk.BodyFor("google_compute_instance"); got != generic {
			t.Errorf("%s: BodyFor(unknown type) is not the generic body", typ)
		}
		if blk.Body != generic {
			t.Errorf("%s: Body is not the generic body", typ)
		}
		if arg, ok := blk.BodyFor("google").Argument("anything"); !ok || arg.Mode != Expression || arg.Attribute != nil {
			t.Errorf("%s: generic body Argument(anything) = %+v, %v; want expression, true", typ, arg, ok)
		}
	}
	if got := lang.Root.Block("resource").BodyFor("aws_instance"); got != typedBody(t, lang, "resource", "aws_instance") {
		t.Error("BodyFor(aws_instance) is not ByLabel[aws_instance]")
	}
}

func TestWithProvidersDynamic(t *testing.T) {
	lang := terraformWithFixture(t)
	instance := typedBody(t, lang, "resource", "aws_instance")
	dyn := instance.Block("dynamic")
	genericDyn := Terraform.Root.Block("resource").Body.Block("dynamic")
	if dyn.Body != genericDyn.Body {
		t.Error("dynamic block of an unknown nested type does not fall back to the generic dynamic body")
	}
	ebs := dyn.BodyFor("ebs_block_device")
	checkOutline(t, "dynamic ebs_block_device", ebs, []string{
		"closed",
		"attr for_each expression one required",
		"attr iterator abs-traversal one",
		"attr labels expression list",
		"block content single",
	})
	if ebs.Block("content").Body != instance.Block("ebs_block_device").Body {
		t.Error("dynamic ebs_block_device content is not the ebs_block_device body")
	}
	// Nested: dynamic "instance_market_options" { content { dynamic "spot_options" { content {...} } } }
	market := dyn.BodyFor("instance_market_options").Block("content").Body
	spot := market.Block("dynamic").BodyFor("spot_options").Block("content").Body
	checkOutline(t, "spot_options content", spot, []string{
		"closed",
		"attr instance_interruption_behavior expression one",
		"attr max_price expression one",
		"attr spot_instance_type expression one",
		"attr valid_until expression one",
		"block dynamic list [name]",
	})
	// The provider block's dynamic blocks and the "_" body's know the
	// provider's nested blocks too.
	aws := typedBody(t, lang, "provider", "aws")
	if aws.Block("dynamic").BodyFor("assume_role").Block("content").Body != aws.Block("assume_role").Body {
		t.Error("provider dynamic assume_role content is not the assume_role body")
	}
	if instance.Block("_").Body.Block("dynamic").BodyFor("ebs_block_device") != ebs {
		t.Error(`the "_" body's dynamic ebs_block_device differs from the resource body's`)
	}
}

func TestWithProvidersProvider(t *testing.T) {
	lang := terraformWithFixture(t)
	checkOutline(t, "provider aws", typedBody(t, lang, "provider", "aws"), []string{
		"closed",
		"attr alias literal one",
		"attr version literal one",
		"attr for_each expression one",
		"attr access_key expression one",
		"attr allowed_account_ids expression one",
		"attr profile expression one",
		"attr region expression one",
		"attr secret_key expression one",
		"block _ single",
		"block dynamic list [name] by: assume_role default_tags",
		"block assume_role single",
		"block default_tags list",
	})
	checkOutline(t, "provider random", typedBody(t, lang, "provider", "random"), []string{
		"closed",
		"attr alias literal one",
		"attr version literal one",
		"attr for_each expression one",
		"block _ single",
		"block dynamic list [name]",
	})
	if got := slices.Sorted(mapKeysOf(lang.Root.Block("provider").ByLabel)); !slices.Equal(got, []string{"aws", "random", "terraform"}) {
		t.Errorf("provider local names %q, want [aws random terraform]", got)
	}
}

func TestWithProvidersData(t *testing.T) {
	lang := terraformWithFixture(t)
	ami := typedBody(t, lang, "data", "aws_ami")
	checkOutline(t, "data aws_ami", ami, []string{
		"closed",
		"attr count expression one",
		"attr for_each expression one",
		"attr provider provider-ref one",
		"attr depends_on abs-traversal list",
		"attr architecture expression one",
		"attr arn expression one",
		"attr id expression one",
		"attr image_id expression one",
		"attr most_recent expression one",
		"attr name_regex expression one",
		"attr owners expression one",
		"attr tags expression one",
		"block lifecycle single",
		"block dynamic list [name] by: filter",
		"block _ single",
		"block filter set",
	})
	checkData := lang.Root.Block("check").Body.Block("data")
	if checkData.BodyFor("aws_ami") != ami {
		t.Error("check's data block does not share the root data block's aws_ami body")
	}
	if checkData.BodyFor("aws_caller_identity") != typedBody(t, lang, "data", "aws_caller_identity") {
		t.Error("check's data block does not share the root data block's aws_caller_identity body")
	}
	if checkData.BodyFor("other") != Terraform.Root.Block("check").Body.Block("data").Body {
		t.Error("check's data block: unknown types do not fall back to the generic body")
	}
	if got := lang.Root.Block("check").Body.Block("assert"); got == nil || got.Body != Terraform.Root.Block("check").Body.Block("assert").Body {
		t.Error("check's assert block changed")
	}
}

func TestWithProvidersEphemeral(t *testing.T) {
	lang := terraformWithFixture(t)
	checkOutline(t, "ephemeral random_password", typedBody(t, lang, "ephemeral", "random_password"), []string{
		"closed",
		"attr count expression one",
		"attr for_each expression one",
		"attr provider provider-ref one",
		"attr depends_on abs-traversal list",
		"attr length expression one required",
		"attr result expression one",
		"attr special expression one",
		"block lifecycle single",
		"block dynamic list [name]",
		"block _ single",
	})
	if got := slices.Sorted(mapKeysOf(lang.Root.Block("ephemeral").ByLabel)); !slices.Equal(got, []string{"aws_secretsmanager_secret_version", "random_password"}) {
		t.Errorf("ephemeral types %q", got)
	}
}

func TestWithProvidersLeavesLanguageUnchanged(t *testing.T) {
	before := withBuiltins(&Language{Root: terraformRoot()}).Root
	if !reflect.DeepEqual(Terraform.Root, before) {
		t.Fatal("Terraform.Root differs from a fresh one before WithProviders")
	}
	name, version, follows := Terraform.Name, Terraform.Version, slices.Clone(Terraform.Follows)
	lang := terraformWithFixture(t)
	if !reflect.DeepEqual(Terraform.Root, before) {
		t.Error("WithProviders changed Terraform.Root")
	}
	for _, typ := range []string{"resource", "data", "ephemeral", "provider"} {
		for label := range Terraform.Root.Block(typ).ByLabel {
			if label != "terraform_data" && label != "terraform_remote_state" && label != "terraform" {
				t.Errorf("Terraform's %s block gained ByLabel[%q]", typ, label)
			}
		}
	}
	if lang.Root == Terraform.Root {
		t.Error("the new language shares Terraform's root body")
	}
	if lang.Name != name || lang.Version != version || !slices.Equal(lang.Follows, follows) {
		t.Errorf("language %q %q %q, want %q %q %q", lang.Name, lang.Version, lang.Follows, name, version, follows)
	}
	if !slices.Equal(Terraform.Follows, follows) {
		t.Error("Terraform.Follows changed")
	}
	if err := lang.Root.Validate(); err != nil {
		t.Error(err)
	}
}

func TestWithProvidersComposes(t *testing.T) {
	ps := readFixtureSchemas(t)
	awsOnly := &tfjson.ProviderSchemas{FormatVersion: "1.0", Schemas: map[string]*tfjson.ProviderSchema{awsAddr: ps.Schemas[awsAddr]}}
	randomOnly := &tfjson.ProviderSchemas{FormatVersion: "1.0", Schemas: map[string]*tfjson.ProviderSchema{randomAddr: ps.Schemas[randomAddr]}}
	withAWS, err := Terraform.WithProviders(awsOnly)
	if err != nil {
		t.Fatal(err)
	}
	both, err := withAWS.WithProviders(randomOnly)
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(mapKeysOf(withAWS.Root.Block("resource").ByLabel)); !slices.Equal(got, []string{"aws_instance", "aws_security_group", "terraform_data"}) {
		t.Errorf("aws only: resource types %q", got)
	}
	if got := slices.Sorted(mapKeysOf(both.Root.Block("resource").ByLabel)); !slices.Equal(got, []string{
		"aws_instance", "aws_security_group", "random_id", "random_password", "random_pet", "terraform_data",
	}) {
		t.Errorf("aws then random: resource types %q", got)
	}
	if got := slices.Sorted(mapKeysOf(both.Root.Block("provider").ByLabel)); !slices.Equal(got, []string{"aws", "random", "terraform"}) {
		t.Errorf("aws then random: providers %q", got)
	}
}

// TestWithProvidersMetaNames: provider names that a meta-argument takes
// are only reachable through the "_" block.
func TestWithProvidersMetaNames(t *testing.T) {
	ps := mustReadSchemas(t, `{"format_version": "1.0", "provider_schemas": {"example.com/acme/acme": {
		"resource_schemas": {"acme_job": {"version": 0, "block": {
			"attributes": {
				"count": {"type": "number", "optional": true},
				"provider": {"type": "string", "required": true},
				"name": {"type": "string", "optional": true}
			},
			"block_types": {
				"lifecycle": {"nesting_mode": "list", "block": {"attributes": {"stage": {"type": "string", "optional": true}}}}
			}
		}}}
	}}}`)
	lang, err := Terraform.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	job := typedBody(t, lang, "resource", "acme_job")
	checkOutline(t, "acme_job", job, slices.Concat(metaResource, []string{
		"attr name expression one",
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name] by: lifecycle",
		"block _ single",
	}))
	checkOutline(t, "acme_job._", job.Block("_").Body, []string{
		"closed",
		"attr count expression one",
		"attr name expression one",
		"attr provider expression one required",
		"block lifecycle list",
		"block dynamic list [name] by: lifecycle",
	})
	if job.Block("lifecycle").Body != Terraform.Root.Block("resource").Body.Block("lifecycle").Body {
		t.Error("the meta lifecycle block was replaced by the provider's")
	}
}

// mustReadSchemas parses provider schemas from a string.
func mustReadSchemas(t *testing.T, data string) *tfjson.ProviderSchemas {
	t.Helper()
	ps, err := ReadProviderSchemas([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestWithProvidersActions(t *testing.T) {
	ps := readFixtureSchemas(t)
	// A language with Terraform 1.14's action block: meta-arguments and
	// the provider's arguments in config.
	root := *Terraform.Root
	root.Blocks = slices.DeleteFunc(slices.Clone(Terraform.Root.Blocks), func(b Block) bool { return b.Type == "action" })
	root.Blocks = append(root.Blocks,
		block("action", NestingList, &Body{
			Attributes: []Attribute{
				attr("count", Expression),
				attr("for_each", Expression),
				attr("provider", ProviderRef),
			},
			Blocks: []Block{block("config", NestingSingle, open(Expression, nil))},
		}, "type", "name"))
	withActions := &Language{Name: "t", Version: "1", Root: &root}
	lang, err := withActions.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	invoke := typedBody(t, lang, "action", "aws_lambda_invoke")
	checkOutline(t, "action aws_lambda_invoke", invoke, []string{
		"closed",
		"attr count expression one",
		"attr for_each expression one",
		"attr provider provider-ref one",
		"block config single",
	})
	checkOutline(t, "action aws_lambda_invoke config", invoke.Block("config").Body, []string{
		"closed",
		"attr client_context expression one",
		"attr function_name expression one required",
		"attr log_type expression one",
		"attr payload expression one required",
		"attr qualifier expression one",
		"block dynamic list [name]",
	})
	if withActions.Root.Block("action").ByLabel != nil {
		t.Error("WithProviders changed the language's action block")
	}

	// Terraform as it stands: an action block gets the action types if
	// it has one; otherwise action schemas are skipped.
	tf := terraformWithFixture(t)
	if blk := tf.Root.Block("action"); blk != nil {
		checkOutline(t, "Terraform action aws_lambda_invoke config", blk.BodyFor("aws_lambda_invoke").Block("config").Body, []string{
			"closed",
			"attr client_context expression one",
			"attr function_name expression one required",
			"attr log_type expression one",
			"attr payload expression one required",
			"attr qualifier expression one",
			"block dynamic list [name]",
		})
	}
}

// TestWithProvidersSparse: nulls and missing parts of a schema are empty
// bodies; group nesting is kept.
func TestWithProvidersSparse(t *testing.T) {
	ps := mustReadSchemas(t, `{"format_version": "0.2", "provider_schemas": {
		"example.com/acme/acme": {
			"provider": null,
			"resource_schemas": {
				"acme_empty": null,
				"acme_no_block": {"version": 0},
				"acme_job": {"version": 0, "block": {
					"attributes": {"a": null},
					"block_types": {
						"settings": {"nesting_mode": "group"},
						"step": {"nesting_mode": "list", "block": {"block_types": {"retry": {"nesting_mode": "single", "block": null}}}}
					}
				}}
			},
			"data_source_schemas": {"acme_info": {"version": 0, "block": {}}}
		},
		"example.com/acme/skipped": null
	}}`)
	lang, err := Terraform.WithProviders(ps)
	if err != nil {
		t.Fatal(err)
	}
	meta := slices.Concat(metaResource, []string{
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name]",
		"block _ single",
	})
	checkOutline(t, "acme_empty", typedBody(t, lang, "resource", "acme_empty"), meta)
	checkOutline(t, "acme_no_block", typedBody(t, lang, "resource", "acme_no_block"), meta)
	job := typedBody(t, lang, "resource", "acme_job")
	checkOutline(t, "acme_job", job, slices.Concat(metaResource, []string{
		"attr a expression one",
		"block lifecycle single",
		"block connection single",
		"block provisioner list [type] by: file local-exec remote-exec",
		"block dynamic list [name] by: settings step",
		"block _ single",
		"block settings group",
		"block step list",
	}))
	checkOutline(t, "acme_job.step", job.Block("step").Body, []string{
		"closed",
		"block retry single",
		"block dynamic list [name] by: retry",
	})
	checkOutline(t, "provider acme", typedBody(t, lang, "provider", "acme"), []string{
		"closed",
		"attr alias literal one",
		"attr version literal one",
		"attr for_each expression one",
		"block _ single",
		"block dynamic list [name]",
	})
	if got := slices.Sorted(mapKeysOf(lang.Root.Block("provider").ByLabel)); !slices.Equal(got, []string{"acme", "terraform"}) {
		t.Errorf("provider local names %q, want [acme terraform]", got)
	}
}

func TestWithProvidersErrors(t *testing.T) {
	tests := []struct {
		name string
		lang *Language
		data string
		want string
	}{
		{
			name: "duplicate resource type",
			data: `{"format_version": "1.0", "provider_schemas": {
				"registry.terraform.io/example/awsy": {"resource_schemas": {"aws_instance": {"version": 0, "block": {}}}},
				"registry.terraform.io/example/awsx": {"resource_schemas": {"aws_instance": {"version": 0, "block": {}}}}
			}}`,
			want: `schema: resource type "aws_instance" is defined by two providers, registry.terraform.io/example/awsx and registry.terraform.io/example/awsy`,
		},
		{
			name: "duplicate data source type",
			data: `{"format_version": "1.0", "provider_schemas": {
				"registry.terraform.io/hashicorp/one": {"data_source_schemas": {"google_project": {"version": 0, "block": {}}}},
				"registry.terraform.io/hashicorp/google-beta": {"data_source_schemas": {"google_project": {"version": 0, "block": {}}}}
			}}`,
			want: `schema: data source type "google_project" is defined by two providers, registry.terraform.io/hashicorp/google-beta and registry.terraform.io/hashicorp/one`,
		},
		{
			name: "duplicate ephemeral type",
			data: `{"format_version": "1.0", "provider_schemas": {
				"a.example/x/one": {"ephemeral_resource_schemas": {"x_token": {"version": 0, "block": {}}}},
				"b.example/x/two": {"ephemeral_resource_schemas": {"x_token": {"version": 0, "block": {}}}}
			}}`,
			want: `schema: ephemeral resource type "x_token" is defined by two providers, a.example/x/one and b.example/x/two`,
		},
		{
			name: "duplicate local name",
			data: `{"format_version": "1.0", "provider_schemas": {
				"registry.terraform.io/hashicorp/aws": {"provider": {"version": 0, "block": {}}},
				"registry.opentofu.org/hashicorp/aws": {"provider": {"version": 0, "block": {}}}
			}}`,
			want: `schema: provider local name "aws" is defined by two providers, registry.opentofu.org/hashicorp/aws and registry.terraform.io/hashicorp/aws`,
		},
		{
			name: "no type name",
			data: `{"format_version": "1.0", "provider_schemas": {"registry.terraform.io/hashicorp/": {}}}`,
			want: `schema: provider address "registry.terraform.io/hashicorp/" has no type name`,
		},
		{
			name: "unknown nesting mode",
			data: `{"format_version": "1.0", "provider_schemas": {"example.com/acme/acme": {"resource_schemas": {"acme_job": {"version": 0, "block": {
				"block_types": {"step": {"nesting_mode": "list", "block": {"block_types": {"retry": {"nesting_mode": "tuple", "block": {}}}}}}
			}}}}}}`,
			want: `schema: example.com/acme/acme: resource type acme_job: block step: block retry: unknown nesting mode "tuple"`,
		},
		{
			name: "block type with no nesting mode",
			data: `{"format_version": "1.0", "provider_schemas": {"example.com/acme/acme": {"resource_schemas": {"acme_job": {"version": 0, "block": {
				"block_types": {"step": null}
			}}}}}}`,
			want: `schema: example.com/acme/acme: resource type acme_job: block step: no nesting mode`,
		},
		{
			name: "empty nesting mode",
			data: `{"format_version": "1.0", "provider_schemas": {"example.com/acme/acme": {"provider": {"version": 0, "block": {
				"block_types": {"endpoints": {"block": {}}}
			}}}}}`,
			want: `schema: example.com/acme/acme: provider local name acme: block endpoints: unknown nesting mode ""`,
		},
		{
			name: "empty attribute name",
			data: `{"format_version": "1.0", "provider_schemas": {"example.com/acme/acme": {"resource_schemas": {"acme_job": {"version": 0, "block": {
				"attributes": {"": {"type": "string", "optional": true}}
			}}}}}}`,
			want: `schema: provider schemas give an invalid schema: root.resource["acme_job"]: attribute with no name; root.resource["acme_job"]._: attribute with no name`,
		},
		{
			name: "no root",
			lang: &Language{Name: "empty"},
			data: `{"format_version": "1.0"}`,
			want: "schema: the language has no root body",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lang := tt.lang
			if lang == nil {
				lang = Terraform
			}
			got, err := lang.WithProviders(mustReadSchemas(t, tt.data))
			if err == nil {
				t.Fatalf("no error, got %+v", got)
			}
			if err.Error() != tt.want {
				t.Errorf("error\n\t%s\nwant\n\t%s", err, tt.want)
			}
		})
	}
	if l, err := Terraform.WithProviders(nil); l != Terraform || err != nil {
		t.Errorf("WithProviders(nil) = %v, %v; want the language itself (no providers to add)", l, err)
	}
}

// typedDecode decodes body against s the way Terraform reads a
// configuration once provider schemas are known: blocks whose first label
// names a type get that type's body, dynamic blocks their content's. It
// appends one line per attribute, "path.name = source text", to out.
func typedDecode(out *[]string, src []byte, path string, body hcl.Body, s *Body) hcl.Diagnostics {
	content, remain, diags := s.Content(body)
	if content == nil {
		return diags
	}
	attrs := content.Attributes
	if remain != nil {
		extra, more := remain.JustAttributes()
		diags = append(diags, more...)
		for name, a := range extra {
			attrs[name] = a
		}
	}
	for name, a := range attrs {
		r := a.Expr.Range()
		*out = append(*out, fmt.Sprintf("%s%s = %s", path, name, src[r.Start.Byte:r.End.Byte]))
	}
	count := map[string]int{}
	for _, blk := range content.Blocks {
		bs := s.Block(blk.Type)
		nested := bs.Body
		key := blk.Type
		if len(blk.Labels) > 0 {
			nested = bs.BodyFor(blk.Labels[0])
			key += "[" + strings.Join(blk.Labels, ",") + "]"
		}
		n := count[key]
		count[key]++
		key += fmt.Sprintf("#%d", n)
		diags = append(diags, typedDecode(out, src, path+key+".", blk.Body, nested)...)
	}
	return diags
}

func TestWithProvidersDecode(t *testing.T) {
	lang := terraformWithFixture(t)
	src := []byte(`{
  "provider": {"aws": {"region": "eu-west-1", "assume_role": {"role_arn": "arn:aws:iam::123456789012:role/deploy"}}},
  "data": {"aws_ami": {"ubuntu": {"most_recent": true, "filter": [{"name": "name", "values": ["ubuntu-*"]}, {"name": "virtualization-type", "values": ["hvm"]}]}}},
  "resource": {
    "aws_instance": {
      "web": {
        "count": 2,
        "ami": "${data.aws_ami.ubuntu.id}",
        "tags": {"Name": "web-${count.index}"},
        "credit_spec": {"cpu_credits": "unlimited"},
        "ebs_block_device": [
          {"device_name": "/dev/sdb", "volume_size": 100},
          {"device_name": "/dev/sdc", "tags": {"Backup": "daily"}}
        ],
        "metadata_options": {"http_tokens": "required"},
        "dynamic": {"network_interface": {
          "for_each": "${var.nics}",
          "content": {"device_index": "${network_interface.key}", "network_interface_id": "${network_interface.value}"}
        }},
        "lifecycle": {"ignore_changes": ["tags"]}
      }
    },
    "random_password": {"db": {"length": 24, "character_set": {"symbols": {"chars": "!#%", "min": 2}}}},
    "google_compute_instance": {"vm": {"labels": {"env": "dev"}}}
  }
}`)
	f, diags := hcljson.Parse(src, "main.tf.json")
	if diags.HasErrors() {
		t.Fatal(diags.Error())
	}
	var got []string
	diags = typedDecode(&got, src, "", f.Body, lang.Root)
	if diags.HasErrors() {
		t.Fatal(hcltest.RenderDiags(diags))
	}
	slices.Sort(got)
	want := []string{
		`data[aws_ami,ubuntu]#0.filter#0.name = "name"`,
		`data[aws_ami,ubuntu]#0.filter#0.values = ["ubuntu-*"]`,
		`data[aws_ami,ubuntu]#0.filter#1.name = "virtualization-type"`,
		`data[aws_ami,ubuntu]#0.filter#1.values = ["hvm"]`,
		`data[aws_ami,ubuntu]#0.most_recent = true`,
		`provider[aws]#0.assume_role#0.role_arn = "arn:aws:iam::123456789012:role/deploy"`,
		`provider[aws]#0.region = "eu-west-1"`,
		`resource[aws_instance,web]#0.ami = "${data.aws_ami.ubuntu.id}"`,
		`resource[aws_instance,web]#0.count = 2`,
		`resource[aws_instance,web]#0.credit_spec = {"cpu_credits": "unlimited"}`,
		`resource[aws_instance,web]#0.dynamic[network_interface]#0.content#0.device_index = "${network_interface.key}"`,
		`resource[aws_instance,web]#0.dynamic[network_interface]#0.content#0.network_interface_id = "${network_interface.value}"`,
		`resource[aws_instance,web]#0.dynamic[network_interface]#0.for_each = "${var.nics}"`,
		`resource[aws_instance,web]#0.ebs_block_device#0.device_name = "/dev/sdb"`,
		`resource[aws_instance,web]#0.ebs_block_device#0.volume_size = 100`,
		`resource[aws_instance,web]#0.ebs_block_device#1.device_name = "/dev/sdc"`,
		`resource[aws_instance,web]#0.ebs_block_device#1.tags = {"Backup": "daily"}`,
		`resource[aws_instance,web]#0.lifecycle#0.ignore_changes = ["tags"]`,
		`resource[aws_instance,web]#0.metadata_options#0.http_tokens = "required"`,
		`resource[aws_instance,web]#0.tags = {"Name": "web-${count.index}"}`,
		`resource[google_compute_instance,vm]#0.labels = {"env": "dev"}`,
		`resource[random_password,db]#0.character_set[symbols]#0.chars = "!#%"`,
		`resource[random_password,db]#0.character_set[symbols]#0.min = 2`,
		`resource[random_password,db]#0.length = 24`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("decoded\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

func TestWithProvidersDecodeErrors(t *testing.T) {
	lang := terraformWithFixture(t)
	tests := []struct {
		name, src, want string
	}{
		{
			name: "misspelled argument",
			src:  `{"resource": {"aws_instance": {"web": {"amii": "ami-1", "tags": {"Name": "x"}}}}}`,
			want: `main.tf.json:1,40-46: error: Extraneous JSON object property; No argument or block type is named "amii". Did you mean "ami"? (context main.tf.json:1,40-46)`,
		},
		{
			name: "misspelled nested argument",
			src:  `{"resource": {"aws_instance": {"web": {"root_block_device": {"volume_siz": 8}}}}}`,
			want: `main.tf.json:1,62-74: error: Extraneous JSON object property; No argument or block type is named "volume_siz". Did you mean "volume_size"? (context main.tf.json:1,62-74)`,
		},
		{
			name: "missing required argument",
			src:  `{"resource": {"random_id": {"x": {"prefix": "p-"}}}}`,
			want: `main.tf.json:1,49-50: error: Missing required argument; The argument "byte_length" is required, but no definition was found.`,
		},
		{
			name: "misspelled argument, no nested blocks",
			src:  `{"resource": {"random_pet": {"p": {"length": 2, "separatr": "-"}}}}`,
			want: `main.tf.json:1,49-59: error: Extraneous JSON object property; No argument or block type is named "separatr". Did you mean "separator"? (context main.tf.json:1,49-59)`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := hcljson.Parse([]byte(tt.src), "main.tf.json")
			if diags.HasErrors() {
				t.Fatal(diags.Error())
			}
			var got []string
			diags = typedDecode(&got, []byte(tt.src), "", f.Body, lang.Root)
			if r := strings.TrimSpace(hcltest.RenderDiags(diags)); r != tt.want {
				t.Errorf("diagnostics\n\t%s\nwant\n\t%s", r, tt.want)
			}
		})
	}
}

// TestWithProvidersImpliedProvider checks that a type defined by two
// providers takes the body of the one Terraform implies from the type's
// prefix, in either order of the addresses.
func TestWithProvidersImpliedProvider(t *testing.T) {
	for _, data := range []string{
		`{"format_version": "1.0", "provider_schemas": {
			"registry.terraform.io/hashicorp/google": {"resource_schemas": {"google_project": {"version": 0, "block": {"attributes": {"ga": {"type": "string", "optional": true}}}}}},
			"registry.terraform.io/hashicorp/google-beta": {"resource_schemas": {"google_project": {"version": 0, "block": {"attributes": {"beta": {"type": "string", "optional": true}}}}}}
		}}`,
		`{"format_version": "1.0", "provider_schemas": {
			"registry.terraform.io/hashicorp/a-google-beta": {"resource_schemas": {"google_project": {"version": 0, "block": {"attributes": {"beta": {"type": "string", "optional": true}}}}}},
			"registry.terraform.io/hashicorp/google": {"resource_schemas": {"google_project": {"version": 0, "block": {"attributes": {"ga": {"type": "string", "optional": true}}}}}}
		}}`,
	} {
		ps, err := ReadProviderSchemas([]byte(data))
		if err != nil {
			t.Fatal(err)
		}
		lang, err := Terraform.WithProviders(ps)
		if err != nil {
			t.Fatal(err)
		}
		body := lang.Root.Block("resource").BodyFor("google_project")
		if body.Attribute("ga") == nil || body.Attribute("beta") != nil {
			t.Errorf("google_project did not take google's schema: ga=%v beta=%v", body.Attribute("ga") != nil, body.Attribute("beta") != nil)
		}
	}
}
