package validate

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/hcljson"
	"github.com/hcljson/hcljson/internal/workers"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/zclconf/go-cty/cty"
)

// FileOptions say how CheckFile checks one file.
type FileOptions struct {
	// Override is set for an override file (module.IsOverride), whose
	// blocks need not repeat the required arguments: those come from the
	// file overridden.
	Override bool
	// InModule is set for a configuration file of a module that is then
	// validated: its provider blocks' bodies are left to the validation,
	// which checks only the provider configurations in use, as the
	// programs do (Model.Check sets it).
	InModule bool
	// Providers, when not nil, are the provider schemas (see
	// Options.Providers): resource, data source and provider bodies are
	// then checked against them too.
	Providers *tfjson.ProviderSchemas
}

// CheckFile returns what the language lang rejects in f, one parsed file
// written in it, as Terraform and OpenTofu reject it when they load the
// file (spec.md {#validate} V18): arguments and blocks the language does
// not have (with "Did you mean"), missing required arguments (not in an
// override file), a second block where one is allowed, and values that do
// not read in their mode (module.ReadValue: type constraints,
// references, keywords, native expressions written in JSON strings, and
// in JSON the templates that cannot be valid whatever the variables
// hold). A nil lang (a file of no language: generic HCL) and a nil f have
// nothing to report. Provider schemas that cannot extend lang are one
// error, "Invalid provider schemas", and nothing is checked.
func CheckFile(f *hcl.File, lang *schema.Language, opts FileOptions) hcl.Diagnostics {
	if f == nil || lang == nil {
		return nil
	}
	ext, err := withProviders(lang, opts.Providers)
	if err != nil {
		return hcl.Diagnostics{invalidProviders(err)}
	}
	return checkRoot(f, ext.Root, lang, opts.Override, opts.InModule, nil, nil)
}

// invalidProviders is the error of provider schemas that cannot extend a
// language.
func invalidProviders(err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Invalid provider schemas",
		Detail:   fmt.Sprintf("The provider schemas cannot be used: %s.", err),
	}
}

// checkRoot returns what checking the parsed file f against root, the
// root body of lang or of lang extended with provider schemas, finds,
// decoding its bodies through cs (nil: decoding each afresh).
func checkRoot(f *hcl.File, root *schema.Body, lang *schema.Language, override, inModule bool, cs *schema.Contents, vars *exprVars) hcl.Diagnostics {
	if root == nil || f == nil || f.Body == nil {
		return nil
	}
	c := &checker{json: hcljson.IsJSONBody(f.Body), override: override, inModule: inModule, tofu: lang == schema.OpenTofu, contents: cs, vars: vars}
	c.body(f.Body, root, nil)
	return c.diags
}

// extensions holds the languages extended with provider schemas
// (schema.Language.WithProviders), which the checks and validations of a
// run share: extending one is costly. It keeps the last few.
var extensions struct {
	mu sync.Mutex
	m  map[extensionKey]extension
}

type extensionKey struct {
	lang *schema.Language
	ps   *tfjson.ProviderSchemas
}

type extension struct {
	lang *schema.Language
	err  error
}

// withProviders returns lang extended with ps (lang itself when ps is
// nil), made once for each pair of the last few asked for.
func withProviders(lang *schema.Language, ps *tfjson.ProviderSchemas) (*schema.Language, error) {
	if ps == nil {
		return lang, nil
	}
	k := extensionKey{lang, ps}
	extensions.mu.Lock()
	e, ok := extensions.m[k]
	extensions.mu.Unlock()
	if ok {
		return e.lang, e.err
	}
	e.lang, e.err = lang.WithProviders(ps)
	extensions.mu.Lock()
	if extensions.m == nil || len(extensions.m) >= 16 {
		extensions.m = map[extensionKey]extension{}
	}
	extensions.m[k] = e
	extensions.mu.Unlock()
	return e.lang, e.err
}

// CheckOptions say what Model.Check reads beside the module tree's
// configuration files.
type CheckOptions struct {
	// NoVarFiles leaves out the variable definitions files that the
	// programs load by themselves from the root directory
	// (terraform.tfvars, terraform.tfvars.json, *.auto.tfvars,
	// *.auto.tfvars.json): they are then neither checked against their
	// language nor their values against the root's variables.
	NoVarFiles bool
}

// A Report is what Model.Check finds.
type Report struct {
	// Diagnostics are everything found, in the order of Model.Check.
	Diagnostics hcl.Diagnostics
	// Files are the files read and parsed, by name (module.File.Path):
	// the root's configuration files, test files and variable
	// definitions files, and those of the local modules the root calls,
	// for a caller that shows the source of the diagnostics.
	Files map[string]*hcl.File
	// Checked is how many files of the root directory were checked: its
	// configuration files, its test files and the variable definitions
	// files read.
	Checked int
	// Validated says whether the module tree was validated: every
	// configuration file of the tree passed its check.
	Validated bool
}

// Check returns what "hcljson check DIR" reports about the model's tree
// (spec.md {#validate} V18), as the programs report it when they load and
// validate it:
//
//  1. what reading the root directory found (Load's diagnostics);
//  2. each configuration file of the root that read, checked against
//     the language of the model's program (CheckFile, the provider
//     schemas of Options included), then the files of the local modules
//     that the root calls, directly or not (each directory once, in the
//     order of the calls' names, depth first): what reading them finds,
//     and each file's check, as the programs check every file of the
//     tree when they load it;
//  3. when no file of the tree has an error of the language, the
//     validation of the tree (Model.ValidateAs). An error that only the
//     provider schemas find (an argument a provider does not take) is
//     reported with the validation's findings, as the programs find it
//     in their validate walk; an error of the language itself stops
//     there;
//  4. each test file of the root directory, checked against its
//     language;
//  5. unless opts.NoVarFiles, the variable definitions files that the
//     programs load by themselves, each against its language, then,
//     when they and the module passed, their values against the root's
//     variables (Model.VariableValues).
//
// A model whose program is module.Auto is checked and validated for
// each program, and the diagnostics of 2 and 3 are Either's; Terraform's
// check is skipped when OpenTofu's found nothing and the tree reads
// alike for both (Model.readsAlike): Either of two empty verdicts is
// empty. Unlike
// Validate, Check may be called on a model whose Load found errors: the
// files that did not read are not checked, and nothing is validated.
func (md *Model) Check(opts CheckOptions) *Report {
	md.check("Check")
	r := &Report{Files: map[string]*hcl.File{}}
	m := md.tree.Root()
	for _, f := range m.Files {
		r.Files[f.Path] = f.File
	}
	r.Diagnostics = append(r.Diagnostics, md.loaded...)
	r.Checked = len(m.Files)
	if p := md.tree.Program(); p != module.Auto {
		r.Diagnostics = append(r.Diagnostics, md.checkAs(r, p)...)
	} else {
		tofu := md.checkAs(r, module.OpenTofu)
		if len(tofu) > 0 || md.bothAlways || !md.readsAlike(r.Files) {
			terraform := md.checkAs(r, module.Terraform)
			r.Diagnostics = append(r.Diagnostics, Either(tofu, terraform)...)
		} else {
			md.alike++
		}
	}
	for _, t := range m.Tests {
		r.Diagnostics = append(r.Diagnostics, md.checkNamed(r, t)...)
	}
	if !opts.NoVarFiles {
		r.Diagnostics = append(r.Diagnostics, md.varFiles(r, !r.Diagnostics.HasErrors())...)
	}
	return r
}

// checkAs returns what program p reports about the model's tree: each
// file's check against p's language (but for the files that did not
// read), then, when no file has an error of the language itself, the
// validation for p.
//
// The programs find a module's faults in two phases: loading the
// configuration decodes every file of the tree against the language (its
// blocks, meta-arguments, lifecycle) and stops at the first phase's
// errors; the validation walk then decodes each resource's and provider's
// own arguments against the provider's schema, and checks references,
// count, for_each and module arguments, reporting all it finds together.
// So an argument the provider does not take hides nothing, while an
// error of the language hides the second phase: what the provider
// schemas alone reject is then not reported either.
func (md *Model) checkAs(r *Report, p module.Program) hcl.Diagnostics {
	lang := p.ConfigLanguage()
	ext, err := withProviders(lang, md.opts.Providers)
	if err != nil {
		return hcl.Diagnostics{invalidProviders(err)}
	}
	m := md.tree.Root()
	stop := md.loaded.HasErrors() || len(m.Files) == 0
	var spec *speculation
	if !stop && md.opts.Readings == nil {
		// The validation runs beside the check of the root's files
		// (see speculation), but in a run of Models that share their
		// readings (check -recursive), which keeps every core busy
		// with Models, after it, when it is wanted.
		spec = md.speculate(p)
		// The function table of p's newest release, which the
		// validation reads once it has declared the tree
		// (target.table), is built meanwhile on a core that the check
		// leaves: the largest part of it, the release's table
		// (funcs.Table), serves any target.
		go newTarget(p, constraints{}).table()
	}
	diags := md.checkTree(r, ext.Root, lang, spec)
	spec.wait()
	if diags.HasErrors() {
		var failed bool
		diags, failed = md.loadPhase(r, lang, diags)
		stop = stop || failed
	}
	if stop {
		return diags
	}
	// The tree's semantics, as the programs validate it once every file
	// reads.
	r.Validated = true
	var vd hcl.Diagnostics
	var files map[string]*hcl.File
	if spec != nil {
		vd, files = spec.result(md)
	} else {
		vd, files = md.ValidateAs(p)
	}
	for name, f := range files {
		if _, ok := r.Files[name]; !ok {
			r.Files[name] = f
		}
	}
	return append(diags, vd...)
}

// checkTree returns what checking the files of the tree against root
// (the root body of lang, or of lang extended with provider schemas)
// finds: the root's files that read, then the called modules' (calledDirs),
// their reading's diagnostics first. spec, when not nil, is a validation
// running meanwhile, which the check waits for before it reads the tree
// for the called modules.
func (md *Model) checkTree(r *Report, root *schema.Body, lang *schema.Language, spec *speculation) hcl.Diagnostics {
	files := md.tree.Root().Files
	found := make([]hcl.Diagnostics, len(files))
	check := func(i int) {
		if f := files[i]; !hasErrorsIn(md.loaded, f.Path) {
			found[i] = checkRoot(f.File, root, lang, f.Override, true, md.contents, md.vars)
			if found[i].HasErrors() && md.opts.Providers == nil {
				// Without provider schemas every error of a file's
				// check is one of the language, which stops the
				// programs before they validate (loadPhase).
				spec.abandon()
			}
		}
	}
	// The files are checked on every core, as module.Load parses them,
	// and reported in their order; but in a run of Models that share
	// their readings (check -recursive), which run on every core
	// already, one by one.
	n := 1
	if md.opts.Readings == nil {
		n = runtime.GOMAXPROCS(0)
	}
	workers.Each(n, len(files), check)
	var diags hcl.Diagnostics
	for _, d := range found {
		diags = append(diags, d...)
	}
	spec.wait()
	for _, dir := range md.calledDirs() {
		cm, read := md.tree.Module(dir)
		if cm != nil && r != nil {
			for _, f := range cm.Files {
				if _, ok := r.Files[f.Path]; !ok {
					r.Files[f.Path] = f.File
				}
			}
		}
		diags = append(diags, md.checkCalled(dir, cm, read, root, lang)...)
	}
	return diags
}

// checkKey is a called module's directory (its identity) checked against
// the root body of a language.
type checkKey struct {
	dir  string
	root *schema.Body
}

// checkCalled returns what reading the module cm in dir found (read) and
// each of its files' check against root: computed once for the Models
// that share the analysis (Options.Readings), as a module called by many
// roots of check -recursive is checked once. What it holds depends on
// the directory's files and the language only.
func (md *Model) checkCalled(dir string, cm *module.Module, read hcl.Diagnostics, root *schema.Body, lang *schema.Language) hcl.Diagnostics {
	key := checkKey{md.dirKey(dir), root}
	if d, ok := md.analysis.checks.Load(key); ok {
		return d.(hcl.Diagnostics)
	}
	diags := slices.Clone(read)
	if cm != nil {
		for _, f := range cm.Files {
			if !hasErrorsIn(read, f.Path) {
				diags = append(diags, checkRoot(f.File, root, lang, f.Override, true, md.contents, md.vars)...)
			}
		}
	}
	d, _ := md.analysis.checks.LoadOrStore(key, diags)
	return d.(hcl.Diagnostics)
}

// loadPhase returns, of diags (what the tree's files' checks against
// lang extended with the provider schemas found), what the programs
// report when they load the tree, and whether that has errors, which
// stop them there. An error that the language alone finds (the files'
// check without the provider schemas) is the load's; the others are the
// validation walk's, reported only when the load has no error, with the
// walk's own findings. Without provider schemas every error is the
// load's.
func (md *Model) loadPhase(r *Report, lang *schema.Language, diags hcl.Diagnostics) (hcl.Diagnostics, bool) {
	if md.opts.Providers == nil {
		return diags, diags.HasErrors()
	}
	base := md.checkTree(nil, lang.Root, lang, nil)
	var load hcl.Diagnostics
	for _, d := range diags {
		if slices.ContainsFunc(base, func(e *hcl.Diagnostic) bool { return sameDiagnostic(d, e) }) {
			load = append(load, d)
		}
	}
	if load.HasErrors() || md.loaded.HasErrors() {
		return load, true
	}
	return diags, false
}

// calledDirs returns the directories of the local modules that the root
// calls, directly or not, each once (by its identity) and never the
// root's: in the order of the calls' names, depth first, as ValidateAs
// walks the tree. A call whose directory does not exist is left out:
// validation reports it ("Unreadable module directory").
func (md *Model) calledDirs() []string {
	root := md.tree.Root()
	seen := map[string]bool{md.dirKey(root.Dir): true}
	var dirs []string
	var walk func(from string)
	walk = func(from string) {
		for _, src := range md.localCalls(from) {
			dir, ok := md.tree.CallDir(from, nil, src)
			if !ok {
				continue
			}
			if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
				continue
			}
			key := md.dirKey(dir)
			if seen[key] {
				continue
			}
			seen[key] = true
			dirs = append(dirs, dir)
			if m, _ := md.tree.Module(dir); m != nil {
				walk(m.Dir)
			}
		}
	}
	walk(root.Dir)
	return dirs
}

// localCalls returns the local sources of the module calls of the
// module in dir, in the order of the calls' names (the first call of a
// name).
func (md *Model) localCalls(dir string) []string {
	type call struct{ name, src string }
	var calls []call
	seen := map[string]bool{}
	for _, b := range md.tree.Decls(dir).Blocks {
		if b.Type != "module" || len(b.Labels) == 0 || seen[b.Labels[0]] {
			continue
		}
		seen[b.Labels[0]] = true
		content, _, _ := b.Body.PartialContent(sourceSchema)
		if content == nil || content.Attributes["source"] == nil {
			continue
		}
		v, diags := content.Attributes["source"].Expr.Value(nil)
		if diags.HasErrors() || !v.IsKnown() || v.IsNull() || !v.Type().Equals(cty.String) {
			continue
		}
		if src := v.AsString(); module.IsLocalSource(src) {
			calls = append(calls, call{b.Labels[0], src})
		}
	}
	slices.SortStableFunc(calls, func(a, b call) int { return strings.Compare(a.name, b.name) })
	srcs := make([]string, len(calls))
	for i, c := range calls {
		srcs[i] = c.src
	}
	return srcs
}

// sourceSchema is what localCalls reads of a module call.
var sourceSchema = &hcl.BodySchema{Attributes: []hcl.AttributeSchema{{Name: "source"}}}

// checkNamed reads, parses and checks the file name of the root
// directory (a test file, a variable definitions file) against the
// language of its name for the model's program.
func (md *Model) checkNamed(r *Report, name string) hcl.Diagnostics {
	r.Checked++
	src, _, err := module.ReadFile(name, md.opts.MaxFileSize)
	if err != nil {
		return hcl.Diagnostics{readFailed(name, err)}
	}
	f, diags := module.Parse(src, name)
	r.Files[name] = f
	if diags.HasErrors() {
		return diags
	}
	p := md.tree.Program()
	return append(diags, CheckFile(f, p.Language(name), FileOptions{Providers: md.opts.Providers})...)
}

// readFailed is the error for a file of the root directory that cannot
// be read.
func readFailed(name string, err error) *hcl.Diagnostic {
	var se *module.SizeError
	if errors.As(err, &se) {
		return &hcl.Diagnostic{
			Severity: hcl.DiagError,
			Summary:  "File too large",
			Detail:   fmt.Sprintf("The file %q has %d bytes, more than the limit of %d bytes; it was not read.", name, se.Size, se.Limit),
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Failed to read file",
		Detail:   fmt.Sprintf("The file %q could not be read: %s.", name, err),
	}
}

// varFiles checks the variable definitions files that the programs load
// by themselves from the root directory: each against its language,
// then, when they and the module (passed: whether it was validated
// without error) have no error, their values against the variables of
// the root module.
func (md *Model) varFiles(r *Report, passed bool) hcl.Diagnostics {
	names := autoVarNames(md.tree.Root().Dir)
	if len(names) == 0 {
		return nil
	}
	var diags hcl.Diagnostics
	for _, n := range names {
		diags = append(diags, md.checkNamed(r, n)...)
	}
	if !passed || !r.Validated || diags.HasErrors() {
		return diags
	}
	var files []*hcl.File
	for _, n := range names {
		if f := r.Files[n]; f != nil {
			files = append(files, f)
		}
	}
	return append(diags, md.VariableValues(files)...)
}

// autoVarNames returns the variable definitions files that the programs
// load by themselves from the module directory dir, in their order:
// terraform.tfvars, terraform.tfvars.json, then the files whose names
// end in .auto.tfvars or .auto.tfvars.json, by name. Only regular files
// (or links to them) count.
func autoVarNames(dir string) []string {
	var names []string
	for _, n := range []string{"terraform.tfvars", "terraform.tfvars.json"} {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && fi.Mode().IsRegular() {
			names = append(names, filepath.Join(dir, n))
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return names // the module's reading reports it
	}
	for _, e := range entries { // by name
		n := e.Name()
		if !strings.HasSuffix(n, ".auto.tfvars") && !strings.HasSuffix(n, ".auto.tfvars.json") {
			continue
		}
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && fi.Mode().IsRegular() {
			names = append(names, filepath.Join(dir, n))
		}
	}
	return names
}

// hasErrorsIn reports whether diags has an error about the file name.
func hasErrorsIn(diags hcl.Diagnostics, name string) bool {
	for _, d := range diags {
		if d.Severity == hcl.DiagError && d.Subject != nil && d.Subject.Filename == name {
			return true
		}
	}
	return false
}

// sameDiagnostic reports whether a and b say the same of the same range
// (a file's path compared cleaned: ./main.tf is main.tf).
func sameDiagnostic(a, b *hcl.Diagnostic) bool {
	if a.Severity != b.Severity || a.Summary != b.Summary || (a.Subject == nil) != (b.Subject == nil) {
		return false
	}
	return a.Subject == nil || filepath.Clean(a.Subject.Filename) == filepath.Clean(b.Subject.Filename) &&
		a.Subject.Start.Byte == b.Subject.Start.Byte && a.Subject.End.Byte == b.Subject.End.Byte
}
