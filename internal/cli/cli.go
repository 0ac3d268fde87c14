// Package cli implements the hcljson command: convert, check, fmt, inspect, get,
// set, rm, version and help. Main holds no global state, so tests run it
// in-process.
//
// Exit status: 0 when all is well, 1 when a file has errors (or cannot be
// read or written), 2 on a usage error or an internal error (a bug: Main
// recovers a panic, of its own goroutine or of a worker, removes the
// run's temporary files and reports it on standard error).
package cli

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"

	"github.com/hcljson/hcljson/internal/didyoumean"
	"golang.org/x/term"
)

// usage is the help of the command as a whole.
const usage = `Usage: hcljson <command> [arguments]

Reads, checks, converts and formats HCL's JSON syntax (.tf.json) and its
native syntax (.tf).

Commands:
  convert   convert files between native syntax (.tf) and JSON (.tf.json)
  check     parse files and modules and check them against their language
  validate  the same as check, by terraform validate's name
  fmt       lay out .tf.json files in place, their form kept, as terraform fmt
  inspect   print a module's configuration as terraform show -json does
  get       print the value at a path in a JSON document, such as a plan
  set       change or add one value in a JSON file, keeping the rest as it was
  rm        remove one value from a JSON file, keeping the rest as it was
  version   print the version of hcljson
  help      show the help of a command

Run "hcljson help COMMAND" or "hcljson COMMAND -h" for a command's flags.
Every command takes -no-color (or --no-color), before its name or after:
diagnostics are coloured only on a terminal, and not with this flag or
NO_COLOR set. "hcljson -version" (-v, --version) is "hcljson version".

Exit status: 0 when all is well, 1 when a file has errors, 2 on a usage error
(or an internal error).
`

// env is what one run of the command works with: its streams and what the
// terminal allows. Tests build one directly to fake a terminal.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer

	// terminal is set when standard error is a terminal: long runs
	// show a progress line there.
	terminal bool
	// outTerminal is set when standard output is a terminal: text
	// written there is escaped (see escape.go).
	outTerminal bool
	// color is set when diagnostics may be coloured.
	color bool
	// progressAfter is how long a run goes before its progress line
	// appears; progressEvery is how often the line is redrawn.
	progressAfter, progressEvery time.Duration
	// beforeWrite, when set, runs after every file is converted or
	// formatted and before any is written (a test hook).
	beforeWrite func()
	// loaded, when set, is called with each module directory that a
	// validate.Model of the run reads (validate.Options.Loaded; a test
	// hook).
	loaded func(dir string)
	// maxSize is the largest input read (--max-size).
	maxSize int64
	// force replaces read-only and hard-linked files (--force; see
	// targetPerm).
	force bool
	// files are the temporary files and directories of the run, which
	// an interrupt removes before exit ends the program.
	files *runFiles
	exit  func(status int)
}

// command is one subcommand.
type command struct {
	name string
	// alias is another name of the command, or "".
	alias string
	// help is the text of "hcljson help NAME"; its first line is the
	// usage line printed with usage errors.
	help string
	run  func(e *env, args []string) int
}

// commands returns the subcommands. It is a function, not a variable, so
// that the help command can list them without an initialization cycle.
func commands() []*command {
	return []*command{
		{name: "convert", help: convertUsage, run: convert},
		{name: "check", alias: "validate", help: checkUsage, run: check},
		{name: "fmt", help: fmtUsage, run: fmtCmd},
		{name: "inspect", help: inspectUsage, run: inspectCmd},
		{name: "get", help: getUsage, run: get},
		{name: "set", help: setUsage, run: setCmd},
		{name: "rm", help: rmUsage, run: rmCmd},
		{name: "version", help: versionUsage, run: version},
		{name: "help", help: helpUsage, run: help},
	}
}

// lookup returns the command called name (or by its alias), or nil.
func lookup(name string) *command {
	for _, c := range commands() {
		if c.name == name || c.alias == name && name != "" {
			return c
		}
	}
	return nil
}

// Main runs the command with args (without the program name) and returns
// the exit status.
//
// While it runs, SIGINT, SIGTERM and SIGHUP remove the temporary files of the run
// and end the program with status 130 or 143. A panic (a bug) removes them
// too, and is reported as an internal error with status 2.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	e := newEnv(stdin, stdout, stderr)
	defer e.handleInterrupts()()
	defer func() {
		if p := recover(); p != nil {
			status = e.crash(p, debug.Stack())
		}
	}()
	return e.exitStatus(e.run(args))
}

// crash reports the panic p, recovered with the stack of the goroutine
// that raised it (a worker's, carried by workerPanic), after removing
// the run's temporary files, and returns the exit status 2.
func (e *env) crash(p any, stack []byte) int {
	if w, ok := p.(workerPanic); ok {
		p, stack = w.value, w.stack
	}
	n := e.files.interrupt()
	fmt.Fprintf(e.stderr, "\nhcljson: internal error: %v\n\nThis is a bug in hcljson (%s removed). Please report it with the command and the input that caused it, and this trace:\n\n%s", p, plural(n, "temporary file"), stack)
	return 2
}

// newEnv returns the environment of a run on these streams: progress and
// colour when standard error is a terminal (colour unless NO_COLOR is set).
func newEnv(stdin io.Reader, stdout, stderr io.Writer) *env {
	term := isTerminal(stderr)
	return &env{
		stdin:         stdin,
		stdout:        &streamWriter{w: stdout},
		stderr:        &streamWriter{w: stderr},
		terminal:      term,
		outTerminal:   isTerminal(stdout),
		color:         term && os.Getenv("NO_COLOR") == "",
		progressAfter: time.Second,
		progressEvery: 100 * time.Millisecond,
		maxSize:       defaultMaxSize,
		files:         newRunFiles(),
		exit:          os.Exit,
	}
}

// isTerminal reports whether w is a terminal (golang.org/x/term: not
// merely a character device, which /dev/null is too).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// run runs the command named by args[0], after -no-color (--no-color),
// which Terraform's habit puts before the command's name too.
func (e *env) run(args []string) int {
	for len(args) > 0 && (args[0] == "-no-color" || args[0] == "--no-color") {
		e.color = false
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		if _, err := io.WriteString(e.stdout, usage); err != nil {
			return e.stdoutFailed("help", err)
		}
		return 0
	case "-v", "-version", "--version":
		// Terraform's and OpenTofu's spellings of "version".
		return lookup("version").run(e, args[1:])
	}
	c := lookup(args[0])
	if c == nil {
		fmt.Fprintf(e.stderr, "hcljson: unknown command %q%s\nRun \"hcljson help\" for the list of commands.\n", args[0], suggestCommand(args[0]))
		return 2
	}
	return c.run(e, args[1:])
}

// suggestCommand returns ` (did you mean "x"?)` when a command's name is
// close to name, and "" otherwise.
func suggestCommand(name string) string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
		if c.alias != "" {
			names = append(names, c.alias)
		}
	}
	if s := didyoumean.Closest(name, names); s != "" {
		return fmt.Sprintf(" (did you mean %q?)", s)
	}
	return ""
}
