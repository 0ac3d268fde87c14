package schema

import (
	"strings"
	"testing"
)

// TestEndingOf reads every ending of the table, and names that end with
// two of them or none.
func TestEndingOf(t *testing.T) {
	tests := []struct {
		name   string
		suffix string
		kind   FileKind
		json   bool
		tofu   bool
		lang   *Language
		twin   string
	}{
		{"main.tf", ".tf", ConfigFile, false, false, Terraform, ".tf.json"},
		{"dir/main.tf.json", ".tf.json", ConfigFile, true, false, Terraform, ".tf"},
		{"main.tofu", ".tofu", ConfigFile, false, true, OpenTofu, ".tofu.json"},
		{"main.tofu.json", ".tofu.json", ConfigFile, true, true, OpenTofu, ".tofu"},
		{"x_override.tf.json", ".tf.json", ConfigFile, true, false, Terraform, ".tf"},
		{"a.tftest.hcl", ".tftest.hcl", TestFile, false, false, TerraformTest, ".tftest.json"},
		{"tests/a.tftest.json", ".tftest.json", TestFile, true, false, TerraformTest, ".tftest.hcl"},
		{"a.tofutest.hcl", ".tofutest.hcl", TestFile, false, true, TerraformTest, ".tofutest.json"},
		{"a.tofutest.json", ".tofutest.json", TestFile, true, true, TerraformTest, ".tofutest.hcl"},
		{"q.tfquery.hcl", ".tfquery.hcl", QueryFile, false, false, TerraformQuery, ".tfquery.json"},
		{"q.tfquery.json", ".tfquery.json", QueryFile, true, false, TerraformQuery, ".tfquery.hcl"},
		{"x.hcl", ".hcl", HCLFile, false, false, nil, ".hcl.json"},
		{"x.hcl.json", ".hcl.json", HCLFile, true, false, nil, ".hcl"},
		{".terraform.lock.hcl", ".hcl", HCLFile, false, false, nil, ".hcl.json"},
		{"x.json", ".json", OtherFile, true, false, nil, ""},
		{"terraform.tfvars.json", ".tfvars.json", VarsFile, true, false, TerraformVars, ".tfvars"},
		{"stack.tfcomponent.json", ".json", OtherFile, true, false, nil, ""},
		{"main.tf.json.bak", "", OtherFile, false, false, nil, ""},
		{"main.TF", "", OtherFile, false, false, nil, ""},
		{"main.tfvars", ".tfvars", VarsFile, false, false, TerraformVars, ".tfvars.json"},
		{"x.auto.tfvars.json", ".tfvars.json", VarsFile, true, false, TerraformVars, ".tfvars"},
		{"vars.json", ".json", OtherFile, true, false, nil, ""},
		{"tf", "", OtherFile, false, false, nil, ""},
		{"-", "", OtherFile, false, false, nil, ""},
		{"", "", OtherFile, false, false, nil, ""},
		{".tf", ".tf", ConfigFile, false, false, Terraform, ".tf.json"},
	}
	for _, tt := range tests {
		e := EndingOf(tt.name)
		want := Ending{Suffix: tt.suffix, Kind: tt.kind, JSON: tt.json, Tofu: tt.tofu, Language: tt.lang, Twin: tt.twin}
		if e != want {
			t.Errorf("EndingOf(%q) = %+v, want %+v", tt.name, e, want)
		}
		if got := LanguageFor(tt.name); got != tt.lang {
			t.Errorf("LanguageFor(%q) = %v, want %v", tt.name, langName(got), langName(tt.lang))
		}
	}
}

// TestEndings checks the table: an ending's syntax is what ".json" says,
// twins pair the two syntaxes of one kind of file, languages go with
// kinds, and every ending is its own ending.
func TestEndings(t *testing.T) {
	all := Endings()
	bySuffix := map[string]Ending{}
	for _, e := range all {
		if _, dup := bySuffix[e.Suffix]; dup {
			t.Errorf("%s listed twice", e.Suffix)
		}
		bySuffix[e.Suffix] = e
	}
	for _, e := range all {
		if got := EndingOf("x" + e.Suffix); got != e {
			t.Errorf("EndingOf(%q) = %+v, want %+v", "x"+e.Suffix, got, e)
		}
		if e.JSON != strings.HasSuffix(e.Suffix, ".json") {
			t.Errorf("%s: JSON = %v", e.Suffix, e.JSON)
		}
		if e.Tofu != strings.HasPrefix(e.Suffix, ".tofu") {
			t.Errorf("%s: Tofu = %v", e.Suffix, e.Tofu)
		}
		switch e.Kind {
		case ConfigFile:
			if e.Language != Terraform && e.Language != OpenTofu || (e.Language == OpenTofu) != e.Tofu {
				t.Errorf("%s: configuration in %v", e.Suffix, langName(e.Language))
			}
		case TestFile:
			if e.Language != TerraformTest {
				t.Errorf("%s: test file in %v", e.Suffix, langName(e.Language))
			}
		case QueryFile:
			if e.Language != TerraformQuery {
				t.Errorf("%s: query file in %v", e.Suffix, langName(e.Language))
			}
		case VarsFile:
			if e.Language != TerraformVars {
				t.Errorf("%s: variable definitions file in %v", e.Suffix, langName(e.Language))
			}
		default:
			if e.Language != nil {
				t.Errorf("%s: %v", e.Suffix, langName(e.Language))
			}
		}
		if e.Twin == "" {
			if e.Kind != OtherFile {
				t.Errorf("%s: no twin", e.Suffix)
			}
			continue
		}
		tw, ok := bySuffix[e.Twin]
		switch {
		case !ok:
			t.Errorf("%s: twin %s is not listed", e.Suffix, e.Twin)
		case tw.Twin != e.Suffix || tw.JSON == e.JSON || tw.Kind != e.Kind || tw.Tofu != e.Tofu || tw.Language != e.Language:
			t.Errorf("%s and its twin %s do not pair: %+v, %+v", e.Suffix, e.Twin, e, tw)
		}
	}
	// The copy is the caller's.
	all[0].Suffix = ".changed"
	if Endings()[0].Suffix == ".changed" {
		t.Error("Endings returns the table itself")
	}
}
