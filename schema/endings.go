package schema

import (
	"slices"
	"strings"
)

// FileKind is what the ending of a file's name makes of the file.
type FileKind uint8

const (
	// OtherFile: no ending of an HCL file. A name ending ".json" alone
	// (x.json, terraform.tfvars.json) is still in the JSON syntax.
	OtherFile FileKind = iota
	// ConfigFile: a Terraform or OpenTofu configuration file: .tf,
	// .tf.json, and OpenTofu's .tofu and .tofu.json.
	ConfigFile
	// TestFile: a test file: .tftest.hcl, .tftest.json, and OpenTofu's
	// .tofutest.hcl and .tofutest.json.
	TestFile
	// QueryFile: a Terraform query file: .tfquery.hcl, .tfquery.json.
	QueryFile
	// HCLFile: a generic HCL file: .hcl, .hcl.json.
	HCLFile
	// VarsFile: a variable definitions file: .tfvars, .tfvars.json
	// (terraform.tfvars, x.auto.tfvars.json), read in TerraformVars.
	VarsFile
)

// Ending is one ending of file names and what it says of a file: its
// syntax, its kind and its language, as Terraform and OpenTofu decide
// from a name (and HCL for .hcl and .json). It is the one place where a
// name's ending is read: LanguageFor, the module loader (which files a
// directory holds, how each is parsed) and the hcljson command (which
// files a walk picks up, which syntax a file is in, what a conversion
// is called) all read this table.
type Ending struct {
	// Suffix is the ending, such as ".tf.json"; "" for a name with no
	// ending of the table.
	Suffix string
	Kind   FileKind
	// JSON says that the file is in HCL's JSON syntax, which is what a
	// name ending ".json" says; the native syntax otherwise.
	JSON bool
	// Tofu marks the endings of the .tofu family, which only OpenTofu
	// reads.
	Tofu bool
	// Language is the language of the file (see LanguageFor), nil for a
	// generic HCL file and any other.
	Language *Language
	// Twin is the ending of the same kind of file in the other syntax
	// (".tf" for ".tf.json", ".tftest.json" for ".tftest.hcl"), "" for
	// none.
	Twin string
}

// endings lists every ending, the configuration files' first. A name's
// ending is the longest that it ends with (".tftest.hcl", not ".hcl";
// ".tf.json", not ".json").
var endings = []Ending{
	{Suffix: ".tf", Kind: ConfigFile, Language: Terraform, Twin: ".tf.json"},
	{Suffix: ".tf.json", Kind: ConfigFile, JSON: true, Language: Terraform, Twin: ".tf"},
	{Suffix: ".tofu", Kind: ConfigFile, Tofu: true, Language: OpenTofu, Twin: ".tofu.json"},
	{Suffix: ".tofu.json", Kind: ConfigFile, JSON: true, Tofu: true, Language: OpenTofu, Twin: ".tofu"},
	{Suffix: ".tftest.hcl", Kind: TestFile, Language: TerraformTest, Twin: ".tftest.json"},
	{Suffix: ".tftest.json", Kind: TestFile, JSON: true, Language: TerraformTest, Twin: ".tftest.hcl"},
	{Suffix: ".tofutest.hcl", Kind: TestFile, Tofu: true, Language: TerraformTest, Twin: ".tofutest.json"},
	{Suffix: ".tofutest.json", Kind: TestFile, JSON: true, Tofu: true, Language: TerraformTest, Twin: ".tofutest.hcl"},
	{Suffix: ".tfquery.hcl", Kind: QueryFile, Language: TerraformQuery, Twin: ".tfquery.json"},
	{Suffix: ".tfquery.json", Kind: QueryFile, JSON: true, Language: TerraformQuery, Twin: ".tfquery.hcl"},
	{Suffix: ".tfvars", Kind: VarsFile, Language: TerraformVars, Twin: ".tfvars.json"},
	{Suffix: ".tfvars.json", Kind: VarsFile, JSON: true, Language: TerraformVars, Twin: ".tfvars"},
	{Suffix: ".hcl", Kind: HCLFile, Twin: ".hcl.json"},
	{Suffix: ".hcl.json", Kind: HCLFile, JSON: true, Twin: ".hcl"},
	{Suffix: ".json", Kind: OtherFile, JSON: true},
}

// Endings returns the table of endings, in the order in which messages
// list them: configuration, test, query, generic HCL, then ".json".
func Endings() []Ending { return slices.Clone(endings) }

// EndingOf returns the ending of filename (a path or a base name): the
// longest ending of the table that it ends with, or, for any other name,
// an Ending with no Suffix (native syntax, OtherFile, no language).
// Endings are compared as written: ".TF" is not ".tf".
func EndingOf(filename string) Ending {
	best := -1
	for i, e := range endings {
		if strings.HasSuffix(filename, e.Suffix) && (best < 0 || len(e.Suffix) > len(endings[best].Suffix)) {
			best = i
		}
	}
	if best < 0 {
		return Ending{}
	}
	return endings[best]
}

// LanguageFor returns the language of a file with this name, by its
// ending as Terraform and OpenTofu choose (EndingOf): Terraform for .tf.json
// and .tf; OpenTofu for .tofu.json and .tofu, which only OpenTofu reads;
// TerraformTest for .tftest.json, .tofutest.json, .tftest.hcl and
// .tofutest.hcl; TerraformQuery for .tfquery.json and .tfquery.hcl;
// TerraformVars for .tfvars and .tfvars.json. It returns nil for any other
// name.
func LanguageFor(filename string) *Language {
	return EndingOf(filename).Language
}
