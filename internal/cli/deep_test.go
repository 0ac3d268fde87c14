package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deepCases are inputs nested 100,000 deep in every way that used to
// overflow the Go stack (spec.md C20), with the commands that read what
// is deep: check and convert read everything; fmt and inspect read a .tf
// file's syntax and JSON's nesting, not a JSON string's template. Every
// case runs check and convert, a few every command.
func deepCases(n int) []struct{ name, file, src string } {
	r := strings.Repeat
	return []struct{ name, file, src string }{
		{"paren", "main.tf", "locals {\n  x = " + r("(", n) + "1" + r(")", n) + "\n}\n"},
		{"tuple", "main.tf", "locals {\n  x = " + r("[", n) + "1" + r("]", n) + "\n}\n"},
		{"object", "main.tf", "locals {\n  x = " + r("{a = ", n) + "1" + r("}", n) + "\n}\n"},
		{"call", "main.tf", "locals {\n  x = " + r("abs(", n) + "1" + r(")", n) + "\n}\n"},
		{"try", "main.tf", "locals {\n  x = " + r("try(", n) + "1" + r(")", n) + "\n}\n"},
		{"conditional", "main.tf", "locals {\n  x = " + r("true ? ", n) + "1" + r(" : 2", n) + "\n}\n"},
		{"else", "main.tf", "locals {\n  x = " + r("true ? 1 : ", n) + "1\n}\n"},
		{"not", "main.tf", "locals {\n  x = " + r("!", n) + "true\n}\n"},
		{"plus", "main.tf", "locals {\n  x = 1" + r(" + 1", n) + "\n}\n"},
		{"index", "main.tf", "locals {\n  y = [0]\n  x = local.y" + r("[local.y[0]]", n) + "\n}\n"},
		{"type", "main.tf", "variable \"x\" {\n  type = " + r("list(", n) + "string" + r(")", n) + "\n}\n"},
		{"default", "main.tf", "variable \"x\" {\n  default = " + r("[", n) + "1" + r("]", n) + "\n}\n"},
		{"template", "main.tf", "locals {\n  x = " + r(`"${`, n) + "1" + r(`}"`, n) + "\n}\n"},
		{"if", "main.tf", "locals {\n  x = \"" + r("%{if true}", n) + "a" + r("%{endif}", n) + "\"\n}\n"},
		{"heredoc", "main.tf", "locals {\n  x = " + r("<<EOT\n${", n) + "1" + r("}\nEOT\n", n) + "}\n"},
		{"json array", "main.tf.json", `{"locals": {"x": ` + r("[", n) + "1" + r("]", n) + "}}"},
		{"json object", "main.tf.json", `{"locals": {"x": ` + r(`{"a": `, n) + "1" + r("}", n) + "}}"},
		{"json paren", "main.tf.json", `{"locals": {"x": "${` + r("(", n) + "1" + r(")", n) + `}"}}`},
		{"json template", "main.tf.json", `{"locals": {"x": "` + r(`${\"`, n) + "a" + r(`\"}`, n) + `"}}`},
		{"json if", "main.tf.json", `{"locals": {"x": "` + r("%{if true}", n) + "a" + r("%{endif}", n) + `"}}`},
		{"json type", "main.tf.json", `{"variable": {"x": {"type": "` + r("list(", n) + "string" + r(")", n) + `"}}}`},
	}
}

// TestDeepNesting runs check, convert, fmt and inspect, on files and on
// standard input, on each deep case: exit status 1 and the error "Nesting
// too deep" with its file and line, never a crash.
func TestDeepNesting(t *testing.T) {
	for _, c := range deepCases(100_000) {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, c.file), []byte(c.src), 0o666); err != nil {
				t.Fatal(err)
			}
			json := strings.HasSuffix(c.file, ".json")
			runs := [][]string{{"check", c.file}, {"convert", c.file}}
			if !json {
				runs = append(runs, []string{"check", "-"})
			}
			all := map[string]bool{"paren": true, "template": true, "heredoc": true, "if": true, "json array": true, "json object": true}
			if all[c.name] {
				runs = append(runs, []string{"inspect", "."})
				if !json {
					runs = append(runs, []string{"fmt", "-write=false", c.file}, []string{"convert", "-"})
				} else {
					runs = append(runs, []string{"fmt", "-write=false", c.file}, []string{"fmt", "-"}, []string{"convert", "--terraform", "-"})
				}
			}
			for _, args := range runs {
				stdin := ""
				if args[len(args)-1] == "-" {
					stdin = c.src
				}
				code, _, stderr := runIn(t, dir, stdin, args...)
				want := "Error: Nesting too deep\n"
				if c.name == "json type" && args[0] == "convert" {
					// convert cannot write the type in native syntax,
					// and says why.
					want = "the native text written for this value does not parse\n(Nesting too deep)."
				}
				if code != 1 || !strings.Contains(stderr, want) {
					t.Errorf("%s: status %d, stderr %.300q", strings.Join(args, " "), code, stderr)
					continue
				}
				name := c.file
				if stdin != "" {
					name = "<stdin>"
				}
				if !strings.Contains(stderr, "  on "+name+" line ") {
					t.Errorf("%s: no range in %.300q", strings.Join(args, " "), stderr)
				}
			}
		})
	}
}

// TestNestingLimit checks the limit itself through the command: a local
// nested exactly 1,000 deep is checked and converted, one level more is
// the error at the parenthesis that goes too deep.
func TestNestingLimit(t *testing.T) {
	for _, c := range []struct {
		n    int
		code int
	}{{999, 0}, {1000, 1}} { // the block is level 1
		dir := t.TempDir()
		src := "locals {\n  x = " + strings.Repeat("(", c.n) + "1" + strings.Repeat(")", c.n) + "\n}\n"
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"check", "convert"} {
			code, _, stderr := runIn(t, dir, "", cmd, "main.tf")
			if code != c.code {
				t.Errorf("%s, %d parentheses: status %d, %.300q", cmd, c.n, code, stderr)
			}
			if c.code == 1 && !strings.Contains(stderr, "Error: Nesting too deep\n\n  on main.tf line 2:\n") {
				t.Errorf("%s, %d parentheses: %.300q", cmd, c.n, stderr)
			}
		}
	}
}

// TestDeepBlocksConverted checks that blocks nested within native
// syntax's limit but whose JSON would nest past JSON's are refused by
// convert, not written unreadable.
func TestDeepBlocksConverted(t *testing.T) {
	for _, c := range []struct {
		n    int
		code int
	}{{300, 0}, {600, 1}} {
		dir := t.TempDir()
		src := strings.Repeat("a {\n", c.n) + "x = 1\n" + strings.Repeat("}\n", c.n)
		if err := os.WriteFile(filepath.Join(dir, "a.hcl"), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := runIn(t, dir, "", "convert", "a.hcl")
		if code != c.code {
			t.Errorf("%d blocks: status %d, %.300q", c.n, code, stderr)
		}
		if c.code == 0 {
			if d := jsonDepth([]byte(stdout)); d != 2*c.n+1 {
				t.Errorf("%d blocks: JSON %d deep, want %d", c.n, d, 2*c.n+1)
			}
			continue
		}
		if stdout != "" || !strings.Contains(stderr, "Error: Nesting too deep\n\n  on a.hcl line 1, in a:\n") || !strings.Contains(stderr, "nest 1201 levels deep") {
			t.Errorf("%d blocks: stdout %.100q, stderr %.400q", c.n, stdout, stderr)
		}
	}
}

// TestDepthWriterPieces checks that depthWriter measures JSON text
// written in two pieces, cut anywhere (inside strings, escapes and
// between brackets), as deep as the text is, and ends in the same state
// as a byte-by-byte reading.
func TestDepthWriterPieces(t *testing.T) {
	texts := []struct {
		text string
		want int
	}{
		{`{}`, 1},
		{`{"a": [1, {"b": []}]}`, 4},
		{`{"a": "[[[{{{"}`, 1},
		{`{"a": "\"[[["}`, 1},
		{`{"a\\": ["\\", "x\"]\\\"{"], "b": [[[["\\\\"]]]]}`, 5},
		{`["\u005b", "${[[x]]}", "\\\"", {"c": "\\"}]`, 2},
		{`{"open": "abc`, 1},
		{`{"esc": "abc\`, 1},
	}
	for _, tc := range texts {
		ref := referenceDepth(tc.text)
		if ref.deepest != tc.want {
			t.Fatalf("reference depth of %s = %d, want %d", tc.text, ref.deepest, tc.want)
		}
		for cut := 0; cut <= len(tc.text); cut++ {
			d := depthWriter{w: io.Discard}
			d.Write([]byte(tc.text[:cut]))
			d.Write([]byte(tc.text[cut:]))
			got := depthState{d.depth, d.deepest, d.inString, d.escape}
			if got != ref {
				t.Errorf("%s cut at %d: %+v, want %+v", tc.text, cut, got, ref)
			}
		}
	}
}

// depthState is where a depthWriter is after a text.
type depthState struct {
	depth, deepest   int
	inString, escape bool
}

// referenceDepth reads text one byte at a time.
func referenceDepth(text string) depthState {
	var s depthState
	for _, c := range []byte(text) {
		switch {
		case s.escape:
			s.escape = false
		case s.inString:
			if c == '\\' {
				s.escape = true
			} else if c == '"' {
				s.inString = false
			}
		case c == '"':
			s.inString = true
		case c == '[' || c == '{':
			s.depth++
			s.deepest = max(s.deepest, s.depth)
		case c == ']' || c == '}':
			s.depth--
		}
	}
	return s
}
