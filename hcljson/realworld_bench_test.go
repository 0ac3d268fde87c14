package hcljson_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/funcs"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/tfgentest"
)

// realWorldStride keeps every realWorldStride-th file of the corpus, in
// path order, so that the oracle's run stays short while the mix of sizes
// stays the corpus's.
const realWorldStride = 10

type realWorldFile struct {
	name string
	src  []byte
}

var realWorld = sync.OnceValues(func() ([]realWorldFile, *hcl.EvalContext) {
	dir := os.Getenv("HCLJSON_REALWORLD_JSON")
	if dir == "" {
		return nil, nil
	}
	var paths []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".tf.json") {
			paths = append(paths, path)
		}
		return nil
	})
	slices.Sort(paths)
	var files []realWorldFile
	for i := 0; i < len(paths); i += realWorldStride {
		src, err := os.ReadFile(paths[i])
		if err != nil {
			continue
		}
		files = append(files, realWorldFile{paths[i], src})
	}
	return files, realWorldContext(files)
})

// realWorldContext is a context in which every reference of the files
// evaluates: each root name the templates refer to is an unknown value of
// any type (a real loader knows none of them either), and the functions
// are OpenTofu's.
func realWorldContext(files []realWorldFile) *hcl.EvalContext {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: funcs.Table(funcs.OpenTofu112)}
	for _, f := range files {
		file, _ := hcljson.Parse(f.src, f.name)
		if file == nil {
			continue
		}
		// Every top-level property read as an attribute holds every
		// string of the file.
		attrs, _ := file.Body.JustAttributes()
		for _, a := range attrs {
			for _, t := range a.Expr.Variables() {
				ctx.Variables[t.RootName()] = cty.DynamicVal
			}
		}
	}
	return ctx
}

// BenchmarkLoadRealWorld is BenchmarkLoad on the real-world corpus
// converted to JSON (hcljson convert --no-copy -o DIR REPO for each
// repository of scripts/fetch-realworld.sh), in the directory that
// HCLJSON_REALWORLD_JSON names: every tenth .tf.json file, in path order,
// each parsed and loaded with tfgentest.LoadAny (the blocks and resource types
// tfgen has no schema for read with JustAttributes), one operation being
// the whole sample. Diagnostics are counted, not fatal: the two
// implementations must report the same number of errors.
func BenchmarkLoadRealWorld(b *testing.B) {
	files, ctx := realWorld()
	if files == nil {
		b.Skip("HCLJSON_REALWORLD_JSON is not set")
	}
	size := 0
	for _, f := range files {
		size += len(f.src)
	}
	errs := map[string]int{}
	for _, impl := range benchImpls {
		b.Run(impl.name, func(b *testing.B) {
			n := 0
			loopN(b, size, func() {
				n = 0
				for _, f := range files {
					file, diags := impl.parse(f.src, f.name)
					n += len(diags.Errs())
					if file == nil {
						continue
					}
					_, diags = tfgentest.LoadAny(file.Body, ctx)
					n += len(diags.Errs())
				}
			})
			b.ReportMetric(float64(len(files)), "files")
			b.ReportMetric(float64(n), "errors")
			errs[impl.name] = n
		})
	}
	if len(errs) == len(benchImpls) && errs["ours"] != errs["oracle"] {
		b.Errorf("errors: ours %d, oracle %d", errs["ours"], errs["oracle"])
	}
}
