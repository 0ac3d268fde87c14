package module

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/internal/nesting"
)

// The files that "init" leaves in a module directory, which name the
// registry it installed the providers from: each program has its own
// default registry, and writes its host in full.
const (
	// lockFile is the dependency lock file; each provider block is
	// labelled with the provider's address, "HOST/NAMESPACE/TYPE".
	lockFile = ".terraform.lock.hcl"
	// dataDir holds the installed providers in providers/HOST/....
	dataDir = ".terraform"

	tofuRegistry      = "registry.opentofu.org"
	terraformRegistry = "registry.terraform.io"

	// maxLockSize bounds the lock file read for evidence: a larger one
	// is no evidence (a real one is a few kilobytes per provider).
	maxLockSize = 1 << 20
)

// evidence returns the program that the files "init" left in dir name:
// OpenTofu or Terraform when the lock file and the installed providers
// name the registry of one program (or only one of them is there and
// names one), Auto when neither is there, neither names a program's
// registry, or they name different programs. l is dir's listing; limit,
// when positive, bounds the lock file's size further.
func evidence(dir string, l *listing, limit int64) Program {
	var lock, installed Program
	if l.lockFile {
		if limit <= 0 || limit > maxLockSize {
			limit = maxLockSize
		}
		lock = lockProgram(filepath.Join(dir, lockFile), limit)
	}
	if l.dataDir {
		installed = installedProgram(filepath.Join(dir, dataDir, "providers"))
	}
	switch {
	case lock == Auto:
		return installed
	case installed == Auto, installed == lock:
		return lock
	}
	return Auto
}

// lockProgram returns the program whose registry the lock file at path
// names (see hostsProgram), Auto when it cannot be read or parsed.
func lockProgram(path string, limit int64) Program {
	src, _, err := ReadFile(path, limit)
	if err != nil {
		return Auto
	}
	f, diags := nesting.ParseConfig(src, path, hcl.InitialPos)
	body, ok := f.Body.(*hclsyntax.Body)
	if diags.HasErrors() || !ok {
		return Auto
	}
	var hosts []string
	for _, b := range body.Blocks {
		if b.Type == "provider" && len(b.Labels) == 1 {
			host, _, _ := strings.Cut(b.Labels[0], "/")
			hosts = append(hosts, host)
		}
	}
	return hostsProgram(hosts)
}

// installedProgram returns the program whose registry the providers
// installed in dir (a .terraform/providers directory, one directory per
// host) come from, Auto when there are none.
func installedProgram(dir string) Program {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Auto
	}
	var hosts []string
	for _, e := range entries {
		hosts = append(hosts, e.Name())
	}
	return hostsProgram(hosts)
}

// hostsProgram returns OpenTofu when hosts hold OpenTofu's registry,
// otherwise Terraform when they hold Terraform's, otherwise Auto.
// OpenTofu wins: Terraform installs from OpenTofu's registry only when a
// source names it by its host, while OpenTofu installs from Terraform's
// registry whenever a source names that host (a lock file of OpenTofu's
// may hold both).
func hostsProgram(hosts []string) Program {
	p := Auto
	for _, h := range hosts {
		switch strings.ToLower(h) {
		case tofuRegistry:
			return OpenTofu
		case terraformRegistry:
			p = Terraform
		}
	}
	return p
}
