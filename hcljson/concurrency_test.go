package hcljson_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/hcltest"
)

// Terraform evaluates expressions of one file from many goroutines. The
// lazily built line table, the position cursor and the template cache must
// give every goroutine the answers a single goroutine gets (run with -race
// to check the locking too).
func TestConcurrentUse(t *testing.T) {
	src := []byte("{\n" +
		`  "a": "${var.foo}-\u00e9-${upper(var.foo)}",` + "\n" +
		`  "b": ["x", "${var.n}", {"k${var.n}": "${length(var.list)}"}],` + "\n" +
		`  "c": "plain \"text\" é日本"` + "\n}")
	ctx := hcltest.EvalContext()
	render := func() string {
		f, diags := hcljson.Parse(src, "c.json")
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return hcltest.RenderBody(f.Body, hcltest.MustParseSchema("attrs"), ctx)
	}
	want := render()

	f, _ := hcljson.Parse(src, "c.json")
	attrs, _ := f.Body.JustAttributes()
	schema := hcltest.MustParseSchema("attrs")
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Touch the shared caches in a different order in each goroutine.
			names := []string{"a", "b", "c"}
			for j := range names {
				a := attrs[names[(i+j)%3]]
				a.Expr.Value(ctx)
				a.Expr.Variables()
				_ = a.Expr.Range()
			}
			results[i] = hcltest.RenderBody(f.Body, schema, ctx)
		}()
	}
	wg.Wait()
	for i, got := range results {
		if got != want {
			t.Errorf("goroutine %d:\n%s\nwant:\n%s", i, got, want)
		}
	}
}

// Functions lists the functions a JSON expression calls, keys included, as
// the OpenTofu fork's hcl.ExpressionWithFunctions does.
func TestFunctions(t *testing.T) {
	expr, diags := hcljson.ParseExpression([]byte(`{"${lower(\"K\")}": ["${upper(var.x)}", "${provider::aws::arn_parse(v)}", "upper(x)"]}`), "f.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	fe, ok := expr.(interface{ Functions() []hcl.Traversal })
	if !ok {
		t.Fatal("expression does not offer Functions()")
	}
	var got []string
	for _, tr := range fe.Functions() {
		got = append(got, hcltest.RenderTraversal(tr)+" "+tr.SourceRange().String())
	}
	want := []string{"lower f.json:1,5-10", "upper f.json:1,25-30", "provider::aws::arn_parse f.json:1,44-68"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Functions() =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestConcurrentStrings evaluates the literal strings of one file from
// many goroutines at once, more of them than one chunk of the file's
// string slots holds: each value must be its own text, whichever
// goroutine took which slot (run with -race).
func TestConcurrentStrings(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	const n = 200
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"a%d": "text of a%d"`, i, i)
	}
	b.WriteString(`, "u": "non-ASCII é"}`)
	f, diags := hcljson.Parse([]byte(b.String()), "s.json")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	attrs, diags := f.Body.JustAttributes()
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*(n+1))
	for g := range 8 {
		wg.Go(func() {
			for j := range n {
				i := (j + g*25) % n
				name := fmt.Sprintf("a%d", i)
				v, diags := attrs[name].Expr.Value(nil)
				if want := "text of " + name; diags.HasErrors() || v.AsString() != want {
					errs <- fmt.Sprintf("%s = %#v, %v; want %q", name, v, diags, want)
				}
			}
			if v, _ := attrs["u"].Expr.Value(nil); v.AsString() != "non-ASCII é" {
				errs <- fmt.Sprintf("u = %#v", v)
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
