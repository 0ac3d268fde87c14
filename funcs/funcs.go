package funcs

import (
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	ctyjson "github.com/zclconf/go-cty/cty/json"

	"github.com/hcljson/hcljson/schema"
)

//go:generate ../scripts/funcs-metadata.sh

// data holds each release's "metadata functions -json" output, as
// scripts/funcs-metadata.sh writes it.
//
//go:embed data/*.json
var data embed.FS

// A Release is a release of OpenTofu or Terraform whose functions the
// package records: the release a table belongs to, not the program a
// module is read for (schema.Program; TableFor maps one to the other).
type Release int

const (
	OpenTofu112  Release = iota // OpenTofu 1.12.6
	Terraform157                // Terraform 1.5.7, the last MPL release
	// Terraform114 is Terraform 1.14, the newest release: its table is
	// the metadata of Terraform 1.11.4, whose functions 1.14 keeps (the
	// same names in internal/lang/functions.go, the same signatures;
	// only the file functions' implementations changed between them).
	Terraform114
)

// Pinned lists the releases whose pinned clients (internal/clientstest)
// the tests compare the tables with, OpenTofu first. Terraform114 has
// no pinned client.
var Pinned = []Release{OpenTofu112, Terraform157}

// All lists every Release: Pinned, then Terraform114.
var All = []Release{OpenTofu112, Terraform157, Terraform114}

// String returns the command name of the release's program: "tofu" or
// "terraform".
func (p Release) String() string {
	switch p {
	case OpenTofu112:
		return "tofu"
	case Terraform157, Terraform114:
		return "terraform"
	}
	return fmt.Sprintf("Release(%d)", int(p))
}

// Version returns the release's version: "1.12.6", "1.5.7" or "1.14".
func (p Release) Version() string {
	switch p {
	case OpenTofu112:
		return "1.12.6"
	case Terraform157:
		return "1.5.7"
	case Terraform114:
		return "1.14"
	}
	return ""
}

// ReleaseOf returns the release that stands for program p: its newest
// release whose functions the package records, OpenTofu112 for OpenTofu,
// Terraform114 for Terraform, and OpenTofu112 for schema.ProgramAuto,
// whose module is read as OpenTofu reads it. It panics if p is out of
// range.
func ReleaseOf(p schema.Program) Release {
	switch p {
	case schema.ProgramAuto, schema.ProgramOpenTofu:
		return OpenTofu112
	case schema.ProgramTerraform:
		return Terraform114
	}
	panic("funcs: unknown " + p.String())
}

// TableFor returns the functions of program p at release 1.minor, the
// newest of its releases that may run a module (spec.md {#validate}
// V13): the Table of the release that stands for p (ReleaseOf), without
// the functions that came after 1.minor (Added). A minor at or past the
// newest release's is that release's whole table; a negative one keeps
// the functions every release has. The map is fresh on each call and
// the caller's to change. It panics if p is out of range.
func TableFor(p schema.Program, minor int) map[string]function.Function {
	r := ReleaseOf(p)
	t := Table(r)
	for name := range t {
		if added := Added(r, name); added != "" && minorOf(added) > minor {
			delete(t, name)
		}
	}
	return t
}

// minorOf reads the minor version of "1.MINOR".
func minorOf(v string) int {
	n := 0
	for i := len("1."); i < len(v); i++ {
		n = n*10 + int(v[i]-'0')
	}
	return n
}

func (p Release) file() string {
	switch p {
	case OpenTofu112:
		return "data/opentofu-1.12.6.json"
	case Terraform157:
		return "data/terraform-1.5.7.json"
	case Terraform114:
		return "data/terraform-1.11.4.json"
	}
	panic("funcs: unknown " + p.String())
}

// hasCore reports whether p also offers every built-in function under
// core:: (OpenTofu since 1.7, Terraform since 1.8).
func (p Release) hasCore() bool { return p != Terraform157 }

// CorePrefix is the namespace under which OpenTofu and Terraform 1.14
// also offer every built-in function (core::length). Terraform 1.5.7 has
// no such namespace.
const CorePrefix = "core::"

// A Param is one parameter of a function as the program declares it:
// its name, its type constraint (cty.DynamicPseudoType for any type) and
// whether it accepts null.
type Param struct {
	Name     string
	Type     cty.Type
	Nullable bool
}

// A Signature is a function's parameters, its variadic parameter (nil
// when it has none) and its declared return type (cty.DynamicPseudoType
// when the result's type depends on the arguments).
type Signature struct {
	Params     []Param
	VarParam   *Param
	ReturnType cty.Type
}

// tables caches each release's signatures, read once: compiled into the
// package from the embedded metadata (signatures_table.go, checked against
// it by TestSignaturesTable), which parsing took a millisecond of each
// check's first use of a table.
var tables = map[Release]func() (map[string]Signature, error){}

func init() {
	for _, p := range All {
		tables[p] = sync.OnceValues(func() (map[string]Signature, error) {
			if sigs := compiledSignatures(p); sigs != nil {
				return sigs, nil
			}
			b, err := data.ReadFile(p.file())
			if err != nil {
				return nil, err
			}
			return parseMetadata(b)
		})
	}
}

// A typeCache reads each distinct JSON type once: a table names a few
// dozen types hundreds of times.
type typeCache map[string]cty.Type

func (c typeCache) read(raw json.RawMessage) (cty.Type, error) {
	if ty, ok := c[string(raw)]; ok {
		return ty, nil
	}
	ty, err := ctyjson.UnmarshalType(raw)
	if err == nil {
		c[string(raw)] = ty
	}
	return ty, err
}

func signatures(p Release) map[string]Signature {
	get, ok := tables[p]
	if !ok {
		panic("funcs: unknown " + p.String())
	}
	sigs, err := get()
	if err != nil {
		panic("funcs: embedded " + p.file() + ": " + err.Error())
	}
	return sigs
}

// Signatures returns every function release p's "metadata functions
// -json" lists, by name (with the core:: aliases). The map is the
// caller's.
func Signatures(p Release) map[string]Signature {
	sigs := signatures(p)
	out := make(map[string]Signature, len(sigs))
	for name, s := range sigs {
		out[name] = s.clone()
	}
	return out
}

// equal reports whether s and t declare the same parameters and return
// type.
func (s Signature) equal(t Signature) bool {
	eq := func(a, b Param) bool { return a.Name == b.Name && a.Nullable == b.Nullable && a.Type.Equals(b.Type) }
	return slices.EqualFunc(s.Params, t.Params, eq) && (s.VarParam == nil) == (t.VarParam == nil) &&
		(s.VarParam == nil || eq(*s.VarParam, *t.VarParam)) && s.ReturnType.Equals(t.ReturnType)
}

// clone copies s, so that the caller cannot change the cached one.
func (s Signature) clone() Signature {
	s.Params = slices.Clone(s.Params)
	if s.VarParam != nil {
		vp := *s.VarParam
		s.VarParam = &vp
	}
	return s
}

// Lookup returns the signature of the function called name, as the
// metadata of release p declares it. ok is false for a name the metadata
// does not list, including the removed functions list and map.
func Lookup(p Release, name string) (sig Signature, ok bool) {
	sig, ok = signatures(p)[name]
	return sig.clone(), ok
}

// removed lists the functions the programs still recognise only to say
// that they were removed in Terraform 0.12; the metadata omits them.
var removed = []string{"list", "map"}

// Names returns, sorted, the names of Table(p): the functions of the
// metadata and the removed functions list and map (under core:: too
// where p has that namespace).
func Names(p Release) []string {
	var names []string
	for name := range signatures(p) {
		names = append(names, name)
	}
	for _, name := range removed {
		names = append(names, name)
		if p.hasCore() {
			names = append(names, CorePrefix+name)
		}
	}
	slices.Sort(names)
	return names
}

// Table returns release p's function table, for an hcl.EvalContext:
// every function of the metadata with exactly its parameters, variadic
// parameter and return type, and the removed functions list and map,
// whose every call fails as it does in the release. The map is fresh on
// each call and the caller's to change.
func Table(p Release) map[string]function.Function {
	build, ok := builtTables[p]
	if !ok {
		panic("funcs: unknown " + p.String())
	}
	return maps.Clone(build())
}

// Function returns the function called name of release p's table, as
// Table(p) has it (the same parameters, variadic parameter, return type
// and results), built alone: for a caller that needs a few functions of
// a table it would otherwise build whole (package validate reads
// Terraform's format and formatlist beside OpenTofu's). ok is false for
// a name the table does not have. It panics if p is out of range.
func Function(p Release, name string) (f function.Function, ok bool) {
	if _, ok := builtTables[p]; !ok {
		panic("funcs: unknown " + p.String())
	}
	base := stripCore(name)
	if slices.Contains(removed, base) && (base == name || p.hasCore()) {
		return removedFunc(p, base), true
	}
	sigs := signatures(p)
	sig, ok := sigs[name]
	if !ok {
		return function.Function{}, false
	}
	if base != name && sig.equal(sigs[base]) {
		name, sig = base, sigs[base] // the short name's function, as in Table
	}
	impl, implemented := implementations(p)[base]
	return build(p, name, sig, impl, implemented), true
}

// builtTables builds each release's table once: functions are values
// that never change, so the tables can share them.
var builtTables = map[Release]func() map[string]function.Function{
	OpenTofu112:  sync.OnceValue(func() map[string]function.Function { return buildTable(OpenTofu112) }),
	Terraform157: sync.OnceValue(func() map[string]function.Function { return buildTable(Terraform157) }),
	Terraform114: sync.OnceValue(func() map[string]function.Function { return buildTable(Terraform114) }),
}

func buildTable(p Release) map[string]function.Function {
	sigs := signatures(p)
	impls := implementations(p)
	out := make(map[string]function.Function, len(sigs)+4)
	for name, sig := range sigs {
		if short, ok := strings.CutPrefix(name, CorePrefix); ok && sig.equal(sigs[short]) {
			continue // the same function as its short name's: shared below
		}
		impl, ok := impls[stripCore(name)]
		out[name] = build(p, name, sig, impl, ok)
	}
	for name := range sigs {
		if _, built := out[name]; !built {
			out[name] = out[stripCore(name)]
		}
	}
	for _, name := range removed {
		f := removedFunc(p, name)
		out[name] = f
		if p.hasCore() {
			out[CorePrefix+name] = f
		}
	}
	return out
}
