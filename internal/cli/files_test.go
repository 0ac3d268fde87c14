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
