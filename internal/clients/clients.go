package clients

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

// A Client is one program: its name ("tofu" or "terraform"), version and
// binary.
type Client struct {
	Name, Version, Path string
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

// Find returns the client called name ("tofu" or "terraform"): the binary
// that $HCLJSON_TOFU or $HCLJSON_TERRAFORM names, else the one in
// CacheDir, if it is an executable file.
func Find(name string) (Client, bool) {
	var env, version string
	switch name {
	case "tofu":
		env, version = "HCLJSON_TOFU", TofuVersion
	case "terraform":
		env, version = "HCLJSON_TERRAFORM", TerraformVersion
	default:
		return Client{}, false
	}
	path := os.Getenv(env)
	if path == "" {
		path = filepath.Join(CacheDir(), name+"-"+version, name)
	}
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0 {
		return Client{}, false
	}
	return Client{Name: name, Version: version, Path: path}, true
}

// All returns the clients found, OpenTofu first.
func All() []Client {
	var out []Client
	for _, name := range []string{"tofu", "terraform"} {
		if c, ok := Find(name); ok {
			out = append(out, c)
		}
	}
	return out
}

// Need returns the client called name, or skips t with a message saying
// how to build it.
func Need(t testing.TB, name string) Client {
	t.Helper()
	c, ok := Find(name)
	if !ok {
		t.Skip(Missing(name))
	}
	return c
}

// Missing says that the client called name is absent and how to get it.
func Missing(name string) string {
	return name + " not found: build it with scripts/build-clients.sh " + name +
		" (into " + CacheDir() + "), or name a binary in $HCLJSON_" + map[string]string{"tofu": "TOFU", "terraform": "TERRAFORM"}[name]
}
