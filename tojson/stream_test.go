package tojson

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/internal/convtest"
	"github.com/hcljson/hcljson/schema"
)

func newBuffer() gen.Spool { return new(bytes.Buffer) }

// checkStream converts src with Convert, then with ConvertTo, and piece by
// piece at every cut point (the smallest pieces ParseNative could make),
// with and without comments, in each of encs (by default indented and
// compact), and checks that each
// gives Convert's bytes and diagnostics. It returns how many of the
// piece-by-piece conversions were streamed (the others fell back).
func checkStream(t *testing.T, name string, src []byte, opts Options, encs ...gen.Options) (streamed, tried int) {
	t.Helper()
	if encs == nil {
		encs = []gen.Options{{}, {Compact: true}}
	}
	for _, comments := range []bool{false, true} {
		for _, enc := range encs {
			opts := opts
			opts.Comments = comments
			want, wantDiags := Convert(src, name, opts, enc)
			var got bytes.Buffer
			_, diags, err := ConvertTo(&got, src, name, opts, enc, newBuffer)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) || !reflect.DeepEqual(diags, wantDiags) {
				t.Errorf("%s (comments %v, %+v): ConvertTo wrote %d bytes, %v; Convert %d bytes, %v", name, comments, enc, got.Len(), diags, len(want), wantDiags)
			}
			cuts := allCuts(src)
			if len(cuts) == 0 {
				continue
			}
			tried++
			got.Reset()
			ok, err := convertPieces(&got, src, name, cuts, opts.forFile(name), enc, newBuffer)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if got.Len() != 0 {
					t.Errorf("%s: fell back after writing %d bytes", name, got.Len())
				}
				continue
			}
			streamed++
			if wantDiags != nil || !bytes.Equal(got.Bytes(), want) {
				i := 0
				for i < min(got.Len(), len(want)) && got.Bytes()[i] == want[i] {
					i++
				}
				t.Errorf("%s (comments %v, %+v): streamed output differs from Convert's at byte %d (diagnostics %v):\ngot:  %q\nwant: %q",
					name, comments, enc, i, wantDiags, got.Bytes()[i:min(got.Len(), i+80)], want[i:min(len(want), i+80)])
			}
		}
	}
	return streamed, tried
}

// TestConvertToFixtures streams every native fixture of testdata/native
// with the Terraform schema and without one.
func TestConvertToFixtures(t *testing.T) {
	streamed, tried := 0, 0
	for _, path := range convtest.NativeFixtures(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, root := range []*schema.Body{schema.Terraform.Root, schema.Generic.Root} {
			s, n := checkStream(t, filepath.Base(path), src, Options{Schema: root})
			streamed, tried = streamed+s, tried+n
		}
	}
	t.Logf("streamed %d of %d piece-by-piece conversions", streamed, tried)
	if streamed == 0 {
		t.Error("no fixture was streamed")
	}
}

// TestConvertToDoc streams the benchmark document, cut by ConvertTo
// itself (a file large enough to be cut, converted on several
// goroutines), with a syntax error, a warning and a top-level argument set
// twice (all converted whole), and cut at every cut point.
func TestConvertToDoc(t *testing.T) {
	src := convtest.NativeDoc(parallelMin + 64<<10)
	mid := len(src) / 2
	mid += bytes.Index(src[mid:], []byte("\n}\n")) + 3
	insert := func(s string) []byte {
		return append(append(append([]byte(nil), src[:mid]...), s...), src[mid:]...)
	}
	for name, src := range map[string][]byte{
		"doc.tf":       src,
		"broken.tf":    insert("}\n"),
		"warning.tf":   insert("resource \"a\" \"b\" {\n  depends_on = [\"a.c\"]\n}\n"),
		"duplicate.tf": append(insert("x = 1\n"), "x = 2\n"...),
	} {
		var got bytes.Buffer
		want, wantDiags := Convert(src, name, Options{}, gen.Options{})
		f, diags, err := ConvertTo(&got, src, name, Options{}, gen.Options{}, newBuffer)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want) || !reflect.DeepEqual(diags, wantDiags) {
			t.Errorf("%s: ConvertTo wrote %d bytes, %v; Convert %d bytes, %v", name, got.Len(), diags, len(want), wantDiags)
		}
		if (f != nil) != (len(diags) > 0) {
			t.Errorf("%s: file %v with %d diagnostics", name, f != nil, len(diags))
		}
		if name == "doc.tf" && len(want) == 0 || name != "doc.tf" && len(wantDiags) == 0 {
			t.Errorf("%s: %d bytes, diagnostics %v: not the case meant", name, len(want), wantDiags)
		}
	}
	streamed, tried := checkStream(t, "doc.tf", convtest.NativeDoc(32<<10), Options{})
	if streamed != tried {
		t.Errorf("streamed %d of %d conversions of the benchmark document", streamed, tried)
	}
}

// TestConvertToRealWorld streams every .tf file of the real-world corpus
// (scripts/fetch-realworld.sh, in the directory HCLJSON_REALWORLD names)
// at every cut point, indented, and checks that each gives Convert's
// bytes and diagnostics. It is skipped, saying so, without
// HCLJSON_REALWORLD.
func TestConvertToRealWorld(t *testing.T) {
	dir := os.Getenv("HCLJSON_REALWORLD")
	if dir == "" {
		t.Skip("HCLJSON_REALWORLD is not set: run scripts/fetch-realworld.sh, then set HCLJSON_REALWORLD to the directory it fills ($HOME/.cache/hcljson/realworld by default); the corpus takes minutes (go test -timeout 30m)")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("HCLJSON_REALWORLD: %v", err)
	}
	files, streamed, tried := 0, 0, 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".tf") || !d.Type().IsRegular() {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		rel, _ := filepath.Rel(dir, path)
		s, n := checkStream(t, rel, src, Options{}, gen.Options{})
		streamed, tried = streamed+s, tried+n
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files: streamed %d of %d piece-by-piece conversions, the others fell back to Convert", files, streamed, tried)
}

// FuzzConvertTo checks that converting piece by piece at every cut point
// gives Convert's bytes and diagnostics, for any source.
func FuzzConvertTo(f *testing.F) {
	f.Add([]byte("variable \"a\" {\n}\nresource \"b\" \"c\" {\n}\nvariable \"d\" {\n}\n"))
	f.Add([]byte("# c\nlocals {\n  a = 1 # x\n}\n\n// d\nlocals {\n}\nb = <<EOT\n}\nEOT\n"))
	f.Add([]byte("dynamic \"a\" {\n}\na {\n}\ndynamic \"a\" {\n}\nb = 1\n"))
	f.Add(convtest.NativeDoc(2 << 10))
	f.Fuzz(func(t *testing.T, src []byte) {
		checkStream(t, "f.tf", src, Options{}, gen.Options{})
		checkStream(t, "f.hcl", src, Options{Schema: schema.Generic.Root}, gen.Options{})
	})
}
