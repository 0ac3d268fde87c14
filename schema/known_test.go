package schema

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestKnownName checks lookups in the built-in table (spec C28): a block,
// an attribute, a name inside a block, an unlisted name, a type the
// provider does not have, the provider named by its type name, by a
// name it serves (google-beta) or by its source address, whose namespace
// must be the table's.
func TestKnownName(t *testing.T) {
	tests := []struct {
		name                 string
		provider, block, typ string
		path                 []string
		prop                 string
		want                 Written
	}{
		{"block", "google", "resource", "google_compute_firewall", nil, "allow", WrittenBlock},
		{"attribute", "google", "resource", "google_compute_firewall", nil, "source_ranges", WrittenArgument},
		{"in a block", "google", "resource", "google_compute_firewall", []string{"allow"}, "protocol", WrittenArgument},
		{"nested block", "google", "resource", "google_compute_instance", []string{"boot_disk"}, "initialize_params", WrittenBlock},
		{"timeouts of the SDK", "google", "resource", "google_container_node_pool", nil, "timeouts", WrittenBlock},
		{"unlisted name", "google", "resource", "google_compute_firewall", nil, "no_such_name", 0},
		{"under an attribute", "google", "resource", "google_compute_firewall", []string{"source_ranges"}, "x", 0},
		{"unknown type", "google", "resource", "google_no_such_thing", nil, "allow", 0},
		{"another provider's type", "google", "resource", "aws_instance", nil, "ebs_block_device", 0},
		{"no table", "azuread", "resource", "azuread_application", nil, "api", 0},
		{"aws block", "aws", "resource", "aws_instance", nil, "ebs_block_device", WrittenBlock},
		{"aws argument", "aws", "resource", "aws_instance", nil, "ami", WrittenArgument},
		{"aws attribute of objects", "aws", "resource", "aws_security_group", nil, "ingress", WrittenArgument},
		{"aws block in a block", "aws", "resource", "aws_lb_listener", []string{"default_action", "forward"}, "target_group", WrittenBlock},
		{"aws argument in a block", "aws", "resource", "aws_lb_listener", []string{"default_action", "forward", "target_group"}, "arn", WrittenArgument},
		{"aws data source", "aws", "data", "aws_iam_policy_document", nil, "statement", WrittenBlock},
		{"aws data source, nested", "hashicorp/aws", "data", "aws_iam_policy_document", []string{"statement"}, "principals", WrittenBlock},
		{"aws data source filter", "aws", "data", "aws_availability_zones", nil, "filter", WrittenBlock},
		{"aws ephemeral", "aws", "ephemeral", "aws_kms_secrets", nil, "secret", WrittenBlock},
		{"aws: a block in v4, an argument in v5", "aws", "resource", "aws_elasticache_replication_group", nil, "cluster_mode", 0},
		{"aws: an argument in v5, a block in v6", "aws", "resource", "aws_auditmanager_assessment", nil, "roles", 0},
		{"served: google-beta", "google-beta", "resource", "google_compute_firewall", nil, "allow", WrittenBlock},
		{"source address", "hashicorp/google", "resource", "google_compute_firewall", nil, "allow", WrittenBlock},
		{"full source address", "registry.terraform.io/hashicorp/google-beta", "resource", "google_compute_firewall", nil, "allow", WrittenBlock},
		{"another namespace", "mycorp/google", "resource", "google_compute_firewall", nil, "allow", 0},
		{"data source", "google", "data", "google_compute_zones", nil, "project", WrittenArgument},
		{"provider configuration", "azurerm", "provider", "azurerm", nil, "features", WrittenBlock},
		{"provider argument", "azurerm", "provider", "azurerm", nil, "subscription_id", WrittenArgument},
		{"framework attribute", "null", "resource", "null_resource", nil, "triggers", WrittenArgument},
		{"framework map attribute", "time", "resource", "time_sleep", nil, "triggers", WrittenArgument},
		{"framework block", "datadog", "resource", "datadog_monitor", nil, "monitor_thresholds", WrittenBlock},
		{"framework namespace", "DataDog/datadog", "resource", "datadog_monitor", nil, "monitor_thresholds", WrittenBlock},
		{"computed only is an attribute", "google", "resource", "google_container_cluster", nil, "endpoint", WrittenArgument},
		{"ephemeral", "tls", "ephemeral", "tls_private_key", nil, "algorithm", WrittenArgument},
		{"unknown kind", "google", "module", "google_compute_firewall", nil, "allow", 0},
		{"a google-beta type", "google-beta", "resource", "google_tpu_v2_vm", nil, "network_config", WrittenBlock},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := KnownName(tt.provider, tt.block, tt.typ, tt.path, tt.prop); got != tt.want {
				t.Errorf("KnownName(%q, %q, %q, %q, %q) = %v, want %v", tt.provider, tt.block, tt.typ, tt.path, tt.prop, got, tt.want)
			}
		})
	}
}

// TestKnownProviders checks each table's provenance header, and that the
// names each serves are the aliases the lookups use.
func TestKnownProviders(t *testing.T) {
	commit := regexp.MustCompile(`^[0-9a-f]{40}( [0-9a-f]{40})*$`)
	var names []string
	for _, p := range KnownProviders() {
		names = append(names, p.Name)
		if p.Source == "" || p.Repository == "" || !commit.MatchString(p.Commit) || p.Extracted == "" || p.License != "MPL-2.0" && p.License != "MIT" {
			t.Errorf("%s: incomplete provenance %+v", p.Name, p)
		}
		if p.License == "MIT" && (!strings.Contains(p.Notice, "Copyright (c) ") || !strings.Contains(p.Notice, "MPL-2.0") || p.Version == "") {
			t.Errorf("%s: MIT without its notice, the provider's license or the versions: %+v", p.Name, p)
		}
		if !slices.Contains(p.Serves, p.Name) {
			t.Errorf("%s: serves %q, not itself", p.Name, p.Serves)
		}
		for _, s := range p.Serves {
			if a, _ := knownAlias(s); s != p.Name && a != p.Name {
				t.Errorf("%s serves %s, which knownAlias does not map to it", p.Name, s)
			}
		}
	}
	want := []string{"archive", "aws", "azapi", "azurerm", "cloudinit", "datadog", "digitalocean", "external", "google", "helm", "http", "kubernetes", "local", "null", "random", "template", "time", "tls"}
	if !slices.Equal(names, want) {
		t.Errorf("providers %q, want %q", names, want)
	}
}

// TestWithEvidenceKnown checks the table as evidence of last resort
// (spec C28): it fills the bodies of the types whose provider it serves
// (the implied one, or the provider meta-argument's, through
// required_providers), the module's evidence decides first, and a type
// whose blocks name providers with different tables gets none.
func TestWithEvidenceKnown(t *testing.T) {
	var ev Evidence
	ev.Provider("resource", "google_compute_firewall", "google-beta")
	ev.Add("resource", "google_compute_firewall", nil, "log_config", WrittenArgument) // the module says otherwise
	ev.Provider("resource", "google_compute_instance", "gcp")
	ev.Source("gcp", "registry.terraform.io/hashicorp/google")
	ev.Provider("resource", "google_compute_subnetwork", "gcp2")
	ev.Source("gcp2", "mycorp/google")
	ev.Provider("resource", "google_compute_network", "google")
	ev.Provider("resource", "google_compute_network", "aws")
	ev.Provider("data", "google_compute_zones", "google")
	ev.Provider("provider", "azurerm", "azurerm")
	lang := Terraform.WithEvidence(&ev)
	if err := lang.Root.Validate(); err != nil {
		t.Fatal(err)
	}
	res := lang.Root.Block("resource")
	fw := res.BodyFor("google_compute_firewall")
	allow := fw.Block("allow")
	if allow == nil || !allow.Body.Open {
		t.Fatalf("google_compute_firewall.allow = %+v, want an open block", allow)
	}
	if a := allow.Body.Attribute("protocol"); a == nil || a.Mode != Expression {
		t.Errorf("allow.protocol = %+v, want an Expression attribute", a)
	}
	if d := fw.Block("dynamic"); d == nil || d.BodyFor("allow").Block("content").Body != allow.Body {
		t.Errorf("dynamic allow does not have allow's body as content")
	}
	if a := fw.Attribute("source_ranges"); a == nil {
		t.Errorf("source_ranges is not an attribute")
	}
	if a := fw.Attribute("log_config"); a == nil {
		t.Errorf("log_config = %+v, want the module's attribute", fw.Lookup("log_config"))
	}
	if fw.Lookup("no_such_name") != nil || !fw.Open {
		t.Errorf("an unlisted name is decided, or the body is closed")
	}
	if fw.Attribute("count") == nil || fw.Block("lifecycle") == nil {
		t.Errorf("the meta-arguments are lost")
	}
	if b := res.BodyFor("google_compute_instance").Block("boot_disk"); b == nil || b.Body.Block("initialize_params") == nil {
		t.Errorf("google_compute_instance via gcp (hashicorp/google): boot_disk.initialize_params is not a block")
	}
	if res.BodyFor("google_compute_subnetwork").Lookup("secondary_ip_range") != nil {
		t.Errorf("mycorp/google is served by the google table")
	}
	if res.BodyFor("google_compute_network").Lookup("name") != nil {
		t.Errorf("a type used with google and aws is served by the google table")
	}
	if a := lang.Root.Block("data").BodyFor("google_compute_zones").Attribute("project"); a == nil {
		t.Errorf("data google_compute_zones has no project attribute")
	}
	if b := lang.Root.Block("provider").BodyFor("azurerm").Block("features"); b == nil {
		t.Errorf("provider azurerm has no features block")
	}
	// A provider schema decides first: a body it describes is not changed.
	if got := Terraform.WithEvidence(&Evidence{}); got != Terraform {
		t.Errorf("empty evidence changed the language")
	}
}

// TestKnownLazy checks that the table is not read for bodies no table
// serves, and that the Terraform language reads none.
func TestKnownLazy(t *testing.T) {
	read := func() (n int) {
		knownTables.Range(func(_, v any) bool {
			if v.(func() *knownTable)() != nil {
				n++
			}
			return true
		})
		return n
	}
	before := read()
	var ev Evidence
	ev.Provider("resource", "lazytest_x", "lazytest")
	ev.Add("resource", "lazytest_x", nil, "part", WrittenBlock)
	_ = Terraform.WithEvidence(&ev)
	_ = TerraformTest.Root.Validate()
	if after := read(); after != before {
		t.Errorf("%d tables read, want none", after-before)
	}
	if v, ok := knownTables.Load("lazytest"); !ok || v.(func() *knownTable)() != nil {
		t.Errorf("lazytest was not looked up, or has a table")
	}
}

// BenchmarkKnownFirstLookup measures a program's first lookup in each of the
// largest tables (google, aws): decompressing and indexing it, and
// parsing one entry.
func BenchmarkKnownFirstLookup(b *testing.B) {
	for _, c := range []struct{ provider, typ, name string }{
		{"google", "google_compute_firewall", "allow"},
		{"aws", "aws_instance", "ebs_block_device"},
	} {
		b.Run(c.provider, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				knownTables.Delete(c.provider)
				if KnownName(c.provider, "resource", c.typ, nil, c.name) != WrittenBlock {
					b.Fatalf("%s is not a block", c.name)
				}
			}
		})
	}
}

// BenchmarkKnownLookup measures a lookup once the table is read.
func BenchmarkKnownLookup(b *testing.B) {
	b.ReportAllocs()
	KnownName("google", "resource", "google_compute_firewall", nil, "allow")
	for range b.N {
		if KnownName("google", "resource", "google_compute_firewall", []string{"allow"}, "protocol") != WrittenArgument {
			b.Fatal("allow.protocol is not an attribute")
		}
	}
}
