package dropintest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
)

// An Outcome is how a test ended in a run: "pass", "fail" or "skip", or
// "" when the run has no such test.
type Outcome string

// A Run is the outcome of every test of one "go test -json" stream, keyed
// "package TestName/subtest". A package that failed without a test (its
// build, or a panic outside any test) is keyed by the package's path alone.
type Run map[string]Outcome

// event is the part of a test2json event that Read uses.
type event struct {
	Action  string
	Package string
	Test    string
}

// pointer matches the addresses that some subtest names print (names
// made with %#v of a struct holding pointers), which differ from run to run.
var pointer = regexp.MustCompile(`0x[0-9a-f]{6,}`)

// worse is the outcome of two tests whose names are the same once their
// addresses are elided: a failure if either failed, else a pass if either
// passed.
func worse(a, b Outcome) Outcome {
	if a == "fail" || b == "fail" {
		return "fail"
	}
	if a == "pass" || b == "pass" {
		return "pass"
	}
	return b
}

// Read reads a "go test -json" stream. Addresses in test names are
// replaced by "0x…", and tests then named alike are one test, failed if
// any of them failed. Lines that are not JSON events (the
// go command's own messages) are ignored.
func Read(r io.Reader) (Run, error) {
	run := Run{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 64<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e event
		if err := json.Unmarshal(line, &e); err != nil {
			continue
		}
		switch e.Action {
		case "pass", "fail", "skip":
		default:
			continue
		}
		if e.Test != "" {
			k := e.Package + " " + pointer.ReplaceAllString(e.Test, "0x…")
			run[k] = worse(run[k], Outcome(e.Action))
		} else if e.Action == "fail" {
			run[e.Package] = "fail"
		}
	}
	return run, sc.Err()
}

// A Diff is a test whose outcome differs between the stock and the
// patched run.
type Diff struct {
	Test           string
	Stock, Patched Outcome
}

func (d Diff) String() string {
	o := func(x Outcome) string {
		if x == "" {
			return "absent"
		}
		return string(x)
	}
	return fmt.Sprintf("%s: %s stock, %s patched", d.Test, o(d.Stock), o(d.Patched))
}

// A Report compares two runs.
type Report struct {
	Tests                        int // tests in either run
	PassedStock, PassedPatched   int
	FailedStock, FailedPatched   int
	SkippedStock, SkippedPatched int
	Diffs                        []Diff // sorted by test
}

// Compare compares the stock run with the patched one, test by test.
func Compare(stock, patched Run) Report {
	var r Report
	keys := map[string]bool{}
	for k := range stock {
		keys[k] = true
	}
	for k := range patched {
		keys[k] = true
	}
	for k := range keys {
		s, p := stock[k], patched[k]
		if strings.Contains(k, " ") {
			r.Tests++
			count(s, &r.PassedStock, &r.FailedStock, &r.SkippedStock)
			count(p, &r.PassedPatched, &r.FailedPatched, &r.SkippedPatched)
		}
		if s != p {
			r.Diffs = append(r.Diffs, Diff{Test: k, Stock: s, Patched: p})
		}
	}
	sort.Slice(r.Diffs, func(i, j int) bool { return r.Diffs[i].Test < r.Diffs[j].Test })
	return r
}

func count(o Outcome, pass, fail, skip *int) {
	switch o {
	case "pass":
		*pass++
	case "fail":
		*fail++
	case "skip":
		*skip++
	}
}
