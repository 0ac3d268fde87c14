package clientstest

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// anySchemaProviders are two providers for the stand-in that serves any
// schema: hashicorp/aws with a provider configuration, nested blocks (a
// list of at most two, holding a single block) and an argument of type
// list of objects, and integrations/github, whose type is not its
// namespace's.
var anySchemaProviders = []Provider{
	{Source: "hashicorp/aws", Schema: json.RawMessage(`{
  "provider": {"version": 0, "block": {"attributes": {"region": {"type": "string", "optional": true}}}},
  "resource_schemas": {"aws_thing": {"version": 0, "block": {
    "attributes": {
      "name": {"type": "string", "required": true},
      "arn": {"type": "string", "computed": true},
      "rules": {"type": ["list", ["object", {"port": "number", "cidrs": ["list", "string"]}]], "optional": true}
    },
    "block_types": {
      "setting": {"nesting_mode": "list", "max_items": 2, "block": {
        "attributes": {"key": {"type": "string", "required": true}, "value": {"type": "string", "optional": true}},
        "block_types": {"step": {"nesting_mode": "single", "block": {"attributes": {"run": {"type": "string", "optional": true}}}}}
      }}
    }
  }}},
  "data_source_schemas": {"aws_thing_info": {"version": 0, "block": {"attributes": {"id": {"type": "string", "optional": true}, "size": {"type": "number", "computed": true}}}}}
}`)},
	{Source: "integrations/github", Schema: json.RawMessage(`{
  "provider": {"version": 0, "block": {}},
  "resource_schemas": {"github_repository": {"version": 0, "block": {"attributes": {"name": {"type": "string", "required": true}}}}}
}`)},
}

const anySchemaValid = `terraform {
  required_providers {
    aws    = { source = "hashicorp/aws" }
    github = { source = "integrations/github" }
  }
}

provider "aws" {
  region = "eu-west-1"
}

data "aws_thing_info" "i" {
  id = "x"
}

resource "aws_thing" "a" {
  name  = "a-${data.aws_thing_info.i.size}"
  rules = [{ port = 80, cidrs = ["10.0.0.0/8"] }]

  setting {
    key = "k"
    step {
      run = "x"
    }
  }
}

resource "github_repository" "r" {
  name = aws_thing.a.arn
}

output "port" {
  value = aws_thing.a.rules[0].port
}
`

// TestAnySchema serves two providers' schemas through the stand-in
// (AnySchema, PluginDir, EnvOverrides) and runs validate -json of each
// client built: a valid module is valid, and a misspelled argument in a
// nested block is the one error "Unsupported argument" on its line.
func TestAnySchema(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the stand-in provider")
	}
	all := All()
	if len(all) == 0 {
		t.Skip(Missing("tofu"))
	}
	bin, err := AnySchema(filepath.Join("..", "..", "e2e", "provider"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	overrides, err := PluginDir(filepath.Join(work, "plugins"), bin, anySchemaProviders)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range anySchemaProviders {
		typ := p.Source[strings.LastIndexByte(p.Source, '/')+1:]
		if _, err := os.Stat(filepath.Join(overrides[p.Source], "terraform-provider-"+typ)); err != nil {
			t.Errorf("%s: %v", p.Source, err)
		}
	}
	// No installation method but the overrides: nothing is downloaded.
	env, err := EnvOverrides(filepath.Join(work, "home"), overrides, false)
	if err != nil {
		t.Fatal(err)
	}
	misspelled := strings.Replace(anySchemaValid, `    key = "k"`, `    key = "k"`+"\n    valeu = \"v\"", 1)
	line := 1 + slices.Index(strings.Split(misspelled, "\n"), `    valeu = "v"`)
	for _, c := range all {
		t.Run(c.Name, func(t *testing.T) {
			for name, src := range map[string]string{"valid": anySchemaValid, "misspelled": misspelled} {
				dir := filepath.Join(work, c.Name, name)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
					t.Fatal(err)
				}
				cmd := exec.Command(c.Path, "validate", "-json", "-no-color")
				cmd.Dir, cmd.Env = dir, env
				out, err := cmd.Output()
				if _, exit := err.(*exec.ExitError); err != nil && !exit {
					t.Fatal(err)
				}
				var v struct {
					Valid       bool `json:"valid"`
					Diagnostics []struct {
						Severity, Summary, Detail string
						Range                     *struct {
							Filename string
							Start    struct{ Line int }
						}
					}
				}
				if err := json.Unmarshal(out, &v); err != nil {
					t.Fatalf("%s: validate -json: %v\n%s", name, err, out)
				}
				var errs []string
				for _, d := range v.Diagnostics {
					if d.Severity != "error" {
						continue
					}
					e := d.Summary + ": " + d.Detail
					if d.Range != nil {
						e = d.Range.Filename + ":" + strconv.Itoa(d.Range.Start.Line) + ": " + e
					}
					errs = append(errs, e)
				}
				var want []string
				if name == "misspelled" {
					want = []string{"main.tf:" + strconv.Itoa(line) + `: Unsupported argument: An argument named "valeu" is not expected here. Did you mean "value"?`}
				}
				if !slices.Equal(errs, want) || v.Valid != (want == nil) {
					t.Errorf("%s: valid %v, errors %q; want %q\n%s", name, v.Valid, errs, want, out)
				}
			}
		})
	}
}

// TestPluginDir checks the directories PluginDir makes and the addresses
// it refuses.
func TestPluginDir(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "anyschema")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	overrides, err := PluginDir(filepath.Join(dir, "plugins"), bin, []Provider{
		{Source: "registry.terraform.io/Hashicorp/Google", Schema: json.RawMessage(`{"provider": {"version": 0, "block": {}}}`)},
		{Source: "someone/google"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"registry.terraform.io/Hashicorp/Google": filepath.Join(dir, "plugins", "registry.terraform.io+hashicorp+google"),
		"someone/google":                         filepath.Join(dir, "plugins", "someone+google"),
	}
	if len(overrides) != len(want) {
		t.Errorf("overrides %v, want %v", overrides, want)
	}
	for source, pdir := range want {
		if overrides[source] != pdir {
			t.Errorf("%s: %q, want %q", source, overrides[source], pdir)
		}
		if fi, err := os.Stat(filepath.Join(pdir, "terraform-provider-google")); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("%s: the link: %v", source, err)
		}
		var doc struct {
			ProviderSchemas map[string]any `json:"provider_schemas"`
		}
		b, err := os.ReadFile(filepath.Join(pdir, "schemas.json"))
		if err == nil {
			err = json.Unmarshal(b, &doc)
		}
		if _, ok := doc.ProviderSchemas[source]; err != nil || len(doc.ProviderSchemas) != 1 || !ok {
			t.Errorf("%s: schemas.json: %v\n%s", source, err, b)
		}
	}
	env, err := EnvOverrides(filepath.Join(dir, "home"), overrides, false)
	if err != nil {
		t.Fatal(err)
	}
	rc, err := os.ReadFile(filepath.Join(dir, "home", "cli.tfrc"))
	if err != nil {
		t.Fatal(err)
	}
	wantRC := "provider_installation {\n  dev_overrides {\n" +
		"    \"registry.terraform.io/Hashicorp/Google\" = \"" + want["registry.terraform.io/Hashicorp/Google"] + "\"\n" +
		"    \"someone/google\" = \"" + want["someone/google"] + "\"\n  }\n}\n"
	if string(rc) != wantRC {
		t.Errorf("cli.tfrc:\n%s\nwant:\n%s", rc, wantRC)
	}
	if !slices.Contains(env, "TF_CLI_CONFIG_FILE="+filepath.Join(dir, "home", "cli.tfrc")) {
		t.Errorf("env %q", env)
	}
	for _, bad := range [][]Provider{{{Source: "aws"}}, {{Source: "a/b/c/d"}}, {{Source: "hashicorp/"}}, {{Source: "x/y"}, {Source: "x/y"}}} {
		if _, err := PluginDir(filepath.Join(dir, "bad"), bin, bad); err == nil {
			t.Errorf("PluginDir(%v) accepted", bad)
		}
	}
}
