package validatedifftest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// CacheRoot is where the clients' results are kept:
// $HCLJSON_VALIDATEDIFF_CACHE, else validatediff beside the clients'
// cache (~/.cache/hcljson/validatediff).
func CacheRoot() string {
	if dir := os.Getenv("HCLJSON_VALIDATEDIFF_CACHE"); dir != "" {
		return dir
	}
	return filepath.Join(filepath.Dir(clientstest.CacheDir()), "validatediff")
}

// A Runner validates variants with one client, one at a time, under
// nice, and keeps each result in its cache, so that a variant already
// validated costs nothing.
type Runner struct {
	Client clientstest.Client
	// Env is the client's environment (clientstest.Env).
	Env []string
	// Work is a directory in which each variant is written, and removed
	// after.
	Work string
	// Salt is what else the results depend on: the stand-in provider's
	// build (its directory's name).
	Salt string
	// Ran and Cached count the variants validated and those read from
	// the cache.
	Ran, Cached int
}

// dir is the runner's directory in the cache: NAME-VERSION.
func (r *Runner) dir() string {
	return filepath.Join(CacheRoot(), r.Client.Name+"-"+r.Client.Version)
}

// key is the SHA-256 of v's files with the salt.
func (r *Runner) key(v *Variant) string {
	h := sha256.Sum256([]byte(r.Salt + "\x00" + v.Hash()))
	return hex.EncodeToString(h[:])
}

// IsCached reports whether the client's result for v is in the cache.
func (r *Runner) IsCached(v *Variant) bool {
	_, err := os.Stat(filepath.Join(r.dir(), r.key(v)+".json"))
	return err == nil
}

// Validate returns the client's result for v, from the cache or by
// running get (when v has a local module) and validate -json.
func (r *Runner) Validate(v *Variant) (*Result, error) {
	key := r.key(v)
	cached := filepath.Join(r.dir(), key+".json")
	dir := filepath.Join(r.Work, key[:16])
	if b, err := os.ReadFile(cached); err == nil {
		if res, err := ParseResult(b, dir); err == nil {
			r.Cached++
			return res, nil
		}
	}
	if err := Write(v, dir); err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	defer os.RemoveAll(dir + ".data")
	env := append(r.Env[:len(r.Env):len(r.Env)], "TF_DATA_DIR="+dir+".data")
	if v.HasModules() {
		// get installs the local modules; what fails there, validate
		// says again.
		_, _, _ = runNice(env, dir, r.Client.Path, "get", "-no-color")
	}
	out, stderr, err := runNice(env, dir, r.Client.Path, "validate", "-json", "-no-color")
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return nil, err
	}
	res, perr := ParseResult(out, dir)
	if perr != nil {
		return nil, fmt.Errorf("%s validate in %s: %v: %v\n%s", r.Client.Name, dir, err, perr, stderr)
	}
	for _, d := range res.Diagnostics {
		if strings.Contains(d.Summary, "plugin") && strings.Contains(d.Detail, "hcljson/standin") {
			// The stand-in did not start: not the variant's fault.
			return nil, fmt.Errorf("%s validate in %s: %s: %s", r.Client.Name, dir, d.Summary, d.Detail)
		}
	}
	r.Ran++
	if err := os.MkdirAll(r.dir(), 0o755); err != nil {
		return nil, err
	}
	tmp := cached + ".tmp"
	if err := os.WriteFile(tmp, out, 0o644); err != nil {
		return nil, err
	}
	return res, os.Rename(tmp, cached)
}

// ProviderSchema returns the path of the stand-in's schema as the
// client's providers schema -json writes it, made once per build of the
// stand-in and kept in the cache.
func (r *Runner) ProviderSchema() (string, error) {
	path := filepath.Join(r.dir(), "schema-"+r.Salt+".json")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	base, err := ReadBase(CaseDir)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(r.Work, "schema")
	if err := Write(&Variant{Files: base}, dir); err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	defer os.RemoveAll(dir + ".data")
	env := append(r.Env[:len(r.Env):len(r.Env)], "TF_DATA_DIR="+dir+".data")
	_, _, _ = runNice(env, dir, r.Client.Path, "get", "-no-color")
	out, stderr, err := runNice(env, dir, r.Client.Path, "providers", "schema", "-json")
	if err != nil {
		return "", fmt.Errorf("%s providers schema -json: %v\n%s", r.Client.Name, err, stderr)
	}
	if err := os.MkdirAll(r.dir(), 0o755); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, out, 0o644)
}

// Write writes v's files into dir, emptied first.
func Write(v *Variant, dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for p, src := range v.Files {
		name := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// runNice runs name with args in dir at the lowest priority (nice -n
// 19, when there is a nice) and returns both outputs.
func runNice(env []string, dir, name string, args ...string) (stdout, stderr []byte, err error) {
	if nice, lerr := exec.LookPath("nice"); lerr == nil {
		args = append([]string{"-n", "19", name}, args...)
		name = nice
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	return o.Bytes(), e.Bytes(), err
}
