package funcs

import (
	"maps"
	"reflect"
	"slices"

	"github.com/zclconf/go-cty/cty/function"
)

// added records, for the functions of OpenTofu's and Terraform 1.14's
// tables that not every release of the program has, the release that
// added each (from the programs' sources, internal/lang/functions.go of
// each release). OpenTofu's count from 1.6, its first release;
// Terraform's from 1.5: what came before is not recorded.
var added = map[Release]map[string]string{
	OpenTofu112: {
		"base64gunzip":    "1.7",
		"cidrcontains":    "1.7",
		"issensitive":     "1.7",
		"templatestring":  "1.7",
		"urldecode":       "1.7",
		"ephemeralasnull": "1.11",
	},
	Terraform114: {
		"issensitive":     "1.8",
		"templatestring":  "1.9",
		"ephemeralasnull": "1.10",
	},
}

// coreAdded is the release that added the core:: namespace.
var coreAdded = map[Release]string{OpenTofu112: "1.7", Terraform114: "1.8"}

// Added returns the release of p that added the function called name,
// as "MAJOR.MINOR" ("1.9" for Terraform's templatestring, "1.8" for its
// core::length), or "" when every release the package considers has it
// (OpenTofu from 1.6, Terraform from 1.5; every function of the
// Terraform 1.5.7 table). A validator that knows which releases may run
// a module (their required_version) drops the functions none of them
// has. It panics if p is not a Release.
func Added(p Release, name string) string {
	if _, ok := tables[p]; !ok {
		panic("funcs: unknown " + p.String())
	}
	base := stripCore(name)
	if v := added[p][base]; v != "" || base == name {
		return v // no function came before its program's core::
	}
	return coreAdded[p]
}

// A Difference is how a function differs between two programs' tables
// (Differences).
type Difference uint8

const (
	// Absent: one table has the function, the other has not.
	Absent Difference = 1 + iota
	// Recent: some release of either program lacks it (Added), so
	// that a validator narrowing each program's table by the releases
	// that may run a module may find it under one program only.
	Recent
	// Behaviour: its signature (parameters, variadic parameter, return
	// type) or its implementation differ, or its errors name the program
	// (the removed list and map).
	Behaviour
	// Arguments: the same function but for its handling of unknown,
	// dynamically typed, null or marked arguments (function.Parameter's
	// Allow flags), which decides when a call short-circuits to an
	// unknown result without being checked: the calls whose arguments
	// the two handle alike are the same.
	Arguments
)

// Differences returns the functions that a module may find different
// under p and under q, each with how (the first of Absent, Recent,
// Behaviour, Arguments that applies). It is computed from the tables,
// the signatures, the implementations and the releases, not listed by
// hand: a function not named is the same function under both programs at
// every release that may run a module. The map is the caller's.
//
// Between OpenTofu 1.12 and Terraform 1.14, which package validate asks
// for on the first function a module calls, the answer is kept in
// differences_table.go, which TestDifferencesTable checks against the
// computation (and rewrites with -update): computing it parses both
// programs' metadata and builds both tables, some 3% of checking a
// module of 100 files as a process.
func Differences(p, q Release) map[string]Difference {
	if p == OpenTofu112 && q == Terraform114 {
		return maps.Clone(tofuTerraform)
	}
	return differences(p, q)
}

// differences computes Differences.
func differences(p, q Release) map[string]Difference {
	sp, sq := signatures(p), signatures(q)
	ip, iq := implementations(p), implementations(q)
	tp, tq := Table(p), Table(q)
	out := map[string]Difference{}
	for name := range tp {
		if _, ok := tq[name]; !ok {
			out[name] = Absent
		}
	}
	for name := range tq {
		if _, ok := tp[name]; !ok {
			out[name] = Absent
			continue
		}
		base := stripCore(name)
		implP, okP := ip[base]
		implQ, okQ := iq[base]
		fp, fq := flags[p][base], flags[q][base]
		switch {
		case Added(p, name) != "" || Added(q, name) != "":
			out[name] = Recent
		case slices.Contains(removed, base) && p != q,
			okP != okQ || implP != implQ,
			!sameSignature(sp[name], sq[name], !okP):
			out[name] = Behaviour
		case (fp == nil) != (fq == nil) || fp != nil && reflect.ValueOf(fp).Pointer() != reflect.ValueOf(fq).Pointer(),
			!sameParams(tp[name], tq[name]):
			out[name] = Arguments
		}
	}
	return out
}

// sameSignature reports whether a and b declare the same parameters
// (names, types, nullability), variadic parameter and, when returns is
// set, return type: the type a function returns is its implementation's
// when it has one (see build), the signature's otherwise.
func sameSignature(a, b Signature, returns bool) bool {
	if len(a.Params) != len(b.Params) || (a.VarParam == nil) != (b.VarParam == nil) || returns && !a.ReturnType.Equals(b.ReturnType) {
		return false
	}
	same := func(x, y Param) bool { return x.Name == y.Name && x.Nullable == y.Nullable && x.Type.Equals(y.Type) }
	for i := range a.Params {
		if !same(a.Params[i], b.Params[i]) {
			return false
		}
	}
	return a.VarParam == nil || same(*a.VarParam, *b.VarParam)
}

// sameParams reports whether the built functions a and b take their
// parameters alike: types and every Allow flag.
func sameParams(a, b function.Function) bool {
	pa, pb := a.Params(), b.Params()
	if len(pa) != len(pb) || (a.VarParam() == nil) != (b.VarParam() == nil) {
		return false
	}
	same := func(x, y function.Parameter) bool {
		return x.Name == y.Name && x.Type.Equals(y.Type) && x.AllowNull == y.AllowNull && x.AllowUnknown == y.AllowUnknown &&
			x.AllowDynamicType == y.AllowDynamicType && x.AllowMarked == y.AllowMarked
	}
	for i := range pa {
		if !same(pa[i], pb[i]) {
			return false
		}
	}
	return a.VarParam() == nil || same(*a.VarParam(), *b.VarParam())
}
