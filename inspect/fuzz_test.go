package inspect

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/scanner"
	"github.com/hcljson/hcljson/schema"
	"golang.org/x/tools/txtar"
)

// fuzzSeedDirs hold the configuration files whose pieces seed FuzzFiles:
// this package's modules, the validator's cases (txtar), the examples,
// and OpenTofu's own JSON fixtures (../shared/corpus, copied under
// hcljson's testdata).
var fuzzSeedDirs = []string{
	"testdata",
	"../validate/testdata",
	"../testdata/examples",
	"../hcljson/testdata/fuzz/corpus",
}

// fuzzMaxInput is the size above which FuzzFiles does not run an input,
// and a fixture is given to the fuzzer in pieces only. The fuzzer
// minimizes every new interesting input, running it again for each piece
// it tries to remove, for up to a minute: with whole modules of several
// kilobytes as seeds, the worker spent its time minimizing (10 inputs run
// in 3 minutes), and minimizing takes time quadratic in the input's length
// (it tries removing every range of bytes). An input longer than this is
// not interesting, so a mutation that grows one is dropped rather than
// minimized. With 512 bytes rather than 1,024, a 3-minute run on one
// worker made 609,000 runs instead of 343,000, and found 345 new
// interesting inputs instead of 231.
const fuzzMaxInput = 512

// FuzzFiles checks that any file, read as native syntax or as JSON (json)
// for Terraform or OpenTofu (tofu), gives a representation that marshals
// to valid JSON and summarizes as text, with errors that point into the
// file, and never a panic. Child modules are not read (ReadDir returns
// nothing), and nothing else touches the file system for the language.
//
// The seeds are small: each top-level block (and JSON property) of the
// fixtures on its own, and the fixtures of at most fuzzMaxInput bytes
// whole, so that mutations stay cheap to run and to minimize.
func FuzzFiles(f *testing.F) {
	seeds := fuzzSeeds(f)
	if len(seeds) < 300 {
		f.Fatalf("only %d seeds", len(seeds))
	}
	for _, s := range seeds {
		f.Add([]byte(s.src), s.json, s.tofu)
	}
	dir := filepath.Join(os.TempDir(), "inspect-fuzz-no-such-dir")
	noRead := func(string) ([]*hcl.File, hcl.Diagnostics) { return nil, nil }
	f.Fuzz(func(t *testing.T, src []byte, isJSON, tofu bool) {
		if len(src) > fuzzMaxInput {
			return
		}
		var file *hcl.File
		name := "f.tf"
		if isJSON {
			name = "f.tf.json"
			file, _ = hcljson.Parse(src, name)
		} else {
			file, _ = hclsyntax.ParseConfig(src, name, hcl.InitialPos)
		}
		opts := Options{Program: module.Terraform, Language: schema.Terraform, ReadDir: noRead}
		if tofu {
			opts.Program, opts.Language = module.OpenTofu, schema.OpenTofu
		}
		cfg, diags := Files(dir, []*hcl.File{file}, opts)
		var out bytes.Buffer
		if err := WriteJSON(&out, cfg, false); err != nil {
			t.Fatalf("WriteJSON: %v", err)
		}
		if !json.Valid(out.Bytes()) {
			t.Fatalf("WriteJSON wrote invalid JSON: %s", out.Bytes())
		}
		out.Reset()
		if err := WriteText(&out, cfg); err != nil {
			t.Fatalf("WriteText: %v", err)
		}
		for _, d := range diags {
			if d.Subject != nil && d.Subject.Filename != name {
				t.Errorf("diagnostic %q points at %q", d.Summary, d.Subject.Filename)
			}
		}
	})
}

// fuzzSeed is one seed of FuzzFiles.
type fuzzSeed struct {
	src        string
	json, tofu bool
}

// fuzzSeeds returns the seeds of FuzzFiles: every configuration file of
// fuzzSeedDirs (and of their txtar archives) cut into its top-level
// items, plus the small files whole, without repetitions, in a stable
// order.
func fuzzSeeds(tb testing.TB) []fuzzSeed {
	seen := map[fuzzSeed]bool{}
	var seeds []fuzzSeed
	add := func(name string, src []byte) {
		end := schema.EndingOf(name)
		if end.Kind != schema.ConfigFile {
			return
		}
		base := fuzzSeed{json: end.JSON, tofu: end.Tofu}
		pieces := append(topLevelPieces(src, end.JSON), string(src))
		for _, p := range pieces {
			if len(p) > fuzzMaxInput {
				continue
			}
			s := base
			s.src = p
			if !seen[s] {
				seen[s] = true
				seeds = append(seeds, s)
			}
		}
	}
	for _, dir := range fuzzSeedDirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if strings.HasSuffix(path, ".txtar") {
				for _, file := range txtar.Parse(src).Files {
					add(file.Name, file.Data)
				}
				return nil
			}
			add(path, src)
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
	}
	// The inputs that found bugs before the seeds were cut small.
	seeds = append(seeds,
		fuzzSeed{src: `{"resource": {"a_b": {"c": {"dynamic": {"x": {"content": {"dynamic": 1}}}}}}}`, json: true},
		fuzzSeed{src: "resource \"a_b\" \"c\" {\n  provider = x.y[each.key]\n  lifecycle {\n    ignore_changes = all\n  }\n}\n"},
	)
	slices.SortStableFunc(seeds, func(a, b fuzzSeed) int { return len(a.src) - len(b.src) })
	return seeds
}

// topLevelPieces cuts a configuration file into its top-level items,
// each a file of its own: a native file's blocks and arguments as
// written, a JSON object's properties each in an object of its own. A
// file that does not parse gives no pieces.
func topLevelPieces(src []byte, isJSON bool) []string {
	var pieces []string
	if isJSON {
		doc := scanner.Parse(src, scanner.Options{})
		if len(doc.Errors) > 0 || len(doc.Nodes) == 0 || doc.Nodes[0].Kind() != scanner.Object {
			return nil
		}
		for k, v := range doc.Members(0) {
			pieces = append(pieces, "{"+string(doc.Raw(k))+": "+string(doc.Raw(v))+"}")
		}
		return pieces
	}
	file, diags := hclsyntax.ParseConfig(src, "f.tf", hcl.InitialPos)
	if diags.HasErrors() {
		return nil
	}
	body := file.Body.(*hclsyntax.Body)
	var ranges []hcl.Range
	for _, a := range body.Attributes {
		ranges = append(ranges, a.SrcRange)
	}
	for _, b := range body.Blocks {
		ranges = append(ranges, b.Range())
	}
	for _, r := range ranges {
		pieces = append(pieces, string(src[r.Start.Byte:r.End.Byte])+"\n")
	}
	return pieces
}
