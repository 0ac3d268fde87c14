package schema

import "testing"

func TestProgramString(t *testing.T) {
	for p, want := range map[Program]string{ProgramAuto: "auto", ProgramOpenTofu: "OpenTofu", ProgramTerraform: "Terraform", 9: "Program(9)"} {
		if got := p.String(); got != want {
			t.Errorf("Program(%d).String() = %q, want %q", uint8(p), got, want)
		}
	}
}

// TestProgramLanguage: the language of each file under each program.
func TestProgramLanguage(t *testing.T) {
	for _, tt := range []struct {
		name                  string
		auto, tofu, terraform *Language
	}{
		{"main.tf", Terraform, OpenTofu, Terraform},
		{"main.tf.json", Terraform, OpenTofu, Terraform},
		{"main.tofu", OpenTofu, OpenTofu, Terraform},
		{"main.tofu.json", OpenTofu, OpenTofu, Terraform},
		{"a.tftest.hcl", TerraformTest, TerraformTest, TerraformTest},
		{"a.tfquery.hcl", TerraformQuery, TerraformQuery, TerraformQuery},
		{"x.hcl", nil, nil, nil},
	} {
		for _, c := range []struct {
			p    Program
			want *Language
		}{{ProgramAuto, tt.auto}, {ProgramOpenTofu, tt.tofu}, {ProgramTerraform, tt.terraform}} {
			if got := c.p.Language(tt.name); got != c.want {
				t.Errorf("%s.Language(%q) = %v, want %v", c.p, tt.name, got, c.want)
			}
		}
	}
	for p, want := range map[Program]*Language{ProgramAuto: Terraform, ProgramOpenTofu: OpenTofu, ProgramTerraform: Terraform} {
		if got := p.ConfigLanguage(); got != want {
			t.Errorf("%s.ConfigLanguage() = %v, want %v", p, got, want)
		}
	}
}

// TestParseProgram: the one reader of --program's names.
func TestParseProgram(t *testing.T) {
	for in, want := range map[string]Program{"": ProgramAuto, "auto": ProgramAuto, "AUTO": ProgramAuto, "OpenTofu": ProgramOpenTofu, "tofu": ProgramOpenTofu, "terraform": ProgramTerraform, "Terraform": ProgramTerraform} {
		if got, err := ParseProgram(in); err != nil || got != want {
			t.Errorf("ParseProgram(%q) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"terragrunt", "open tofu", " tofu"} {
		p, err := ParseProgram(in)
		if want := `unknown program "` + in + `": want opentofu (or tofu), terraform or auto`; err == nil || err.Error() != want || p != ProgramAuto {
			t.Errorf("ParseProgram(%q) = %s, %v; want the error %s", in, p, err, want)
		}
	}
}

// TestProgramRoundTrip: every program's name, as String gives it, reads
// back as that program.
func TestProgramRoundTrip(t *testing.T) {
	for _, p := range []Program{ProgramAuto, ProgramOpenTofu, ProgramTerraform} {
		if got, err := ParseProgram(p.String()); err != nil || got != p {
			t.Errorf("ParseProgram(%q) = %s, %v", p.String(), got, err)
		}
	}
}
