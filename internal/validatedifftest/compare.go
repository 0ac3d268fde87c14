package validatedifftest

import (
	"fmt"
	"slices"
	"strings"
)

// The gate that issue 12 sets for the validator: the share of variants
// with the client's verdict, and of those the client finds faulty, the
// share whose first error is on the client's first error's file and line.
const (
	VerdictGate  = 0.99
	LocationGate = 0.95
)

// An Outcome compares a checker's result for a variant with a client's.
type Outcome struct {
	Variant         *Variant
	Client, Checker *Result
	// SameVerdict: both find errors, or neither does.
	SameVerdict bool
	// Faulty: the client finds errors, so there is a first error to
	// compare.
	Faulty bool
	// SameFirst: the checker's first error is on the file and line of
	// the client's first error.
	SameFirst bool
	// SameAny: the checker's first error is on the file and line of one
	// of the client's errors (the clients order errors of independent
	// objects as their graph walk goes, which varies from run to run).
	SameAny bool
}

// Compare compares the checker's result for v with the client's.
func Compare(v *Variant, client, checker *Result) Outcome {
	o := Outcome{Variant: v, Client: client, Checker: checker}
	o.SameVerdict = client.Valid == checker.Valid
	o.Faulty = !client.Valid
	if o.Faulty {
		// A first error without a range (such as "Provider
		// configuration not present") is matched by one without.
		mine := checker.FirstError()
		if mine != nil {
			o.SameFirst = mine.Where() == client.FirstError().Where()
			for _, d := range client.Errors() {
				if d.Where() == mine.Where() {
					o.SameAny = true
				}
			}
		}
	}
	return o
}

// A Row counts the outcomes of a class in a syntax ("" for both).
type Row struct {
	Class, Syntax string
	// Variants compared; Faulty by the client's verdict; Expected, the
	// variants whose client verdict is the one the case is written for.
	Variants, Faulty, Expected      int
	SameVerdict, SameFirst, SameAny int
	// FalseErrors: the client finds the variant valid, the checker
	// not; Missed: the other way round.
	FalseErrors, Missed int
}

// VerdictShare is the share of the variants with the same verdict.
func (r Row) VerdictShare() float64 { return share(r.SameVerdict, r.Variants) }

// FirstShare is the share of the faulty variants whose first errors are
// on the same file and line.
func (r Row) FirstShare() float64 { return share(r.SameFirst, r.Faulty) }

func share(n, of int) float64 {
	if of == 0 {
		return 1
	}
	return float64(n) / float64(of)
}

// Table counts the outcomes by class and syntax, in the order of
// Classes, then each syntax over all classes, then the total (Class
// "all").
func Table(outcomes []Outcome) []Row {
	rows := map[[2]string]*Row{}
	add := func(class, syntax string, o Outcome) {
		k := [2]string{class, syntax}
		r := rows[k]
		if r == nil {
			r = &Row{Class: class, Syntax: syntax}
			rows[k] = r
		}
		r.Variants++
		if o.Faulty {
			r.Faulty++
		}
		if o.Variant.Valid == o.Client.Valid {
			r.Expected++
		}
		switch {
		case o.SameVerdict:
			r.SameVerdict++
		case o.Faulty:
			r.Missed++
		default:
			r.FalseErrors++
		}
		if o.SameFirst {
			r.SameFirst++
		}
		if o.SameAny {
			r.SameAny++
		}
	}
	for _, o := range outcomes {
		add(o.Variant.Class, o.Variant.Syntax, o)
		add("all", o.Variant.Syntax, o)
		add("all", "", o)
	}
	var out []Row
	for _, class := range append(slices.Clone(Classes), "all") {
		for _, syntax := range []string{Native, JSON, ""} {
			if r := rows[[2]string{class, syntax}]; r != nil {
				out = append(out, *r)
			}
		}
	}
	return out
}

// FormatTable lays rows out as a Markdown table.
func FormatTable(rows []Row) string {
	var b strings.Builder
	b.WriteString("| class | syntax | variants | faulty (client) | as written | same verdict | false errors | missed | same first error file:line | checker's first error is one of the client's |\n")
	b.WriteString("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n")
	for _, r := range rows {
		syntax := r.Syntax
		if syntax == "" {
			syntax = "both"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d (%.0f%%) | %d | %d | %d/%d (%.0f%%) | %d/%d (%.0f%%) |\n",
			r.Class, syntax, r.Variants, r.Faulty, r.Expected,
			r.SameVerdict, 100*r.VerdictShare(), r.FalseErrors, r.Missed,
			r.SameFirst, r.Faulty, 100*r.FirstShare(),
			r.SameAny, r.Faulty, 100*share(r.SameAny, r.Faulty))
	}
	return b.String()
}

// Describe says in one line what a result found: valid, or the first
// error's summary and place and how many errors there are.
func Describe(r *Result) string {
	d := r.FirstError()
	if d == nil {
		return "valid"
	}
	return fmt.Sprintf("%d error(s), first %s %q", len(r.Errors()), d.Where(), d.Summary)
}
