package funcs

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// The differential test writes one module of outputs, one call each,
// runs the program's "validate -json" on it and compares, call by call,
// the summaries of the errors the program reports with those of
// evaluating the same expression with hclsyntax and Table. validate
// needs no init for a module without providers or modules; it evaluates
// every output, with each input variable an unknown value of its type.

// variables are the module's input variables, unknown in validate.
const variables = `variable "s" { type = string }
variable "n" { type = number }
variable "b" { type = bool }
variable "l" { type = list(string) }
variable "m" { type = map(string) }
variable "o" { type = object({ a = string }) }
variable "a" {}
variable "secret" {
  type      = string
  sensitive = true
}
`

// variableValues are the same variables as validate sees them.
func variableValues() cty.Value {
	return cty.ObjectVal(map[string]cty.Value{
		"s":      cty.UnknownVal(cty.String),
		"n":      cty.UnknownVal(cty.Number),
		"b":      cty.UnknownVal(cty.Bool),
		"l":      cty.UnknownVal(cty.List(cty.String)),
		"m":      cty.UnknownVal(cty.Map(cty.String)),
		"o":      cty.UnknownVal(cty.Object(map[string]cty.Type{"a": cty.String})),
		"a":      cty.DynamicVal,
		"secret": cty.UnknownVal(cty.String).Mark(Sensitive),
	})
}

// handCases are calls chosen for the errors a validator should report
// before apply, and valid calls whose results are computed.
var handCases = []string{
	`length(1)`, `length(true)`, `length("abc")`, `length([1, 2])`, `length({ a = 1 })`, `length(var.a)`, `length(var.n)`, `length(null)`,
	`tonumber("x")`, `tonumber("12")`, `tonumber(true)`, `tonumber([])`, `tonumber(null)`, `tonumber(var.s)`, `tonumber(var.l)`,
	`tobool("maybe")`, `tobool("true")`, `tobool(1)`, `tostring([])`, `tostring(1)`, `tostring(null)`, `tostring({})`,
	`tolist("a")`, `tolist([1, "a"])`, `tolist([1, {}])`, `tolist({ a = 1 })`, `toset([[], 1])`, `tomap([1])`, `tomap({ a = 1, b = "x" })`, `tomap({ a = 1, b = [] })`,
	`element([], 0)`, `element([1, 2], 5)`, `element("a", 0)`, `element([1], -1)`, `element(var.l, 0)`,
	`index([], 1)`, `index([1, 2], 3)`, `index([1, 2], 2)`, `index("a", "a")`, `index({ a = 1 }, 1)`, `index(var.l, "a")`,
	`lookup({}, "k")`, `lookup({ a = 1 }, "b")`, `lookup({ a = 1 }, "a")`, `lookup({ a = 1 }, "b", 2)`, `lookup(tomap({ a = 1 }), "b", [])`, `lookup("x", "a")`, `lookup({ a = 1 }, "a", 1, 2)`, `lookup(var.m, "a")`, `lookup(var.o, "b")`, `lookup(var.o, var.s)`,
	`coalesce()`, `coalesce(null)`, `coalesce("", null)`, `coalesce(1, "a")`, `coalesce([], 1)`, `coalesce(var.s, "a")`,
	`one([1, 2])`, `one([])`, `one([1])`, `one("a")`, `one(var.l)`, `one({ a = 1 })`,
	`sum([])`, `sum(["a"])`, `sum([1, 2])`, `sum("a")`, `sum({ a = 1 })`, `sum([null])`, `sum(var.l)`,
	`alltrue([true, null])`, `anytrue([1])`, `alltrue(["x"])`,
	`matchkeys([1], [1, 2], [1])`, `matchkeys([1], [[]], ["a"])`, `matchkeys(["a"], ["k"], ["k"])`,
	`transpose({ a = ["x"] })`, `transpose({ a = [null] })`, `transpose({ a = null })`,
	`base64decode("!")`, `base64decode("/w==")`, `base64decode("YQ==")`, `urldecode("%zz")`,
	`replace("a", "/(/", "b")`, `replace("abc", "/b/", "x")`,
	`nonsensitive("a")`, `nonsensitive(var.secret)`, `nonsensitive(sensitive("a"))`, `issensitive(var.secret)`, `tonumber(var.secret)`, `tonumber(sensitive("x"))`,
	`startswith(var.s, "")`, `endswith(null, "a")`, `strcontains("a", 1)`,
	`format("%d", "x")`, `format("%s")`, `format("%z", 1)`, `format(var.s, 1)`, `formatlist("%s", [1], [1, 2])`,
	`jsondecode("{")`, `jsondecode("1")`, `jsonencode(var.a)`, `csvdecode("a\nb,c")`,
	`regex("(", "a")`, `regex("b", "a")`, `regexall("[", "a")`,
	`concat([1], "a")`, `concat([1], ["a"])`, `merge({ a = 1 }, 1)`, `merge(null)`, `flatten("a")`, `flatten([[1], [[2]]])`,
	`keys([])`, `values("a")`, `zipmap(["a"], [1, 2])`, `zipmap(["a", "a"], [1, 2])`,
	`range()`, `range(1, 2, 3, 4)`, `range(0, 10, -1)`, `range(1.5)`,
	`slice([1, 2], 1, 0)`, `slice([1], 0, 5)`, `chunklist([1], -1)`, `distinct("a")`, `reverse("a")`, `sort([[]])`,
	`setproduct()`, `setproduct([1])`, `setunion([1], ["a"])`, `contains([1], null)`, `contains("a", "a")`, `contains(var.l, "a")`,
	`substr("abc", 5, 1)`, `split(",", null)`, `join(",", [[]])`, `join(",", var.l)`, `parseint("x", 10)`, `parseint("1", 99)`,
	`pow(2)`, `log(1, 0)`, `max()`, `min("a")`, `abs("x")`, `floor(null)`, `signum(var.n)`,
	`formatdate("YYYY", "x")`, `formatdate("YYYY", "2020-01-01T00:00:00Z")`, `timeadd("x", "1h")`, `timeadd("2020-01-01T00:00:00Z", "1x")`, `timecmp("x", "y")`,
	`cidrhost("x", 1)`, `cidrsubnet("10.0.0.0/8", 30, 0)`, `cidrnetmask("10.0.0.0")`, `uuidv5("x", "a")`,
	`yamldecode("{")`, `yamlencode(var.a)`, `textencodebase64("a", "nope")`,
	`file("nope")`, `fileexists("nope")`, `templatefile("nope", {})`, `abspath("a")`, `timestamp()`, `uuid()`, `plantimestamp()`, `bcrypt("a")`,
	`try(1)`, `try()`, `try(null)`, `try(var.a, 1)`, `can(1)`, `can(var.a)`, `can(length(1))`, `try(length(1), 2)`,
	`list(1)`, `map("a", 1)`, `list()`, `core::length(1)`, `core::list(1)`, `core::nosuch(1)`, `nosuch(1)`, `type(1)`,
	`length([1]...)`, `concat([[1], [2]]...)`, `concat(var.a...)`, `max([1, 2]...)`, `max(var.l...)`,
	`lookup(var.m, var.s)`, `lookup(var.o, "a")`, `lookup(var.a, "x")`, `lookup(var.o, "a", 1)`, `lookup(var.m, "a", [])`, `coalesce(var.a, 1)`, `coalesce(var.l, [1])`, `one(var.a)`, `sum(var.a)`, `length(var.o)`,
	`tolist(var.a)`, `tomap(var.o)`, `tostring(var.o)`, `tonumber(var.b)`, `tobool(var.n)`, `toset(var.m)`, `element(var.a, 0)`, `element(var.l, var.n)`, `index(var.l, 1)`, `matchkeys(var.l, var.l, ["a"])`, `transpose(var.a)`, `transpose(var.m)`,
	`cidrsubnets(var.s, 1)`, `cidrsubnets("10.0.0.0/8", var.n)`, `cidrsubnets("10.0.0.0/8", var.n, 40)`, `cidrhost(var.s, -1)`, `cidrhost(var.l, 1)`, `startswith(var.s, "a")`, `format("%d", var.s)`, `format("%d", var.a)`, `format(var.s, var.a)`,
	`jsonencode(var.o)`, `sort(var.l)`, `setproduct(var.l, [1])`, `merge(var.o, { b = 1 })`, `merge(var.a, 1)`, `flatten(var.a)`, `concat(var.l, [1])`, `keys(var.a)`, `values(var.o)`, `zipmap(var.l, var.l)`,
	`nonsensitive(var.s)`, `nonsensitive(var.a)`, `sensitive(var.secret)`, `issensitive(var.a)`, `uuidv5(var.s, "a")`, `timecmp(var.s, "x")`, `length(var.secret)`, `base64decode(var.secret)`, `upper(var.l)`, `abs(var.s)`,
	`concat(var.s...)`, `max(var.n...)`, `max(var.l...)`, `format("%s %s", ["a", "b"]...)`, `lookup({ a = var.secret }, "a")`, `element(var.l, -1)`, `slice(var.l, 0, 1)`, `range(var.n)`, `chunklist(var.l, 0)`,
	`sensitive(1)`, `ephemeralasnull(1)`, `templatestring("a", {})`, `templatestring(var.s, {})`, `cidrcontains("x", "y")`, `base64gunzip("x")`,
}

// valueCases are valid calls whose values TestValuesAgainstConsole
// compares (they run through the validate test too).
var valueCases = []string{
	`cidrhost("10.0.0.0/8", 2)`, `cidrhost("10.0.0.0/8", -1)`, `cidrhost("10.0.0.0/30", 4)`, `cidrhost("010.000.1.0/24", 5)`, `cidrhost("fd00::/64", 65535)`, `cidrhost("fd00::/120", -2)`, `cidrhost("10.0.0.0/8", 1.5)`,
	`cidrnetmask("10.0.0.0/8")`, `cidrnetmask("192.168.1.0/27")`, `cidrnetmask("fd00::/64")`, `cidrnetmask("10.0.0.0/33")`,
	`cidrsubnet("10.0.0.0/8", 8, 2)`, `cidrsubnet("10.0.0.0/16", 8, 255)`, `cidrsubnet("10.0.0.0/16", 8, 256)`, `cidrsubnet("fd00::/56", 8, 17)`, `cidrsubnet("10.1.2.3/16", 4, 1)`, `cidrsubnet("10.0.0.0/8", -1, 0)`,
	`cidrsubnets("10.0.0.0/8", 4, 4, 8, 4)`, `cidrsubnets("10.0.0.0/30", 1, 1, 1)`, `cidrsubnets("10.0.0.0/8")`, `cidrsubnets("fd00::/56", 8, 16, 8)`, `cidrsubnets("10.0.0.0/8", 0)`, `cidrsubnets("10.0.0.0/8", 33)`, `cidrsubnets("10.0.0.0/30", 3)`, `cidrsubnets("0.0.0.0/0", 1)`, `cidrsubnets("10.0.0.0/24", 2, 1)`,
	`cidrcontains("10.0.0.0/8", "10.1.2.3")`, `cidrcontains("10.0.0.0/8", "11.1.2.3")`, `cidrcontains("10.0.0.0/8", "10.1.0.0/16")`, `cidrcontains("10.0.0.0/16", "10.0.0.0/8")`, `cidrcontains("10.0.0.0/8", "::1")`, `cidrcontains("fd00::/8", "fd00::1")`, `cidrcontains("10.0.0.0/8", "nope")`,
	`uuidv5("dns", "example.com")`, `uuidv5("url", "https://example.com")`, `uuidv5("oid", "1.2.3")`, `uuidv5("x500", "cn=a")`, `uuidv5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "a")`, `uuidv5("{6ba7b810-9dad-11d1-80b4-00c04fd430c8}", "a")`, `uuidv5("urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8", "a")`, `uuidv5("6ba7b8109dad11d180b400c04fd430c8", "a")`, `uuidv5("6ba7b810-9dad-11d1-80b4-00c04fd430cz", "a")`,
	`timecmp("2020-01-01T00:00:00Z", "2020-01-01T01:00:00+01:00")`, `timecmp("2020-01-01T00:00:00Z", "2021-01-01T00:00:00Z")`, `timecmp("2021-01-01T00:00:00Z", "2020-01-01T00:00:00Z")`, `timecmp("2020-01-01", "2020-01-01T00:00:00Z")`, `timecmp("2020-01-01T00:00:00Z", "2020-13-01T00:00:00Z")`,
	`md5("abc")`, `sha1("abc")`, `sha256("abc")`, `sha512("abc")`, `base64sha256("abc")`, `base64sha512("abc")`, `base64encode("héllo")`, `base64decode("aMOpbGxv")`, `urlencode("a b&c/é")`, `urldecode("a+b%26c")`,
	`basename("/a/b/c.txt")`, `basename("")`, `dirname("/a/b/c.txt")`, `dirname("c")`, `replace("hello", "l", "L")`, `replace("hello", "/l+/", "<$0>")`, `replace("a-b", "/(\\w)-(\\w)/", "$2$1")`,
	`startswith("hello", "he")`, `endswith("hello", "lo")`, `strcontains("hello", "ell")`,
	`length("héllo")`, `length({ a = 1, b = 2 })`, `length(toset([1, 1, 2]))`, `length(tomap({ a = 1 }))`,
	`tolist(["a", 1, true])`, `toset(["b", "a", "b"])`, `tomap({ a = 1, b = "2" })`, `tonumber("1e3")`, `tostring(12.50)`, `tobool("false")`,
	`lookup({ a = { b = 1 } }, "a")`, `lookup(tomap({ a = 1 }), "b", "2")`, `coalesce("", "b")`, `coalesce(null, 2, 3)`, `coalesce(1, "a")`,
	`index(["a", "b"], "b")`, `index([1, "1"], "1")`, `one(toset(["a"]))`, `one([])`, `sum([1, 2.5, "3"])`, `sum(toset([1, 2]))`,
	`alltrue([])`, `alltrue([true, "true"])`, `anytrue([false, null])`, `matchkeys(["a", "b", "c"], [1, 2, 3], [1, 3])`, `matchkeys([], [], [])`,
	`transpose({ a = ["x", "y"], b = ["x"] })`, `transpose({})`,
	`format("%5.2f|%-4s|%q|%v", 3.14159, "ab", "q", [1])`, `formatlist("%s=%d", ["a", "b"], [1, 2])`, `element(["a", "b"], 3)`, `element(["a", "b"], -1)`,
	`flatten([[1, [2]], [], [[[3]]]])`, `merge({ a = 1 }, { b = 2 }, null)`, `merge({ a = 1 }, { a = "x" })`, `concat([1], ["a"])`, `distinct([1, 1, "1"])`, `chunklist([1, 2, 3], 2)`,
	`setproduct(["a", "b"], [1, 2])`, `setunion([1], [2])`, `setintersection([1, 2], [2])`, `setsubtract([1, 2], [2])`, `keys({ b = 1, a = 2 })`, `values({ b = 1, a = 2 })`, `zipmap(["a", "b"], [1, 2])`,
	`range(3)`, `range(1, 10, 3)`, `range(5, 1)`, `slice([1, 2, 3], 1, 3)`, `sort(["b", "a", "10", "9"])`, `reverse([1, 2])`, `strrev("héllo")`, `substr("héllo", 1, 3)`, `substr("hello", -3, -1)`,
	`split(",", "a,,b")`, `join("-", ["a", "b"])`, `regex("(\\d+)-(\\d+)", "12-34")`, `regex("(?P<a>\\d+)", "x12")`, `regexall("\\d", "a1b2")`, `title("hello world")`, `trim("xxaxx", "x")`, `trimprefix("abc", "a")`, `trimsuffix("abc", "c")`, `trimspace("  a  ")`, `chomp("a\n")`, `indent(2, "a\nb")`, `upper("é")`, `lower("É")`,
	`abs(-1.5)`, `ceil(1.2)`, `floor(-1.2)`, `log(8, 2)`, `pow(2, 10)`, `signum(-3)`, `max(1, 5, 3)`, `min(1, 5, 3)`, `parseint("ff", 16)`, `parseint("-101", 2)`,
	`jsondecode("{\"a\": [1, true, null]}")`, `jsonencode({ a = [1, "x"], b = null })`, `csvdecode("a,b\n1,2\n")`, `formatdate("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z")`, `timeadd("2020-01-01T00:00:00Z", "1h30m")`,
	`nonsensitive(sensitive(1))`, `issensitive(1)`, `issensitive(sensitive(1))`, `ephemeralasnull(1)`, `try(1, 2)`, `can(1)`,
}

// generatedCases makes, for each function of the table (core::
// aliases aside), calls with no arguments, sample arguments, one too
// many, and each parameter in turn null, unknown, of a wrong type.
func generatedCases(p Release) []string {
	var out []string
	sigs := Signatures(p)
	for _, name := range Names(p) {
		sig, ok := sigs[name]
		if !ok || strings.HasPrefix(name, CorePrefix) {
			continue
		}
		params := slices.Clone(sig.Params)
		if sig.VarParam != nil {
			params = append(params, *sig.VarParam)
		}
		args := make([]string, len(params))
		for i, p := range params {
			args[i] = sample(p.Type)
		}
		call := func(args []string) string { return name + "(" + strings.Join(args, ", ") + ")" }
		out = append(out, name+"()", call(args))
		if sig.VarParam == nil {
			out = append(out, call(append(slices.Clone(args), "1")))
		} else {
			out = append(out, call(append(slices.Clone(args), args[len(args)-1])))
		}
		for i, p := range params {
			with := func(v string) {
				a := slices.Clone(args)
				a[i] = v
				out = append(out, call(a))
			}
			with("null")
			with("var.a")
			if u := unknownOf(p.Type); u != "" {
				with(u)
			}
			for _, w := range wrong(p.Type) {
				with(w)
			}
		}
	}
	return out
}

// sample is a value that converts to ty.
func sample(ty cty.Type) string {
	switch {
	case ty == cty.String:
		return `"a"`
	case ty == cty.Number:
		return "1"
	case ty == cty.Bool:
		return "true"
	case ty.IsListType(), ty.IsSetType():
		return "[" + sample(ty.ElementType()) + "]"
	case ty.IsMapType():
		return "{ k = " + sample(ty.ElementType()) + " }"
	case ty.IsObjectType():
		var attrs []string
		for name, aty := range ty.AttributeTypes() {
			attrs = append(attrs, name+" = "+sample(aty))
		}
		slices.Sort(attrs)
		return "{ " + strings.Join(attrs, ", ") + " }"
	case ty.IsTupleType():
		var elems []string
		for _, ety := range ty.TupleElementTypes() {
			elems = append(elems, sample(ety))
		}
		return "[" + strings.Join(elems, ", ") + "]"
	}
	return `"a"` // any type
}

// unknownOf is a variable of type ty, or "".
func unknownOf(ty cty.Type) string {
	switch {
	case ty == cty.String:
		return "var.s"
	case ty == cty.Number:
		return "var.n"
	case ty == cty.Bool:
		return "var.b"
	case ty.Equals(cty.List(cty.String)):
		return "var.l"
	case ty.Equals(cty.Map(cty.String)):
		return "var.m"
	}
	return ""
}

// wrong lists values that do not convert to ty.
func wrong(ty cty.Type) []string {
	switch {
	case ty == cty.String:
		return []string{"{}", "[]"}
	case ty == cty.Number:
		return []string{`"x"`, "{}"}
	case ty == cty.Bool:
		return []string{`"maybe"`, "[]"}
	case ty.IsListType(), ty.IsSetType():
		return []string{`"x"`, "[{}, []]"}
	case ty.IsMapType(), ty.IsObjectType():
		return []string{`"x"`}
	}
	return nil
}

// module writes cases as outputs, one a line from line firstLine.
func module(cases []string) (src string, firstLine int) {
	var b strings.Builder
	b.WriteString(variables)
	firstLine = strings.Count(variables, "\n") + 1
	for i, c := range cases {
		fmt.Fprintf(&b, "output \"c%d\" {\n  sensitive = true\n  value = %s\n}\n", i, c)
	}
	return b.String(), firstLine
}

type validateOutput struct {
	Valid       bool `json:"valid"`
	Diagnostics []struct {
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
		Detail   string `json:"detail"`
		Range    *struct {
			Filename string `json:"filename"`
			Start    struct {
				Line int `json:"line"`
			} `json:"start"`
		} `json:"range"`
	} `json:"diagnostics"`
}

// runValidate runs the program's validate -json on src, cached under
// ~/.cache/hcljson/funcs by a hash of the binary's name, version and src.
func runValidate(t *testing.T, p Release, bin, src string) validateOutput {
	t.Helper()
	sum := sha256.Sum256([]byte(p.String() + " " + p.Version() + "\n" + src))
	key := hex.EncodeToString(sum[:])
	cache := filepath.Join(filepath.Dir(clientstest.CacheDir()), "funcs", p.String()+"-"+key+".json")
	out, err := os.ReadFile(cache)
	if err != nil {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		rc := filepath.Join(dir, "empty.tfrc")
		if err := os.WriteFile(rc, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "validate", "-json", "-no-color")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1")
		out, err = cmd.Output() // exit status 1 when invalid
		if len(out) == 0 {
			t.Fatalf("%s validate -json: %v", bin, err)
		}
		if err := os.MkdirAll(filepath.Dir(cache), 0o755); err == nil {
			_ = os.WriteFile(cache, out, 0o644)
		}
	}
	var v validateOutput
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s validate -json: %v\n%s", bin, err, out)
	}
	return v
}

// evalErrors evaluates expr as validate would, returning its error summaries.
func evalErrors(ctx *hcl.EvalContext, expr string) []string {
	e, diags := hclsyntax.ParseExpression([]byte(expr), "main.tf", hcl.InitialPos)
	if !diags.HasErrors() {
		_, more := e.Value(ctx)
		diags = append(diags, more...)
	}
	var out []string
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			out = append(out, d.Summary)
		}
	}
	return uniqSorted(out)
}

func uniqSorted(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// expectedDifference says why the table may disagree with the program
// on a call of the function called name whose errors are want in the
// program and got here, or "". A function left unknown here may miss
// the program's errors about values, never differ otherwise; try and
// can may report here the errors the program catches.
func expectedDifference(p Release, name string, want, got []string) string {
	switch name {
	case "try", "can":
		if len(want) == 0 {
			return "takes expressions in the program, values here"
		}
		return ""
	}
	if len(got) > 0 {
		return ""
	}
	switch name {
	case "file", "filebase64", "filebase64sha256", "filebase64sha512", "filemd5", "filesha1", "filesha256", "filesha512",
		"fileexists", "fileset", "templatefile":
		return "reads files: unknown here"
	}
	if !Evaluated(p, name) {
		return "not computed here"
	}
	return ""
}

// knownDifferences are the calls on which the table is known to differ
// from the program, with the reason.
var knownDifferences = map[Release]map[string]string{
	Terraform157: {
		// go-cty 1.12.2 calls the implementation when an argument is a
		// null of no type (the null literal) on a parameter that does not
		// take dynamic types; go-cty 1.19 returns an unknown value.
		`format("a", null)`:     "go-cty 1.12.2 formats a typeless null",
		`formatlist("a", null)`: "go-cty 1.12.2 formats a typeless null",
	},
	Terraform114: {
		// The client is Terraform 1.11.4 (go-cty 1.16.0); go-cty 1.16.2,
		// in Terraform 1.14, takes a negative index into a tuple.
		`element(["a", "b"], -1)`: "go-cty 1.16.0 fails on a negative index into a tuple",
		`core::nosuch(1)`:         `Terraform says "Unknown provider function" in any namespace`,
	},
}

// calledName is the name of the function expr calls, or "".
func calledName(expr string) string {
	name, _, ok := strings.Cut(expr, "(")
	if !ok {
		return ""
	}
	return strings.TrimPrefix(name, CorePrefix)
}

// validateResults returns the differential cases of p and, for each,
// the summaries of the errors the program's validate reports.
func validateResults(t *testing.T, p Release) (cases []string, theirs [][]string) {
	t.Helper()
	bin := client(t, p)
	for _, c := range slices.Concat(handCases, valueCases, generatedCases(p)) {
		if p == Terraform157 && strings.Contains(c, "::") {
			continue // Terraform 1.5.7's HCL cannot parse namespaced calls
		}
		cases = append(cases, c)
	}
	cases = uniqSorted(cases)
	for _, c := range cases {
		// A syntax error would stop validate before any evaluation.
		if _, diags := hclsyntax.ParseExpression([]byte(c), "case", hcl.InitialPos); diags.HasErrors() {
			t.Fatalf("case %s does not parse: %s", c, diags)
		}
	}
	src, first := module(cases)
	v := runValidate(t, p, bin, src)
	theirs = make([][]string, len(cases))
	for _, d := range v.Diagnostics {
		if d.Severity != "error" {
			continue
		}
		if d.Range == nil || (d.Range.Start.Line-first)%4 != 2 {
			t.Errorf("diagnostic not on a case's line: %s: %s", d.Summary, d.Detail)
			continue
		}
		i := (d.Range.Start.Line - first) / 4
		theirs[i] = append(theirs[i], d.Summary)
	}
	for i := range theirs {
		theirs[i] = uniqSorted(theirs[i])
	}
	return cases, theirs
}

func evalContext(p Release) *hcl.EvalContext {
	return &hcl.EvalContext{
		Variables: map[string]cty.Value{"var": variableValues()},
		Functions: Table(p),
	}
}

// TestAgainstValidate is the differential test; it reports the agreement
// figures and fails on every disagreement not explained by
// expectedDifference.
func TestAgainstValidate(t *testing.T) {
	for _, p := range All {
		t.Run(p.String()+"-"+p.Version(), func(t *testing.T) {
			cases, theirs := validateResults(t, p)
			ctx := evalContext(p)
			var agree, errorsAgree, expected, unexpected int
			for i, c := range cases {
				want := theirs[i]
				got := evalErrors(ctx, c)
				if slices.Equal(got, want) {
					agree++
					if len(want) > 0 {
						errorsAgree++
					}
					continue
				}
				why := knownDifferences[p][c]
				if why == "" {
					why = expectedDifference(p, calledName(c), want, got)
				}
				if why != "" {
					expected++
					t.Logf("expected difference (%s): %s: %s %q, here %q", why, c, p, want, got)
					continue
				}
				unexpected++
				t.Errorf("%s: %s %q, here %q", c, p, want, got)
			}
			t.Logf("%s %s: %d calls; %d agree (%d of them errors); %d differ as expected; %d differ otherwise",
				p, p.Version(), len(cases), agree, errorsAgree, expected, unexpected)
		})
	}
}

// TestValuesAgainstConsole compares the values the table computes with
// the program's: every call of the differential test that validate
// accepts, needs no variable and has a known, unmarked value here is
// evaluated by the program's console, all in one expression
// (jsonencode of the list of each value's jsonencode, since Terraform
// 1.5.7's console prints only the last line of its input), and the JSON
// texts compared.
func TestValuesAgainstConsole(t *testing.T) {
	for _, p := range All {
		t.Run(p.String()+"-"+p.Version(), func(t *testing.T) {
			cases, theirs := validateResults(t, p)
			ctx := evalContext(p)
			var exprs, ours, unknowns []string
			for i, c := range cases {
				if len(theirs[i]) > 0 || strings.Contains(c, "var.") {
					continue
				}
				e, diags := hclsyntax.ParseExpression([]byte(c), "case", hcl.InitialPos)
				if diags.HasErrors() {
					continue
				}
				v, diags := e.Value(ctx)
				if diags.HasErrors() {
					continue
				}
				if !v.IsWhollyKnown() || v.ContainsMarked() {
					unknowns = append(unknowns, c)
					continue
				}
				j, err := ctx.Functions["jsonencode"].Call([]cty.Value{v})
				if err != nil {
					t.Errorf("%s: jsonencode: %v", c, err)
					continue
				}
				exprs = append(exprs, c)
				ours = append(ours, j.AsString())
			}
			got := consoleValues(t, p, exprs)
			if len(got) != len(exprs) {
				t.Fatalf("console returned %d values for %d calls", len(got), len(exprs))
			}
			same := 0
			for i, c := range exprs {
				if got[i] == ours[i] {
					same++
					continue
				}
				t.Errorf("%s: %s %s, here %s", c, p, got[i], ours[i])
			}
			t.Logf("%s %s: %d known values compared, %d equal; %d valid calls unknown or sensitive here: %s",
				p, p.Version(), len(exprs), same, len(unknowns), strings.Join(unknowns, " "))
		})
	}
}

// consoleValues evaluates jsonencode of each expression with the
// program's console, cached like runValidate.
func consoleValues(t *testing.T, p Release, exprs []string) []string {
	t.Helper()
	bin := client(t, p)
	var b strings.Builder
	b.WriteString("jsonencode([")
	for i, e := range exprs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("jsonencode(" + e + ")")
	}
	b.WriteString("])\n")
	input := b.String()
	sum := sha256.Sum256([]byte(p.String() + " " + p.Version() + " console\n" + input))
	cache := filepath.Join(filepath.Dir(clientstest.CacheDir()), "funcs", p.String()+"-console-"+hex.EncodeToString(sum[:])+".txt")
	out, err := os.ReadFile(cache)
	if err != nil {
		dir := t.TempDir()
		rc := filepath.Join(dir, "empty.tfrc")
		if err := os.WriteFile(rc, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "console")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(input)
		cmd.Env = append(os.Environ(), "TF_CLI_CONFIG_FILE="+rc, "TF_IN_AUTOMATION=1")
		out, err = cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s console: %v\n%s", bin, err, out)
		}
		if err := os.MkdirAll(filepath.Dir(cache), 0o755); err == nil {
			_ = os.WriteFile(cache, out, 0o644)
		}
	}
	line := strings.TrimSpace(string(out))
	e, diags := hclsyntax.ParseExpression([]byte(line), "console", hcl.InitialPos)
	if diags.HasErrors() {
		t.Fatalf("console output: %s\n%s", diags, out)
	}
	v, diags := e.Value(nil)
	if diags.HasErrors() || v.Type() != cty.String {
		t.Fatalf("console output: %s\n%s", diags, out)
	}
	var vals []string
	if err := json.Unmarshal([]byte(v.AsString()), &vals); err != nil {
		t.Fatalf("console output: %v\n%s", err, out)
	}
	return vals
}
