package validatedifftest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hcljson/hcljson/gen"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/tojson"
)

// The classes of issue 12, one per kind of finding that terraform
// validate makes and hcljson check is to make.
const (
	Undeclared  = "undeclared"  // references to undeclared variables, locals, resources, data sources, modules, module outputs
	Context     = "context"     // each, count and self outside their context
	Attributes  = "attributes"  // unknown attributes of resources (by the provider schema) and of objects
	Functions   = "functions"   // unknown functions, argument counts and types
	Expressions = "expressions" // operator, conditional, index and for errors certain before apply
	Duplicates  = "duplicates"  // duplicates across the files of a module, .tf and .tf.json together
	Meta        = "meta"        // count/for_each, depends_on, lifecycle, provider, moved/import/removed
	Types       = "types"       // variable defaults and validation, booleans, provider types, required arguments, unknown blocks
	Cycles      = "cycles"      // cycles between locals, resources and modules
)

// Classes lists the classes in the order of the tables.
var Classes = []string{Undeclared, Context, Attributes, Functions, Expressions, Duplicates, Meta, Types, Cycles}

// The syntaxes of a variant.
const (
	Native = "native"
	JSON   = "json"
)

// A Case is one change to the base module: files added to it (or
// replacing one of its files of the same name), in native syntax unless
// a name ends in .json.
type Case struct {
	Class, Name string
	// Valid is what the case is written to be: a faulty change, or a
	// valid one that looks suspicious. The clients' verdict is the truth;
	// a case whose verdict differs from Valid is listed by the test.
	Valid bool
	Files map[string]string
	// JSON holds files of the JSON twin written directly, by their
	// .tf.json name, where converting the native file is not what is
	// tested or cannot keep the fault: the native file of the same stem
	// is then not converted.
	JSON map[string]string
	// NoJSON, when set, says why the case has no JSON twin.
	NoJSON string
	// Only names the one client that knows what the case uses (such as
	// OpenTofu for removed blocks and ephemeral variables, newer than
	// Terraform 1.5); "" is both.
	Only string
}

// A Variant is one module to validate: the base module with a case's
// change, in one syntax.
type Variant struct {
	Class, Name, Syntax string
	Valid               bool
	Only                string
	// Files maps each file's path, relative to the module's directory
	// (child/main.tf for the child module), to its content.
	Files map[string]string
}

// ID names the variant: CLASS/NAME/SYNTAX.
func (v *Variant) ID() string { return v.Class + "/" + v.Name + "/" + v.Syntax }

// For reports whether the client called name is to validate v.
func (v *Variant) For(client string) bool { return v.Only == "" || v.Only == client }

// Paths returns the paths of v's files, sorted.
func (v *Variant) Paths() []string { return slices.Sorted(maps.Keys(v.Files)) }

// Hash is the SHA-256 of v's files, names and contents, in hex: the key
// of the cached results.
func (v *Variant) Hash() string {
	h := sha256.New()
	for _, p := range v.Paths() {
		fmt.Fprintf(h, "%s\x00%d\x00%s", p, len(v.Files[p]), v.Files[p])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// HasModules reports whether v has a file in a subdirectory: a local
// module, which the clients install with get before validate.
func (v *Variant) HasModules() bool {
	for p := range v.Files {
		if strings.Contains(p, "/") {
			return true
		}
	}
	return false
}

// Variants returns every case of CaseDir (ReadCases) as a native variant
// and its JSON twin, in the order of ReadCases, the JSON twin after each
// native variant. The twin's .tf files are converted to .tf.json as
// hcljson convert does (package tojson with the Terraform language), the
// base module's (ReadBase) too, except where the case writes its JSON
// files itself. An error lists the cases whose conversion failed.
func Variants() ([]*Variant, error) {
	base, err := ReadBase(CaseDir)
	if err != nil {
		return nil, err
	}
	cases, err := ReadCases(CaseDir)
	if err != nil {
		return nil, err
	}
	jsonBase, err := convertAll(base)
	if err != nil {
		return nil, fmt.Errorf("the base module: %w", err)
	}
	var out []*Variant
	var errs []string
	for _, c := range cases {
		native := &Variant{Class: c.Class, Name: c.Name, Syntax: Native, Valid: c.Valid, Only: c.Only, Files: maps.Clone(base)}
		for p, src := range c.Files {
			native.Files[p] = src
		}
		out = append(out, native)
		if c.NoJSON != "" {
			continue
		}
		twin := &Variant{Class: c.Class, Name: c.Name, Syntax: JSON, Valid: c.Valid, Only: c.Only, Files: maps.Clone(jsonBase)}
		own := map[string]string{}
		for p, src := range c.Files {
			if !strings.HasSuffix(p, ".tf") {
				own[p] = src
				continue
			}
			if _, ok := c.JSON[p+".json"]; ok {
				continue
			}
			delete(twin.Files, p+".json") // replaced below
			own[p] = src
		}
		conv, err := convertAll(own)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s/%s: %v", c.Class, c.Name, err))
			continue
		}
		maps.Copy(twin.Files, conv)
		maps.Copy(twin.Files, c.JSON)
		out = append(out, twin)
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("converting to JSON:\n%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// convertAll converts each .tf file of files to .tf.json, keeping the
// other files as they are.
func convertAll(files map[string]string) (map[string]string, error) {
	out := map[string]string{}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if !strings.HasSuffix(p, ".tf") {
			out[p] = files[p]
			continue
		}
		b, diags := tojson.Convert([]byte(files[p]), p, tojson.Options{Schema: schema.Terraform.Root}, gen.Options{})
		if diags.HasErrors() {
			return nil, fmt.Errorf("%s: %s", p, diags.Error())
		}
		out[p+".json"] = string(b)
	}
	return out, nil
}
