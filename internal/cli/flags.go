package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hcljson/hcljson/schema"
)

// newFlags returns a flag set for command c that prints nothing itself:
// parseFlags reports its errors.
func newFlags(c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseFlags parses args with fs and returns the positional arguments.
// Flags may come before or after them, until a "--". Every command takes
// -no-color, which turns off the colours of diagnostics. It returns a status
// of 0 or more when the command is over: 0 after printing the help for -h
// or --help, 2 after a usage error; -1 when the command should go on.
func (e *env) parseFlags(c *command, fs *flag.FlagSet, args []string) ([]string, int) {
	e.noColorOn(fs)
	names, err := splitArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return nil, e.writeStdout(c, []byte(c.help))
	}
	if err != nil {
		return nil, e.usageError(c, "%v", err)
	}
	return names, -1
}

// splitArgs parses fs from args, allowing flags after the positional
// arguments (until a "--"), and returns the positional arguments.
func splitArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var names []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return names, nil
		}
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(names, rest...), nil
		}
		names = append(names, rest[0])
		args = rest[1:]
	}
}

// usageError prints a usage error of command c, its usage line and a hint,
// and returns 2.
func (e *env) usageError(c *command, format string, args ...any) int {
	fmt.Fprintf(e.stderr, "hcljson %s: %s\n%s\nRun \"hcljson %s -h\" for details.\n",
		c.name, escapeText(fmt.Sprintf(format, args...)), usageLine(c.help), c.name)
	return 2
}

// usageLine returns the first line of a command's help.
func usageLine(help string) string {
	line, _, _ := strings.Cut(help, "\n")
	return line
}

// stringList is a flag that may be given several times.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// oneOf checks that a flag's value is one of the allowed words.
func oneOf(flagName, value string, allowed ...string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return fmt.Errorf("unknown --%s %q (want %s)", flagName, value, strings.Join(allowed, " or "))
}

// plural returns "1 file" or "n files".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// programFlag is --program: the program the files are written for.
type programFlag struct{ p schema.Program }

func (f *programFlag) String() string { return f.p.String() }

func (f *programFlag) Set(s string) error {
	p, err := schema.ParseProgram(s)
	if err != nil {
		return err
	}
	f.p = p
	return nil
}

// programHelp is the help line of --program, shared by the commands.
const programHelp = `  --program NAME           the program the files are written for: opentofu
                           (or tofu) or terraform; they differ in what
                           OpenTofu evaluates early (module source and
                           version, backend and cloud settings: expressions
                           for OpenTofu, literals for Terraform) and, when
                           check validates a module, in their functions and
                           references (the newest release of each:
                           OpenTofu 1.12, Terraform 1.14). Default: what
                           the directory says: OpenTofu when it holds a
                           .tofu or .tofu.json file, else the program whose
                           registry .terraform.lock.hcl or
                           .terraform/providers names; when nothing says,
                           check accepts what either program accepts
                           (an error only one reports is a warning), and
                           convert and inspect read .tf files as Terraform
`

// jsonSpelling makes -json, Terraform's spelling (terraform validate
// -json), mean --format json, when asJSON says that -json was given; a
// --format of another value beside it is an error.
func jsonSpelling(fs *flag.FlagSet, format *string, asJSON bool) error {
	if !asJSON {
		return nil
	}
	if *format != "json" && isSet(fs, "format") {
		return fmt.Errorf("-json is --format json, and --format %s says otherwise", *format)
	}
	*format = "json"
	return nil
}

// isSet reports whether the flag called name was given on the command
// line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// noColorOn adds -no-color (Terraform's spelling; --no-color too) to fs:
// it turns off the colours of diagnostics. Every command takes it.
func (e *env) noColorOn(fs *flag.FlagSet) {
	fs.BoolFunc("no-color", "", func(string) error {
		e.color = false
		return nil
	})
}
