package module

import (
	"path/filepath"
	"testing"
)

func TestNames(t *testing.T) {
	type want struct{ config, test, override, ignored bool }
	tests := []struct {
		name      string
		tofu      want // under OpenTofu
		terraform want // under Terraform
	}{
		{name: "main.tf", tofu: want{config: true}, terraform: want{config: true}},
		{name: "main.tf.json", tofu: want{config: true}, terraform: want{config: true}},
		{name: "main.tofu", tofu: want{config: true}},
		{name: "main.tofu.json", tofu: want{config: true}},
		{name: "a.tftest.hcl", tofu: want{test: true}, terraform: want{test: true}},
		{name: "a.tftest.json", tofu: want{test: true}, terraform: want{test: true}},
		{name: "a.tofutest.hcl", tofu: want{test: true}},
		{name: "a.tofutest.json", tofu: want{test: true}},
		{name: "override.tf", tofu: want{config: true, override: true}, terraform: want{config: true, override: true}},
		{name: "override.tf.json", tofu: want{config: true, override: true}, terraform: want{config: true, override: true}},
		{name: "x_override.tf.json", tofu: want{config: true, override: true}, terraform: want{config: true, override: true}},
		{name: "_override.tf", tofu: want{config: true, override: true}, terraform: want{config: true, override: true}},
		{name: "x_override.tofu", tofu: want{config: true, override: true}},
		{name: "override.tofu.json", tofu: want{config: true, override: true}},
		{name: "overrides.tf", tofu: want{config: true}, terraform: want{config: true}},
		{name: "xoverride.tf", tofu: want{config: true}, terraform: want{config: true}},
		{name: "override_x.tf", tofu: want{config: true}, terraform: want{config: true}},
		// A test file is never an override file.
		{name: "x_override.tftest.hcl", tofu: want{test: true}, terraform: want{test: true}},
		{name: "override.tf.bak"},
		{name: "main.tfvars"},
		{name: "main.tf.yaml"},
		{name: "main.json"},
		{name: "main.hcl"},
		{name: "tf"},
		{name: ""},
		// The ignore rules look at the name, not the ending; IsConfigFile
		// looks at the ending only.
		{name: ".main.tf", tofu: want{config: true, ignored: true}, terraform: want{config: true, ignored: true}},
		{name: ".terraform.lock.hcl", tofu: want{ignored: true}, terraform: want{ignored: true}},
		{name: "main.tf~", tofu: want{ignored: true}, terraform: want{ignored: true}},
		{name: "#main.tf#", tofu: want{ignored: true}, terraform: want{ignored: true}},
		{name: "#", tofu: want{ignored: true}, terraform: want{ignored: true}},
		{name: "#main.tf", tofu: want{config: true}, terraform: want{config: true}},
		{name: "main#.tf", tofu: want{config: true}, terraform: want{config: true}},
		{name: "~main.tf", tofu: want{config: true}, terraform: want{config: true}},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			prog Program
			want want
		}{{OpenTofu, tt.tofu}, {Terraform, tt.terraform}} {
			opts := Options{Program: c.prog}
			got := want{
				config:   IsConfigFile(tt.name, opts),
				test:     IsTestFile(tt.name, opts),
				override: IsOverride(tt.name, opts),
				ignored:  IsIgnored(tt.name),
			}
			if got != c.want {
				t.Errorf("%s %q: got %+v, want %+v", c.prog, tt.name, got, c.want)
			}
		}
	}
}

func TestTofuTwin(t *testing.T) {
	tests := []struct{ name, want string }{
		{name: "main.tf", want: "main.tofu"},
		{name: "main.tf.json", want: "main.tofu.json"},
		{name: "a.tftest.hcl", want: "a.tofutest.hcl"},
		{name: "a.tftest.json", want: "a.tofutest.json"},
		{name: "x_override.tf", want: "x_override.tofu"},
		{name: "main.tofu", want: ""},
		{name: "main.tofu.json", want: ""},
		{name: "a.tofutest.hcl", want: ""},
		{name: "README.md", want: ""},
	}
	for _, tt := range tests {
		ext, _ := classify(tt.name, OpenTofu)
		if got := tofuTwin(tt.name, ext); got != tt.want {
			t.Errorf("tofuTwin(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestProgram: the program a module is read for (schema's
// TestProgramLanguage tests the language of each file under each).
func TestProgram(t *testing.T) {
	for _, tt := range []struct {
		dir  string
		opts Program
		want Program
	}{
		{"twins", Auto, OpenTofu},     // has .tofu files
		{"parse", Auto, Auto},         // .tf family only, nothing else says
		{"parse", OpenTofu, OpenTofu}, // asked for
		{"twins", Terraform, Terraform},
	} {
		m, _ := Load(filepath.Join("testdata", tt.dir), Options{Program: tt.opts})
		if m.Program != tt.want {
			t.Errorf("Load(%s, %s).Program = %s, want %s", tt.dir, tt.opts, m.Program, tt.want)
		}
		if got := ResolveProgram(tt.opts, filepath.Join("testdata", tt.dir)); got != tt.want {
			t.Errorf("ResolveProgram(%s, %s) = %s, want %s", tt.opts, tt.dir, got, tt.want)
		}
	}
}
