package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// schemaTimeout bounds one run of "providers schema -json": the program
// starts every provider of the lock file, which takes seconds, not
// minutes.
const schemaTimeout = 2 * time.Minute

// found is the outcome of looking for a directory's provider schemas. Its
// why is empty when there was nowhere to look (no providers installed, no
// program on PATH).
type found struct {
	// data are the schemas (nil when none were found), and file the
	// cache file that holds them ("" when they could not be cached).
	data []byte
	file string
	// why says how they were found, or why not, for the summary.
	why string
}

// discoverSchemas looks for the provider schemas of the module in dir,
// whose program is p, without downloading anything and without init: in
// a directory whose providers init installed (.terraform/providers),
// with the program on PATH (tofu for OpenTofu, terraform for Terraform;
// when nothing says which, the registry of the lock file's providers, then
// whichever is found, tofu first), it runs "PROGRAM providers schema
// -json" there once and keeps the output in the user cache directory,
// keyed by the lock file's content (without one, the list of what init
// installed) and the program's path, size and time, so
// that later runs read it. lookPath and cacheDir are exec.LookPath and
// os.UserCacheDir but in tests.
func discoverSchemas(dir string, p module.Program, lookPath func(string) (string, error), cacheDir func() (string, error)) found {
	lock, lockErr := os.ReadFile(filepath.Join(dir, ".terraform.lock.hcl"))
	installed := installedProviders(filepath.Join(dir, ".terraform", "providers"))
	if installed == nil {
		return found{} // not initialized: nothing to say
	}
	if lockErr != nil {
		lock = installed // the key: what init installed
	}
	bin, name := schemaProgram(lock, p, lookPath)
	if bin == "" {
		return found{} // no program to ask: nothing to say
	}
	st, err := os.Stat(bin)
	if err != nil {
		return found{why: err.Error()}
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00", bin, st.Size(), st.ModTime().UnixNano())
	h.Write(lock)
	key := hex.EncodeToString(h.Sum(nil))[:32]
	var cache string
	if base, err := cacheDir(); err == nil {
		cache = filepath.Join(base, "hcljson", "provider-schemas", key+".json")
		if data, err := os.ReadFile(cache); err == nil {
			if _, err := schema.ReadProviderSchemas(data); err == nil {
				return found{data: data, file: cache, why: fmt.Sprintf("%q (cached)", name+" providers schema -json")}
			}
		}
	}
	out, err := runSchemas(dir, bin)
	if err != nil {
		return found{why: fmt.Sprintf("%q failed: %v", name+" providers schema -json", err)}
	}
	if _, err := schema.ReadProviderSchemas(out); err != nil {
		return found{why: fmt.Sprintf("%q wrote no provider schemas: %v", name+" providers schema -json", err)}
	}
	f := found{data: out, why: fmt.Sprintf("%q", name+" providers schema -json")}
	if cache != "" && writeCache(cache, out) == nil {
		f.file = cache
	}
	return f
}

// installedProviders lists what init installed in dir (.terraform/providers),
// each file's path, size and time, or returns nil when it has nothing.
// mayBeInitialized reports whether dir may hold installed providers
// (.terraform/providers is a directory), without which discoverSchemas
// finds nothing: check then neither resolves the directory's program
// for it (a listing of the directory) nor reads its lock file.
func mayBeInitialized(dir string) bool {
	fi, err := os.Lstat(filepath.Join(dir, ".terraform", "providers"))
	return err == nil && fi.IsDir()
}

func installedProviders(dir string) []byte {
	var b []byte
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if info, err := d.Info(); err == nil && path != dir {
			b = fmt.Appendf(b, "%s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	return b
}

// schemaProgram returns the path of the program whose "providers schema
// -json" reads the directory with the lock file lock, and its name.
func schemaProgram(lock []byte, p module.Program, lookPath func(string) (string, error)) (string, string) {
	var names []string
	switch {
	case p == module.OpenTofu:
		names = []string{"tofu"}
	case p == module.Terraform:
		names = []string{"terraform"}
	case bytes.Contains(lock, []byte(`"registry.terraform.io/`)) && !bytes.Contains(lock, []byte(`"registry.opentofu.org/`)):
		names = []string{"terraform", "tofu"}
	default:
		names = []string{"tofu", "terraform"}
	}
	for _, n := range names {
		if bin, err := lookPath(n); err == nil {
			if abs, err := filepath.Abs(bin); err == nil {
				bin = abs
			}
			return bin, n
		}
	}
	return "", ""
}

// runSchemas runs "bin providers schema -json" in dir, with nothing of
// the terminal's: no input, no colour, no checkpoint call.
func runSchemas(dir, bin string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), schemaTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "providers", "schema", "-json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1", "NO_COLOR=1", "TF_INPUT=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, fmt.Errorf("no answer in %s", schemaTimeout)
	}
	if err != nil {
		msg := firstLine(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	return stdout.Bytes(), nil
}

// firstLine returns the first line of s that says something, without the
// box drawing of the programs' diagnostics.
func firstLine(s string) string {
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(strings.Trim(strings.TrimSpace(line), "╷│╵"))
		if line != "" {
			return line
		}
	}
	return ""
}

// writeCache writes data to the cache file name, whole or not at all.
func writeCache(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(f.Name())
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}

// discoveryDir returns the one directory that the paths of a check are
// in (a directory named, or the directory of a file named), for the
// discovery of its provider schemas; false when they are in several, or
// none (standard input).
func discoveryDir(paths []string) (string, bool) {
	dir := ""
	for _, p := range paths {
		if p == "-" {
			continue
		}
		d := p
		if fi, err := os.Stat(p); err != nil {
			return "", false
		} else if !fi.IsDir() {
			d = filepath.Dir(p)
		}
		d = filepath.Clean(d)
		if dir != "" && d != dir {
			return "", false
		}
		dir = d
	}
	return dir, dir != ""
}

// uncheckedProviders returns, sorted, the local names of the providers
// whose resources, data sources or ephemeral resources the files declare
// and whose schemas the run does not have (all of them without provider
// schemas): their arguments are not checked. The built-in provider
// (terraform_data, terraform_remote_state) is always known.
func uncheckedProviders(files map[string]*hcl.File, l *languages) []string {
	known := map[string]bool{"terraform": true}
	if l.providers != nil {
		for address := range l.providers.Schemas {
			known[address[strings.LastIndexByte(address, '/')+1:]] = true
		}
	}
	s := &hcl.BodySchema{Blocks: []hcl.BlockHeaderSchema{
		{Type: "resource", LabelNames: []string{"type", "name"}},
		{Type: "data", LabelNames: []string{"type", "name"}},
		{Type: "ephemeral", LabelNames: []string{"type", "name"}},
	}}
	attrs := &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "provider"}}}
	missing := map[string]bool{}
	for _, f := range files {
		if f == nil || f.Body == nil {
			continue
		}
		content, _, _ := f.Body.PartialContent(s)
		if content == nil {
			continue
		}
		for _, b := range content.Blocks {
			name := b.Labels[0]
			if i := strings.IndexByte(name, '_'); i > 0 {
				name = name[:i]
			}
			if c, _, _ := b.Body.PartialContent(attrs); c != nil && c.Attributes["provider"] != nil {
				if t, diags := hcl.AbsTraversalForExpr(c.Attributes["provider"].Expr); !diags.HasErrors() {
					name = t.RootName()
				}
			}
			if !known[name] {
				missing[name] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(missing))
}

// schemaNote says, for the summary of a check, which providers' arguments
// went unchecked and why, or where the schemas were found; "" when there
// is nothing to say.
func schemaNote(unchecked []string, given bool, f found) string {
	if len(unchecked) == 0 {
		if f.data != nil {
			return "provider schemas from " + f.why
		}
		return ""
	}
	n := plural(len(unchecked), "provider")
	if given || f.data != nil {
		return fmt.Sprintf("resource arguments not checked: the provider schemas have none for %s (%s)", n, strings.Join(unchecked, ", "))
	}
	note := fmt.Sprintf("resource arguments not checked: no schema for %s (%s); see --provider-schema", n, strings.Join(unchecked, ", "))
	if f.why != "" {
		note += " (none found: " + f.why + ")"
	}
	return note
}
