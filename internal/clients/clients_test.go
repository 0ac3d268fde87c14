package clients

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFind(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("HCLJSON_CLIENTS", dir)
	t.Setenv("HCLJSON_TOFU", "")
	t.Setenv("HCLJSON_TERRAFORM", "")
	if _, ok := Find("tofu"); ok {
		t.Fatal("Find(tofu) in an empty cache")
	}
	bin := filepath.Join(dir, "tofu-"+TofuVersion, "tofu")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := Find("tofu"); ok {
		t.Error("Find(tofu) took a file that is not executable")
	}
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if c, ok := Find("tofu"); !ok || c.Path != bin || c.Version != TofuVersion {
		t.Errorf("Find(tofu) = %+v, %v; want %s", c, ok, bin)
	}
	other := filepath.Join(t.TempDir(), "terraform")
	if err := os.WriteFile(other, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HCLJSON_TERRAFORM", other)
	if c, ok := Find("terraform"); !ok || c.Path != other {
		t.Errorf("Find(terraform) = %+v, %v; want %s from $HCLJSON_TERRAFORM", c, ok, other)
	}
	if got := All(); len(got) != 2 || got[0].Name != "tofu" || got[1].Name != "terraform" {
		t.Errorf("All() = %+v", got)
	}
	if _, ok := Find("terragrunt"); ok {
		t.Error("Find(terragrunt)")
	}
	if got, want := Missing("tofu"), "tofu not found: build it with scripts/build-clients.sh tofu (into "+dir+"), or name a binary in $HCLJSON_TOFU"; got != want {
		t.Errorf("Missing(tofu) = %q, want %q", got, want)
	}
}
