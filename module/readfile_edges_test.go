package module

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/ext/typeexpr"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/zclconf/go-cty/cty"
)

// TestReadFileListedEdges extends TestReadFileListed to the edges of
// readRegular: an empty file (read as an empty, non-nil slice, as
// ReadFile reads it), a file of exactly the limit and one byte over it,
// a symbolic link that replaced a listed file (to a regular file, to a
// directory, dangling), a file of mode 000 and a file under no limit:
// readFile with listed set gives what ReadFile gives, bytes and error.
func TestReadFileListedEdges(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(name, target string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink(target, p); err != nil {
			t.Skip("no symbolic links:", err)
		}
		return p
	}
	const limit = 16
	empty := write("empty.tf", "")
	exact := write("exact.tf", strings.Repeat("#", limit))
	over := write("over.tf", strings.Repeat("#", limit+1))
	crlf := write("crlf.tf", "a = 1\r\n")
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	closed := write("closed.tf", "a = 1\n")
	if err := os.Chmod(closed, 0); err != nil {
		t.Fatal(err)
	}
	paths := []string{empty, exact, over, crlf, closed,
		link("tolink.tf", exact), link("todir.tf", filepath.Join(dir, "sub")), link("dangling.tf", filepath.Join(dir, "none"))}
	msg := func(err error) string {
		if err == nil {
			return "nil"
		}
		return errText(err)
	}
	for _, lim := range []int64{limit, 0} {
		for _, p := range paths {
			want, _, wantErr := ReadFile(p, lim)
			got, _, err := readFile(p, lim, true)
			if string(got) != string(want) || (got == nil) != (want == nil) || msg(err) != msg(wantErr) {
				t.Errorf("%s, limit %d: %q (nil %v), %v; want (ReadFile) %q (nil %v), %v",
					filepath.Base(p), lim, got, got == nil, err, want, want == nil, wantErr)
			}
		}
	}
}

// TestTypeConstraintJSONParentheses: a type in a JSON string that native
// syntax reads through parentheses ("(string)") is read by the JSON
// expression's hooks (hcl.ExprAsKeyword through AsTraversal, which parses
// a traversal, not an expression, and hcl.ExprCall) as an error, as
// OpenTofu and Terraform read it with typeexpr on the JSON expression;
// typeConstraint must give what those hooks give (typeOf of the JSON
// expression), not what the text parsed as native syntax gives.
func TestTypeConstraintJSONParentheses(t *testing.T) {
	for _, ty := range []string{
		`"(string)"`, `"((any))"`, `"(list)"`, `"(map)"`, `"list((string))"`, `"(list(string))"`,
		`"string\n"`, `"string /* c */"`, `"\tstring"`, `"string // c"`,
	} {
		t.Run(ty, func(t *testing.T) {
			src := []byte("{\n  \"type\": " + ty + "\n}\n")
			f, diags := hcljson.Parse(src, "t.tf.json")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			attrs, _ := f.Body.JustAttributes()
			expr := attrs["type"].Expr
			render := func(ty cty.Type, defaults *typeexpr.Defaults, diags hcl.Diagnostics) string {
				s := fmt.Sprintf("%#v defaults %#v\n", ty, defaults)
				for _, d := range diags {
					s += renderDiag(t, src, d) + "\n"
				}
				return s
			}
			got, want := render(typeConstraint(expr)), render(typeOf(expr))
			if got != want {
				t.Errorf("got\n%s\nwant (the JSON expression's hooks)\n%s", got, want)
			}
		})
	}
}
