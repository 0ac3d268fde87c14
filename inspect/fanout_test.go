package inspect

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/internal/jsonw"
	"github.com/hcljson/hcljson/module"
)

// doublingTree writes 31 modules m0 … m30, each but the last calling the
// next twice, and a root module r that calls m(31-depth) once: the tree
// below r has 2^depth-1 module calls.
func doublingTree(t *testing.T, depth int) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 31 {
		src := "variable \"x\" {}\n"
		if i < 30 {
			src += fmt.Sprintf("module \"a\" {\n  source = \"../m%d\"\n  x = var.x\n}\nmodule \"b\" {\n  source = \"../m%d\"\n  x = var.x\n}\n", i+1, i+1)
		} else {
			src += "output \"o\" {\n  value = var.x\n}\n"
		}
		write(fmt.Sprintf("m%d/main.tf", i), src)
	}
	write("r/main.tf", fmt.Sprintf("module \"a\" {\n  source = \"../m%d\"\n  x = 1\n}\n", 31-depth))
	return filepath.Join(dir, "r")
}

// countCalls counts the module calls of m's tree whose module was read.
func countCalls(m *ModuleConfig) int {
	n := 0
	for _, c := range m.ModuleCalls {
		if c.Module != nil {
			n += 1 + countCalls(c.Module)
		}
	}
	return n
}

// TestFanOut checks that a tree in which each module calls the next twice
// reads each directory once: fully up to the limit of module calls, and
// past it with one error "Too many module calls" and the tree cut at the
// limit.
func TestFanOut(t *testing.T) {
	for _, tt := range []struct {
		depth, max, calls int
		err               bool
	}{
		{depth: 5, calls: 31},
		{depth: 5, max: 31, calls: 31},
		{depth: 5, max: 30, calls: 30, err: true},
		{depth: 17, calls: DefaultMaxModuleCalls, err: true},
		{depth: 12, max: -1, calls: 1<<12 - 1},
	} {
		t.Run(fmt.Sprintf("depth %d max %d", tt.depth, tt.max), func(t *testing.T) {
			root := doublingTree(t, tt.depth)
			reads := map[string]int{}
			read := func(dir string) ([]*hcl.File, hcl.Diagnostics) {
				reads[filepath.Base(dir)]++
				return readModuleDir(dir, module.Options{})
			}
			cfg, diags := Module(root, Options{ReadDir: read, MaxModuleCalls: tt.max})
			if got := countCalls(cfg.RootModule); got != tt.calls {
				t.Errorf("%d module calls read, want %d", got, tt.calls)
			}
			if len(reads) != tt.depth+1 {
				t.Errorf("%d directories read, want %d", len(reads), tt.depth+1)
			}
			for dir, n := range reads {
				if n != 1 {
					t.Errorf("%s read %d times", dir, n)
				}
			}
			switch {
			case !tt.err && len(diags) != 0:
				t.Errorf("diagnostics: %v", diags)
			case tt.err && (len(diags) != 1 || diags[0].Summary != "Too many module calls"):
				t.Errorf("diagnostics: %v, want one \"Too many module calls\"", diags)
			}
		})
	}
}

// TestWriteIndented checks that WriteJSON's indentation is json.Indent's.
func TestWriteIndented(t *testing.T) {
	cfg, _ := Module(doublingTree(t, 3), Options{})
	compact, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range [][]byte{
		compact,
		[]byte(`{"a":[],"b":{},"c":[{},[[]],{"d":"x\"}]{,:\\"}],"e":"\\","f":-1.5e3,"g":[true,false,null]}`),
		[]byte(`[]`),
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, src, "", "  "); err != nil {
			t.Fatal(err)
		}
		want.WriteByte('\n')
		var got bytes.Buffer
		if len(src) == len(compact) {
			if err := WriteJSON(&got, cfg, true); err != nil {
				t.Fatal(err)
			}
		} else {
			w := jsonw.Writer{Indent: 2, Out: &got}
			w.Reindent(src)
			w.Buf = append(w.Buf, '\n')
			w.Flush()
		}
		if got.String() != want.String() {
			t.Errorf("got\n%s\nwant\n%s", got.String(), want.String())
		}
	}
}
