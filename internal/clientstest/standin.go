package clientstest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
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
	bin, err := buildCached(src, ".", "standin", "terraform-provider-standin")
	if err != nil {
		return "", err
	}
	return filepath.Dir(bin), nil
}

// AnySchema builds the stand-in that serves any schema (the package
// anyschema of the module e2e/provider, whose root is src) into CacheDir,
// once per version of its sources, and returns the path of the binary.
// PluginDir links it under each provider's name.
func AnySchema(src string) (string, error) {
	return buildCached(src, "anyschema", "anyschema", "anyschema")
}

// buildCached builds the package pkg (a directory relative to the module
// root src) into CacheDir()/KIND-HASH/name, where HASH is that of the
// package's Go files (tests left out), go.mod and go.sum, unless it is
// there already, and returns the binary's path.
func buildCached(src, pkg, kind, name string) (string, error) {
	src, err := filepath.Abs(src)
	if err != nil {
		return "", err
	}
	names, err := filepath.Glob(filepath.Join(src, pkg, "*.go"))
	names = slices.DeleteFunc(names, func(n string) bool { return strings.HasSuffix(n, "_test.go") })
	if err != nil || len(names) == 0 {
		return "", fmt.Errorf("no Go files in %s: %v", filepath.Join(src, pkg), err)
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
	dir := filepath.Join(CacheDir(), kind+"-"+hex.EncodeToString(h.Sum(nil))[:16])
	bin := filepath.Join(dir, name)
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "build.")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("go", "build", "-trimpath", "-o", filepath.Join(tmp, "provider"), "./"+filepath.ToSlash(pkg))
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "CGO_ENABLED=0", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the stand-in provider %s: %v\n%s", pkg, err, out)
	}
	if err := os.Rename(filepath.Join(tmp, "provider"), bin); err != nil {
		return "", err
	}
	return bin, nil
}

// A Provider is one provider for the stand-in that serves any schema to
// serve: its source address as a configuration's required_providers
// writes it (hashicorp/aws, integrations/github,
// registry.terraform.io/hashicorp/google) and its schema, one value of
// provider_schemas in the format of providers schema -json.
type Provider struct {
	Source string
	Schema json.RawMessage
}

// PluginDir makes under dir, for each provider, a directory holding bin
// (the stand-in AnySchema builds) linked as terraform-provider-TYPE (TYPE
// is the source address's last part, in lower case: a hard link, or a
// symbolic one across file systems) and schemas.json, a providers schema
// -json document with that provider alone, which the stand-in reads from
// beside the link; and returns the dev_overrides that serve them: each
// source address to its directory. The programs take from a
// dev_overrides directory the first file, in name order, that is
// terraform-provider-TYPE or begins with it followed by "_" or "."
// (providercache.CachedProvider.ExecutableFile in OpenTofu 1.12.6 and
// Terraform 1.5.7), which is the link: one directory per provider keeps
// two providers of the same type (hashicorp/google and a fork) apart.
func PluginDir(dir, bin string, providers []Provider) (map[string]string, error) {
	bin, err := filepath.Abs(bin)
	if err != nil {
		return nil, err
	}
	overrides := map[string]string{}
	for _, p := range providers {
		parts := strings.Split(p.Source, "/")
		typ := strings.ToLower(parts[len(parts)-1])
		if len(parts) < 2 || len(parts) > 3 || typ == "" || slices.Contains(parts, "") {
			return nil, fmt.Errorf("provider source %q is not [HOST/]NAMESPACE/TYPE", p.Source)
		}
		if _, ok := overrides[p.Source]; ok {
			return nil, fmt.Errorf("provider source %q given twice", p.Source)
		}
		pdir, err := filepath.Abs(filepath.Join(dir, strings.ToLower(strings.Join(parts, "+"))))
		if err != nil {
			return nil, err
		}
		if err := os.MkdirAll(pdir, 0o755); err != nil {
			return nil, err
		}
		schema := p.Schema
		if len(schema) == 0 {
			schema = json.RawMessage(`{}`)
		}
		doc, err := json.MarshalIndent(map[string]any{
			"format_version":   "1.0",
			"provider_schemas": map[string]json.RawMessage{p.Source: schema},
		}, "", "  ")
		if err != nil {
			return nil, fmt.Errorf("provider %s: the schema is not JSON: %w", p.Source, err)
		}
		if err := os.WriteFile(filepath.Join(pdir, "schemas.json"), doc, 0o644); err != nil {
			return nil, err
		}
		link := filepath.Join(pdir, "terraform-provider-"+typ)
		if err := os.Remove(link); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		if err := os.Link(bin, link); err != nil {
			if err := os.Symlink(bin, link); err != nil {
				return nil, err
			}
		}
		overrides[p.Source] = pdir
	}
	return overrides, nil
}

// Env returns the environment in which a client runs with home as its
// home directory (made if needed), so that nothing of the user's is read
// or written: a CLI configuration there whose dev_overrides serve the
// stand-in provider (hcljson/standin) from the directory plugins, no
// other TF_ variable of the caller's (nor $HCLJSON_STANDIN_SCHEMAS, which
// would make every stand-in read one file), no checkpoint calls and no
// colour.
func Env(home, plugins string) ([]string, error) {
	return EnvOverrides(home, map[string]string{"hcljson/standin": plugins}, true)
}

// EnvOverrides is Env with the dev_overrides given (provider source
// address to directory, as PluginDir returns them). Without direct, the
// CLI configuration has no other installation method: no provider can be
// installed from anywhere, so that a program that would download one fails
// instead.
func EnvOverrides(home string, overrides map[string]string, direct bool) ([]string, error) {
	if err := os.MkdirAll(home, 0o755); err != nil {
		return nil, err
	}
	rc := filepath.Join(home, "cli.tfrc")
	var config strings.Builder
	config.WriteString("provider_installation {\n  dev_overrides {\n")
	for _, source := range slices.Sorted(maps.Keys(overrides)) {
		fmt.Fprintf(&config, "    %q = %q\n", source, overrides[source])
	}
	config.WriteString("  }\n")
	if direct {
		config.WriteString("  direct {}\n")
	}
	config.WriteString("}\n")
	if err := os.WriteFile(rc, []byte(config.String()), 0o644); err != nil {
		return nil, err
	}
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "TF_") && !slices.Contains([]string{"HOME", "CHECKPOINT_DISABLE", "HCLJSON_STANDIN_SCHEMAS"}, k) {
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+home, "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "NO_COLOR=1"), nil
}
