//go:build unix

// Command proccmp times whole processes, paired and interleaved, the way a
// user runs them, on a machine shared with other work: each round runs
// every command once, in turn, so that the load of the moment weighs on
// each alike, and the medians over the rounds are reported, with each
// process's CPU time (user and system) and page faults (minor and major),
// which the load does not move (Unix only: it reads getrusage). The
// commands are hcljson version, hcljson check of a one-file module and of
// the 100-file module of BenchmarkValidateModule (tfgentest.WriteModule), an
// empty Go program, and, when -tofu names a binary, tofu validate of the
// 100-file module:
//
//	go build -o /tmp/hcljson ./cmd/hcljson
//	go run ./internal/cmd/proccmp -hcljson /tmp/hcljson -tofu ~/.cache/hcljson/clients/tofu-1.12.6/tofu -n 30
//
// -baseline names a second hcljson binary (an earlier build) whose
// commands join each round, beside this one's.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/hcljson/hcljson/internal/tfgentest"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "proccmp:", err)
		os.Exit(1)
	}
}

type command struct {
	name string
	dir  string
	args []string
	want string // what its standard output must hold
	runs []sample
}

type sample struct {
	wall, cpu      time.Duration
	minflt, majflt int64
	maxrss         int64 // KB
}

func run() error {
	hcljson := flag.String("hcljson", "", "the hcljson binary to time")
	baseline := flag.String("baseline", "", "an earlier hcljson binary to time beside it")
	tofu := flag.String("tofu", "", "a tofu binary: tofu validate of the 100-file module")
	n := flag.Int("n", 30, "rounds")
	write := flag.String("write", "", "only write the two modules into this directory (one, hundred), to time by hand")
	flag.Parse()
	if *write != "" {
		for _, m := range []struct {
			dir string
			n   int
		}{{filepath.Join(*write, "one"), 1}, {filepath.Join(*write, "hundred"), 100}} {
			if err := os.MkdirAll(m.dir, 0o755); err != nil {
				return err
			}
			if err := tfgentest.WriteModule(m.dir, m.n); err != nil {
				return err
			}
		}
		return nil
	}
	if *hcljson == "" {
		return fmt.Errorf("-hcljson is required")
	}
	work, err := os.MkdirTemp("", "proccmp")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	one, hundred := filepath.Join(work, "one"), filepath.Join(work, "hundred")
	for _, m := range []struct {
		dir string
		n   int
	}{{one, 1}, {hundred, 100}} {
		if err := os.MkdirAll(m.dir, 0o755); err != nil {
			return err
		}
		if err := tfgentest.WriteModule(m.dir, m.n); err != nil {
			return err
		}
	}
	empty := filepath.Join(work, "empty")
	if err := os.WriteFile(empty+".go", []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command("go", "build", "-o", empty, empty+".go").CombinedOutput(); err != nil {
		return fmt.Errorf("building the empty program: %v\n%s", err, out)
	}
	rc := filepath.Join(work, "empty.tfrc")
	if err := os.WriteFile(rc, nil, 0o644); err != nil {
		return err
	}
	env := append(os.Environ(), "HOME="+work, "TF_CLI_CONFIG_FILE="+rc, "CHECKPOINT_DISABLE=1", "NO_COLOR=1")

	cmds := []*command{{name: "empty Go program", dir: work, args: []string{empty}}}
	for _, b := range []struct{ label, bin string }{{"", *hcljson}, {"baseline ", *baseline}} {
		if b.bin == "" {
			continue
		}
		cmds = append(cmds,
			&command{name: b.label + "hcljson version", dir: work, args: []string{b.bin, "version"}},
			&command{name: b.label + "hcljson check, 1 file", dir: one, args: []string{b.bin, "check", "--format", "json", "--program", "opentofu", "."}, want: `"valid": true`},
			&command{name: b.label + "hcljson check, 100 files", dir: hundred, args: []string{b.bin, "check", "--format", "json", "--program", "opentofu", "."}, want: `"valid": true`},
		)
	}
	if *tofu != "" {
		cmds = append(cmds, &command{name: "tofu validate, 100 files", dir: hundred, args: []string{*tofu, "validate", "-json", "-no-color"}, want: `"valid": true`})
	}
	for round := 0; round < *n+1; round++ {
		for _, c := range cmds {
			s, err := c.once(env)
			if err != nil {
				return err
			}
			if round > 0 { // the first round warms the page cache
				c.runs = append(c.runs, s)
			}
		}
	}
	fmt.Printf("%d rounds, medians (min-max of wall)\n", *n)
	fmt.Printf("%-36s %10s %18s %10s %8s %6s %8s\n", "command", "wall ms", "(min-max)", "cpu ms", "minflt", "majflt", "RSS MB")
	for _, c := range cmds {
		walls := pick(c.runs, func(s sample) float64 { return ms(s.wall) })
		fmt.Printf("%-36s %10.1f %18s %10.1f %8.0f %6.0f %8.1f\n", c.name, median(walls),
			fmt.Sprintf("(%.1f-%.1f)", slices.Min(walls), slices.Max(walls)),
			median(pick(c.runs, func(s sample) float64 { return ms(s.cpu) })),
			median(pick(c.runs, func(s sample) float64 { return float64(s.minflt) })),
			median(pick(c.runs, func(s sample) float64 { return float64(s.majflt) })),
			median(pick(c.runs, func(s sample) float64 { return float64(s.maxrss) / 1024 })))
	}
	return nil
}

func (c *command) once(env []string) (sample, error) {
	cmd := exec.Command(c.args[0], c.args[1:]...)
	cmd.Dir, cmd.Env = c.dir, env
	start := time.Now()
	out, err := cmd.Output()
	wall := time.Since(start)
	if err != nil || !strings.Contains(string(out), c.want) {
		return sample{}, fmt.Errorf("%s: %v\n%s", strings.Join(c.args, " "), err, out)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{
		wall:   wall,
		cpu:    time.Duration(ru.Utime.Nano() + ru.Stime.Nano()),
		minflt: ru.Minflt,
		majflt: ru.Majflt,
		maxrss: ru.Maxrss,
	}, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func pick(runs []sample, f func(sample) float64) []float64 {
	out := make([]float64, len(runs))
	for i, s := range runs {
		out[i] = f(s)
	}
	return out
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
