package misusetest

import (
	"strings"
	"testing"
)

func TestAPIName(t *testing.T) {
	api := []string{"Document.Members", "Document.Text", "Parse"}
	for _, tt := range []struct {
		fn   string
		want bool
	}{
		{"github.com/hcljson/hcljson/scanner.(*Document).Text", true},
		{"github.com/hcljson/hcljson/scanner.Parse", true},
		{"github.com/hcljson/hcljson/scanner.(*Document).Members.func1", true},
		{"github.com/hcljson/hcljson/scanner.TestMisuse.func27.(*Document).Members.1", true},
		{"github.com/hcljson/hcljson/scanner.(*parser).value", false},
		{"github.com/hcljson/hcljson/scanner.unescape", false},
		{"github.com/hcljson/hcljson/hcljson.Parse", false}, // another package
	} {
		if got := apiName(tt.fn, "scanner", api); got != tt.want {
			t.Errorf("apiName(%q) = %v, want %v", tt.fn, got, tt.want)
		}
	}
}

type box struct{ n int }

//go:noinline
func deep(b *box) int { return b.n }

// TestRaiser checks that call names the function in which a run-time
// error was raised, and nothing for an explicit panic.
func TestRaiser(t *testing.T) {
	msg, in, panicked := call(t, func(*testing.T) { deep(nil) })
	if !panicked || msg != "runtime error: invalid memory address or nil pointer dereference" || !strings.HasSuffix(in, "misusetest.deep") {
		t.Errorf("call = %q, %q, %v", msg, in, panicked)
	}
	msg, in, panicked = call(t, func(*testing.T) { panic("pkg: Func: nil writer") })
	if !panicked || msg != "pkg: Func: nil writer" || in != "" {
		t.Errorf("call = %q, %q, %v", msg, in, panicked)
	}
	if _, _, panicked := call(t, func(*testing.T) {}); panicked {
		t.Error("a call that returns panicked")
	}
}
