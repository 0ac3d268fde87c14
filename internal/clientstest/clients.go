package clientstest

import (
	"os"
	"path/filepath"
	"testing"
)

// The pinned versions, as scripts/build-clients.sh builds them.
const (
	TofuVersion      = "1.12.6"
	TerraformVersion = "1.5.7" // the last MPL release
)

// A Client is one program found: its name ("tofu" or "terraform"), its
// version and the path of its binary.
type Client struct {
	Name, Version, Path string
}

// known maps each client's name to its pinned version and the
// environment variable that may name its binary.
var known = map[string]struct{ version, env string }{
	"tofu":      {TofuVersion, "HCLJSON_TOFU"},
	"terraform": {TerraformVersion, "HCLJSON_TERRAFORM"},
}

// CacheDir is where scripts/build-clients.sh puts the binaries:
// $HCLJSON_CLIENTS, or hcljson/clients under the user's cache directory
// ($XDG_CACHE_HOME, else $HOME/.cache).
func CacheDir() string {
	if dir := os.Getenv("HCLJSON_CLIENTS"); dir != "" {
		return dir
	}
	base := os.Getenv("XDG_CACHE_HOME")
	if base == "" {
		base = filepath.Join(os.Getenv("HOME"), ".cache")
	}
	return filepath.Join(base, "hcljson", "clients")
}

// Version returns the pinned version of the client called name, or ""
// for a name other than "tofu" and "terraform".
func Version(name string) string {
	return known[name].version
}

// Find returns the path of the binary of the client called name ("tofu"
// or "terraform"): the one that $HCLJSON_TOFU or $HCLJSON_TERRAFORM
// names, else NAME-VERSION/NAME in CacheDir. ok is false when that is not
// an executable regular file, or when name is neither.
func Find(name string) (path string, ok bool) {
	k, known := known[name]
	if !known {
		return "", false
	}
	path = os.Getenv(k.env)
	if path == "" {
		path = filepath.Join(CacheDir(), name+"-"+k.version, name)
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return "", false
	}
	return path, true
}

// All returns the clients found, OpenTofu first.
func All() []Client {
	var out []Client
	for _, name := range []string{"tofu", "terraform"} {
		if path, ok := Find(name); ok {
			out = append(out, Client{Name: name, Version: Version(name), Path: path})
		}
	}
	return out
}

// Skip returns the path of the client called name, or skips t with
// Missing's message when it is absent.
func Skip(t testing.TB, name string) string {
	t.Helper()
	path, ok := Find(name)
	if !ok {
		t.Skip(Missing(name))
	}
	return path
}

// Missing says that the client called name is absent and how to get it.
func Missing(name string) string {
	k, ok := known[name]
	if !ok {
		return name + " is not a known client (tofu or terraform)"
	}
	return name + " " + k.version + " not found: build it with scripts/build-clients.sh " + name +
		" (into " + CacheDir() + "), or name a binary in $" + k.env
}
