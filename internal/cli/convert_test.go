package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runStdin(stdin string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = Main(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

const convertSrc = `# The region.
region = "us-east-1"

resource "aws_instance" "web" {
  ami  = var.ami
  tags = { Name = "web-${count.index}", "<&>" = "$${literal}" }
}
`

const convertWant = `{
  "region": "us-east-1",
  "resource": [
    {
      "aws_instance": [
        {
          "web": [
            {
              "ami": "${var.ami}",
              "tags": {
                "Name": "web-${count.index}",
                "<&>": "$${literal}"
              }
            }
          ]
        }
      ]
    }
  ]
}
`

func TestConvert(t *testing.T) {
	dir := t.TempDir()
	// Generic HCL: in a .tf file the root argument would be refused.
	file := filepath.Join(dir, "main.hcl")
	if err := os.WriteFile(file, []byte(convertSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	compactWant := `{"region":"us-east-1","resource":[{"aws_instance":[{"web":[{"ami":"${var.ami}","tags":{"Name":"web-${count.index}","<&>":"$${literal}"}}]}]}]}` + "\n"
	withComments := `{"//":"The region.","region":"us-east-1","resource":[{"aws_instance":[{"web":[{"ami":"${var.ami}","tags":{"Name":"web-${count.index}","<&>":"$${literal}"}}]}]}]}` + "\n"
	for _, tt := range []struct {
		name  string
		stdin string
		args  []string
		want  string
	}{
		{"file", "", []string{"convert", file}, convertWant},
		{"compact", "", []string{"convert", "--compact", file}, compactWant},
		{"flags after the file", "", []string{"convert", file, "-compact", "--comments"}, withComments},
		{"stdin", convertSrc, []string{"convert", "--from", "hcl", "-"}, convertWant},
		{"stdin compact", convertSrc, []string{"convert", "-", "--from=hcl", "--compact"}, compactWant},
		{"empty stdin", "", []string{"convert", "--from", "hcl", "-"}, "{}\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runStdin(tt.stdin, tt.args...)
			if code != 0 || stdout != tt.want || stderr != "" {
				t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, tt.want, stderr)
			}
		})
	}
}

// TestConvertTerraform checks --terraform: arguments are written as
// Terraform reads them, and one that cannot be is an error.
func TestConvertTerraform(t *testing.T) {
	src := "variable \"v\" {\n  type        = map(string)\n  description = \"a $${b}\"\n}\n\nresource \"a\" \"b\" {\n  provider   = aws.west\n  depends_on = [a.c]\n  x          = \"$${y}\"\n}\n"
	want := `{"variable":[{"v":[{"type":"map(string)","description":"a ${b}"}]}],"resource":[{"a":[{"b":[{"provider":"aws.west","depends_on":["a.c"],"x":"$${y}"}]}]}]}` + "\n"
	code, stdout, stderr := runStdin(src, "convert", "--from", "hcl", "--terraform", "--compact", "-")
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, want, stderr)
	}
	// Without the flag, the same source is written as plain expressions.
	wantPlain := `{"variable":[{"v":[{"type":"${map(string)}","description":"a $${b}"}]}],"resource":[{"a":[{"b":[{"provider":"${aws.west}","depends_on":["${a.c}"],"x":"$${y}"}]}]}]}` + "\n"
	if code, stdout, stderr := runStdin(src, "convert", "--from", "hcl", "--compact", "-"); code != 0 || stdout != wantPlain || stderr != "" {
		t.Errorf("without --terraform: exit %d\nstdout:\n%s\nwant:\n%s\nstderr:\n%s", code, stdout, wantPlain, stderr)
	}

	code, stdout, stderr = runStdin("resource \"a\" \"b\" {\n  provider = \"${aws.west}\"\n}\n", "convert", "--from", "hcl", "--terraform", "-")
	wantErr := "Error: Not a reference\n\n" +
		"  on <stdin> line 2, in resource \"a\" \"b\":\n" +
		"   2:   provider = \"${aws.west}\"\n\n" +
		"The argument \"provider\" in resource \"a\" \"b\" cannot be written in JSON with the\nsame meaning: it is read as a static reference such as a.b[\"c\"] (Invalid\nexpression).\n\n"
	if code != 1 || stdout != "" || stderr != wantErr {
		t.Errorf("exit %d\nstdout %q\nstderr:\n%s\nwant:\n%s", code, stdout, stderr, wantErr)
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tf")
	if err := os.WriteFile(bad, []byte("resource \"a\" \"b\" {\n  x = \n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run("convert", bad)
	want := "Error: Invalid expression\n\n" +
		"  on " + bad + " line 2, in resource \"a\" \"b\":\n" +
		"   2:   x = \n" +
		"   3: }\n\n" +
		"Expected the start of an expression, but found an invalid expression token.\n\n"
	if code != 1 || stdout != "" || stderr != want {
		t.Errorf("invalid HCL: exit %d\nstdout %q\nstderr:\n%s\nwant:\n%s", code, stdout, stderr, want)
	}

	code, stdout, stderr = runStdin("a = \"x\" b = 1\n", "convert", "--from", "hcl", "-")
	if code != 1 || stdout != "" || !strings.HasPrefix(stderr, "Error: Missing newline after argument\n\n  on <stdin> line 1:\n") {
		t.Errorf("invalid stdin: exit %d\nstdout %q\nstderr:\n%s", code, stdout, stderr)
	}

	code, stdout, stderr = run("convert", filepath.Join(dir, "missing.tf"))
	flat := strings.Join(strings.Fields(stderr), " ")
	if code != 1 || stdout != "" || !strings.HasPrefix(flat, "Error: Failed to read file The file \"") || !strings.HasSuffix(flat, "missing.tf\" could not be read: no such file or directory.") {
		t.Errorf("missing file: exit %d\nstdout %q\nstderr:\n%s", code, stdout, stderr)
	}
}

func TestConvertUsage(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		code   int
		stderr string // the first line
	}{
		{[]string{"convert"}, 2, "hcljson convert: . is a directory: pass -w to write each output beside its source, or -o DIR to write them into DIR"}, // no path: the current directory
		{[]string{"convert", "a.tf", "b.tf"}, 2, "hcljson convert: 2 inputs: pass -w to write each output beside its source, or -o DIR to write them into DIR"},
		{[]string{"convert", "--from", "yaml", "-"}, 2, "hcljson convert: unknown --from \"yaml\" (want json or hcl)"},
		{[]string{"convert", "--to", "hcl", "x.tf"}, 2, "hcljson convert: x.tf is in native syntax already, by its name: drop --to, or add --from json to read it as JSON"},
		{[]string{"convert", "--nope", "a.tf"}, 2, "hcljson convert: flag provided but not defined: -nope"},
		{[]string{"convert", "x.tf.json"}, 1, "Error: Failed to read file"},
	} {
		code, stdout, stderr := run(tt.args...)
		first, rest, _ := strings.Cut(stderr, "\n")
		if code != tt.code || stdout != "" || first != tt.stderr {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s\nwant exit %d and stderr starting\n%s", tt.args, code, stdout, stderr, tt.code, tt.stderr)
		}
		if want := "Usage: hcljson convert [flags] [PATH...]\nRun \"hcljson convert -h\" for details.\n"; tt.code == 2 && rest != want {
			t.Errorf("%v: after the message\n%s\nwant\n%s", tt.args, rest, want)
		}
	}
}
