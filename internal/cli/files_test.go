package cli

import "testing"

func TestTargetName(t *testing.T) {
	for _, tt := range []struct {
		name string
		to   syntax
		want string
	}{
		{"a.tf", jsonSyntax, "a.tf.json"},
		{"a.tf.json", native, "a.tf"},
		{"a.tofu", jsonSyntax, "a.tofu.json"},
		{"a.tofu.json", native, "a.tofu"},
		{"x.hcl", jsonSyntax, "x.hcl.json"},
		{"x.hcl.json", native, "x.hcl"},
		{"run.tftest.hcl", jsonSyntax, "run.tftest.json"},
		{"run.tftest.json", native, "run.tftest.hcl"},
		{"run.tofutest.hcl", jsonSyntax, "run.tofutest.json"},
		{"run.tofutest.json", native, "run.tofutest.hcl"},
		{"q.tfquery.hcl", jsonSyntax, "q.tfquery.json"},
		{"q.tfquery.json", native, "q.tfquery.hcl"},
		{"config", jsonSyntax, "config.json"},
		{"config.json", native, "config.hcl"},
		{"main.txt", jsonSyntax, "main.txt.json"},
	} {
		if got := targetName(tt.name, tt.to); got != tt.want {
			t.Errorf("targetName(%q, %v) = %q, want %q", tt.name, tt.to, got, tt.want)
		}
	}
}

func TestSniff(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want syntax
	}{
		{"{}", jsonSyntax},
		{"\ufeff \n\t[1]", jsonSyntax},
		{"  {\"a\": 1}", jsonSyntax},
		{"a = 1", native},
		{"# {\n", native},
		{"", native},
	} {
		if got := sniff([]byte(tt.src)); got != tt.want {
			t.Errorf("sniff(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

// TestWalkEndings: the endings that directory walks pick up, in the order
// messages list them, and isConfigName agrees with them.
func TestWalkEndings(t *testing.T) {
	for _, tt := range []struct {
		s    syntax
		want string
	}{
		{native, ".tf, .tofu, .tfvars or .hcl"},
		{jsonSyntax, ".tf.json, .tofu.json, .tftest.json, .tofutest.json, .tfquery.json, .tfvars.json or .hcl.json"},
	} {
		if got := orList(walkEndings(tt.s)); got != tt.want {
			t.Errorf("walkEndings(%v) = %s, want %s", tt.s, got, tt.want)
		}
	}
	for _, tt := range []struct {
		name         string
		native, json bool
	}{
		{"main.tf", true, false},
		{"main.tofu", true, false},
		{"a.tftest.hcl", true, false},
		{"a.tofutest.hcl", true, false},
		{"q.tfquery.hcl", true, false},
		{"x.hcl", true, false},
		{"main.tf.json", false, true},
		{"main.tofu.json", false, true},
		{"a.tftest.json", false, true},
		{"a.tofutest.json", false, true},
		{"q.tfquery.json", false, true},
		{"x.hcl.json", false, true},
		{"x.json", false, false},
		{"terraform.tfvars", true, false},
		{"prod.auto.tfvars.json", false, true},
		{"main.tf.bak", false, false},
	} {
		if got := isConfigName(tt.name, native); got != tt.native {
			t.Errorf("isConfigName(%q, native) = %v", tt.name, got)
		}
		if got := isConfigName(tt.name, jsonSyntax); got != tt.json {
			t.Errorf("isConfigName(%q, json) = %v", tt.name, got)
		}
	}
}
