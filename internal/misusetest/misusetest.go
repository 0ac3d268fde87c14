// Package misusetest checks that each exported function and method of a
// package behaves as spec.md §misuse decides when it is misused: called
// with nil, zero or out-of-range arguments. A package's test lists one
// Case or more per exported function and method; Run makes each call and
// fails on any other outcome, and fails too when an exported function or
// method has no Case, so that a new one cannot be added without deciding
// what its misuse does.
//
// It is used only by tests, and imports the standard library only.
package misusetest

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// A Case is one misuse of one exported function or method.
type Case struct {
	// Func is the function as the package's documentation names it:
	// "Parse" for a function, "Document.Text" for a method.
	Func string
	// Name says what is misused ("nil writer"); it tells apart the cases
	// of one function.
	Name string
	// Call makes the call. When the call returns, Call checks what it
	// returned, whole (the value, the error or the diagnostics), with t.
	Call func(t *testing.T)
	// Panic is the message the call must panic with (fmt.Sprint of the
	// value recovered), or "" when it must return.
	Panic string
}

// Run runs cases for the package whose source files are in dir (a test's
// working directory: "."), and checks that every exported function and
// method of that package has a Case, and that every Case names one.
func Run(t *testing.T, dir string, cases []Case) {
	t.Helper()
	api, pkg, err := exported(dir)
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	names := map[string]bool{}
	for _, c := range cases {
		covered[c.Func] = true
		if !slices.Contains(api, c.Func) {
			t.Errorf("case %s/%s: %s is not an exported function or method", c.Func, c.Name, c.Func)
		}
		if names[c.Func+"/"+c.Name] {
			t.Errorf("case %s/%s is listed twice", c.Func, c.Name)
		}
		names[c.Func+"/"+c.Name] = true
	}
	for _, f := range api {
		if !covered[f] {
			t.Errorf("%s has no misuse case: decide what it does with nil, zero and out-of-range arguments (spec.md §misuse) and add one", f)
		}
	}
	for _, c := range cases {
		t.Run(c.Func+"/"+c.Name, func(t *testing.T) {
			t.Helper()
			msg, raisedIn, panicked := call(t, c.Call)
			if raisedIn != "" {
				// A run-time error must come from the function
				// called (or an exported function of the package
				// that it calls), never from deep inside.
				if !apiName(raisedIn, pkg, api) {
					t.Errorf("%s was raised deep inside, in %s", msg, raisedIn)
				}
			}
			switch {
			case panicked && c.Panic == "":
				t.Errorf("panicked: %s", msg)
			case !panicked && c.Panic != "":
				t.Errorf("returned; want the panic %q", c.Panic)
			case panicked && msg != c.Panic:
				t.Errorf("panicked with\n\t%s\nwant\n\t%s", msg, c.Panic)
			}
		})
	}
}

// call runs f and returns the message of its panic, if it panics, and
// for a run-time error (a nil dereference, an index out of range) the
// function that raised it.
func call(t *testing.T, f func(t *testing.T)) (msg, raisedIn string, panicked bool) {
	defer func() {
		if r := recover(); r != nil {
			msg, panicked = fmt.Sprint(r), true
			if _, ok := r.(runtime.Error); ok {
				raisedIn = raiser()
			}
		}
	}()
	f(t)
	return "", "", false
}

// raiser returns the function that raised the panic being recovered, as
// the runtime names it, called from the deferred function: the first
// frame after the runtime's own below gopanic.
func raiser() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	inRuntime := false
	for {
		fr, more := frames.Next()
		isRuntime := strings.HasPrefix(fr.Function, "runtime.")
		if fr.Function == "runtime.gopanic" {
			inRuntime = true
		} else if inRuntime && !isRuntime {
			return fr.Function
		}
		if !more {
			return ""
		}
	}
}

// apiName reports whether fn, a function as the runtime names it, is one
// of the functions api of the package pkg (its last path element), or a
// closure in one: "example.com/m/scanner.(*Document).Text" is
// Document.Text, and so are "scanner.(*Document).Members.func1" and, for
// an iterator's body inlined into its caller,
// "scanner.TestX.func2.(*Document).Members.1".
func apiName(fn, pkg string, api []string) bool {
	if i := strings.LastIndexByte(fn, '/'); i >= 0 {
		fn = fn[i+1:]
	}
	name, ok := strings.CutPrefix(fn, pkg+".")
	if !ok {
		return false
	}
	parts := strings.Split(strings.NewReplacer("(*", "", ")", "").Replace(name), ".")
	for i := len(parts) - 1; i >= 0; i-- {
		if slices.Contains(api, parts[i]) || i+1 < len(parts) && slices.Contains(api, parts[i]+"."+parts[i+1]) {
			return true
		}
	}
	return false
}

// exported returns the exported functions and methods (of exported
// types) of the package in dir, test files aside, sorted ("Parse",
// "Document.Text"), and the package's name.
func exported(dir string) ([]string, string, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, "", err
	}
	var files []*ast.File
	var path string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			return nil, "", err
		}
		if path != "" && f.Name.Name != path {
			return nil, "", fmt.Errorf("%s: packages %s and %s", dir, path, f.Name.Name)
		}
		path = f.Name.Name
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, "", fmt.Errorf("%s: no Go files", dir)
	}
	d, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		return nil, "", err
	}
	var api []string
	for _, f := range d.Funcs {
		api = append(api, f.Name)
	}
	for _, typ := range d.Types {
		for _, f := range typ.Funcs {
			api = append(api, f.Name)
		}
		for _, m := range typ.Methods {
			api = append(api, typ.Name+"."+m.Name)
		}
	}
	slices.Sort(api)
	return api, path, nil
}
