package clients

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// StandIn builds the stand-in provider whose sources are in the
// directory src (the module e2e/provider) into CacheDir, once per
// version of its sources (a hash of its Go files, go.mod and go.sum), and
// returns the directory that dev_overrides names: it holds
// terraform-provider-standin.
func StandIn(src string) (string, error) {
	src, err := filepath.Abs(src)
	if err != nil {
		return "", err
	}
	names, err := filepath.Glob(filepath.Join(src, "*.go"))
	if err != nil || len(names) == 0 {
		return "", fmt.Errorf("no Go files in %s: %v", src, err)
	}
	names = append(names, filepath.Join(src, "go.mod"), filepath.Join(src, "go.sum"))
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(name), len(b))
		h.Write(b)
	}
	dir := filepath.Join(CacheDir(), "standin-"+hex.EncodeToString(h.Sum(nil))[:16])
	bin := filepath.Join(dir, "terraform-provider-standin")
	if _, err := os.Stat(bin); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "build.")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(tmp, "provider"), ".")
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "CGO_ENABLED=0", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the stand-in provider: %v\n%s", err, out)
	}
	if err := os.Rename(filepath.Join(tmp, "provider"), bin); err != nil {
		return "", err
	}
	return dir, nil
}

// Env returns the environment in which a client runs with home as its
// home directory (made if needed), so that nothing of the user's is read
// or written: a CLI configuration there whose dev_overrides serve the
// stand-in provider (hcljson/standin) from the directory plugins, no
// other TF_ variable of the caller's, no checkpoint calls and no colour.
func Env(home, plugins string) ([]string, error) {
	if err := os.MkdirAll(home, 0o755); err != nil {
		return nil, err
	}
	rc := filepath.Join(home, "cli.tfrc")
	config := fmt.Sprintf("provider_installation {\n  dev_overrides {\n    \"hcljson/standin\" = %q\n  }\n  direct {}\n}\n", plugins)
	if err := os.WriteFile(rc, []byte(config), 0o644); err != nil {
		return nil, err
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "TF_") && !slices.Contains([]string{"HOME", "CHECKPOINT_DISABLE"}, k) {
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+home, "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "NO_COLOR=1"), nil
}
