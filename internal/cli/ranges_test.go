package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"golang.org/x/tools/txtar"
)

// TestCheckRangesThroughEscapes checks the files of check.txtar's ranges/
// (spec.md D11: native syntax in JSON strings, one mistake in each mode
// after escapes and multi-byte text, and the reproduction of issue 23
// item 13) with "check --format json" and with colours, as on a
// terminal: each diagnostic is on the bytes that wrote the mistake (line,
// column and byte of both ends), and the text highlights exactly those
// bytes, in a snippet window that starts 40 bytes before them.
func TestCheckRangesThroughEscapes(t *testing.T) {
	a, err := txtar.ParseFile(filepath.Join("testdata", "script", "check.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	srcs := map[string][]byte{}
	for _, f := range a.Files {
		name, ok := strings.CutPrefix(f.Name, "ranges/")
		if ok && strings.HasSuffix(name, ".tf.json") {
			srcs[name] = f.Data
			writeFile(t, filepath.Join(dir, name), string(f.Data))
		}
	}
	type pos = hcl.Pos
	for _, tt := range []struct {
		files []string
		want  []struct {
			summary, file string
			start, end    pos
			text          string // the bytes from start to end
		}
	}{{
		files: []string{"repro.tf.json"},
		want: []struct {
			summary, file string
			start, end    pos
			text          string
		}{
			// The end of the text: the closing quote (an empty range,
			// widened to one byte in JSON).
			{"Missing expression", "repro.tf.json", pos{Line: 1, Column: 99, Byte: 98}, pos{Line: 1, Column: 100, Byte: 99}, `"`},
		},
	}, {
		files: []string{"escapes.tf.json", "literal.tf.json"},
		want: []struct {
			summary, file string
			start, end    pos
			text          string
		}{
			{"Invalid character", "escapes.tf.json", pos{Line: 3, Column: 130, Byte: 170}, pos{Line: 3, Column: 131, Byte: 174}, "😀"},
			{"Invalid expression", "escapes.tf.json", pos{Line: 3, Column: 130, Byte: 170}, pos{Line: 3, Column: 131, Byte: 174}, "😀"},
			{"Invalid expression", "escapes.tf.json", pos{Line: 4, Column: 98, Byte: 351}, pos{Line: 4, Column: 123, Byte: 376}, `"aws_instance.b[\"k\"] +"`},
			{"Missing expression", "escapes.tf.json", pos{Line: 5, Column: 149, Byte: 604}, pos{Line: 5, Column: 150, Byte: 605}, `"`},
			{"Invalid expression", "escapes.tf.json", pos{Line: 5, Column: 172, Byte: 627}, pos{Line: 5, Column: 187, Byte: 642}, `"tags[\"k\"] +"`},
			{"Invalid keyword", "escapes.tf.json", pos{Line: 6, Column: 141, Byte: 863}, pos{Line: 6, Column: 157, Byte: 879}, `"\u0064estroy +"`},
			{"Invalid character", "escapes.tf.json", pos{Line: 8, Column: 143, Byte: 1108}, pos{Line: 8, Column: 144, Byte: 1109}, "$"},
			{"Invalid expression", "escapes.tf.json", pos{Line: 8, Column: 143, Byte: 1108}, pos{Line: 8, Column: 144, Byte: 1109}, "$"},
			{"Invalid type specification", "escapes.tf.json", pos{Line: 9, Column: 146, Byte: 1336}, pos{Line: 9, Column: 151, Byte: 1341}, "strin"},
			{"Invalid expression", "escapes.tf.json", pos{Line: 10, Column: 127, Byte: 1554}, pos{Line: 10, Column: 128, Byte: 1555}, "}"},
			{"Invalid JSON string", "literal.tf.json", pos{Line: 1, Column: 50, Byte: 52}, pos{Line: 1, Column: 52, Byte: 54}, `\q`},
		},
	}} {
		var paths []string
		for _, f := range tt.files {
			paths = append(paths, filepath.Join(dir, f))
		}

		code, stdout, _ := run(append([]string{"check", "--format", "json"}, paths...)...)
		var out struct {
			Diagnostics []struct {
				Summary string
				Range   struct {
					Filename   string
					Start, End pos
				}
			}
		}
		if err := json.Unmarshal([]byte(stdout), &out); code != 1 || err != nil {
			t.Fatalf("check --format json %v: exit %d, %v\n%s", tt.files, code, err, stdout)
		}
		if len(out.Diagnostics) != len(tt.want) {
			t.Fatalf("%v: %d diagnostics, want %d\n%s", tt.files, len(out.Diagnostics), len(tt.want), stdout)
		}
		for i, d := range out.Diagnostics {
			w := tt.want[i]
			r := d.Range
			got := string(srcs[filepath.Base(r.Filename)][r.Start.Byte:r.End.Byte])
			if d.Summary != w.summary || filepath.Base(r.Filename) != w.file || r.Start != w.start || r.End != w.end || got != w.text {
				t.Errorf("JSON diagnostic %d: %s %s %+v-%+v %q, want %s %s %+v-%+v %q", i, d.Summary, filepath.Base(r.Filename), r.Start, r.End, got, w.summary, w.file, w.start, w.end, w.text)
			}
		}

		e, _, stderr := testEnv()
		e.color = true
		if code := e.run(append([]string{"check"}, paths...)); code != 1 {
			t.Fatalf("check %v: exit %d", tt.files, code)
		}
		blocks := strings.Split(stderr.String(), "\x1b[31mError\x1b[0m: ")[1:]
		if len(blocks) != len(tt.want) {
			t.Fatalf("%v: %d diagnostics in the text, want %d\n%s", tt.files, len(blocks), len(tt.want), stderr)
		}
		for i, blk := range blocks {
			w := tt.want[i]
			src := srcs[w.file]
			// The snippet's line: the window of a long line starts 40
			// bytes before the mistake; an empty range (the closing
			// quote) is not highlighted.
			lineStart := strings.LastIndexByte(string(src[:w.start.Byte]), '\n') + 1
			lineEnd := lineStart + strings.IndexByte(string(src[lineStart:]), '\n')
			from, lead := lineStart, ""
			if lineEnd-lineStart > snippetWidth {
				from, lead = w.start.Byte-snippetLead, "…"
			}
			mark := "\x1b[1;4m" + w.text + "\x1b[0m"
			if w.text == `"` && w.summary == "Missing expression" {
				mark = ""
			}
			wantLine := lead + string(src[from:w.start.Byte]) + mark
			if !strings.HasPrefix(blk, w.summary+"\n") || !strings.Contains(blk, ": "+wantLine) {
				t.Errorf("text diagnostic %d:\n%s\nwant %s with a snippet starting %q", i, blk, w.summary, wantLine)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "repro.tf.json")); err != nil {
		t.Fatal(err)
	}
}
