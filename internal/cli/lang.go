package cli

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/hashicorp/hcl/v2"
	tfjson "github.com/hashicorp/terraform-json"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
)

// languages chooses the schema of each file: its language by name
// (schema.LanguageFor), extended with provider schemas when the run has
// them. It is safe for concurrent use.
type languages struct {
	// terraform reads files of no known language as configuration.
	terraform bool
	// program is the program the files are written for (--program);
	// under module.Auto a configuration file's is what its directory
	// says (module.ResolveProgram: a file of the .tofu family, the
	// registry of the providers "init" installed), and module.Auto when
	// it says nothing: the file is then either program's.
	program module.Program
	// extend adds the provider schemas to a language; nil without them.
	extend func(*schema.Language) (*schema.Language, error)

	// providers are the provider schemas, nil without them.
	providers *tfjson.ProviderSchemas

	// file is the provider schemas file, for diagnostics.
	file string

	// evidence is what the module's own files say of the names in
	// provider-defined bodies (spec C26), for the way to native syntax;
	// nil without it.
	evidence *schema.Evidence
	withEv   map[*schema.Body]*schema.Body // a root, with the evidence

	mu       sync.Mutex
	extended map[*schema.Language]extended
	// dirs caches, under module.Auto, the program each directory says
	// (module.ResolveProgram).
	dirs map[string]module.Program
}

// extended is a language with the provider schemas, or why it has none.
type extended struct {
	lang *schema.Language
	err  error
}

// newLanguages reads the provider schemas file, if any (the output of
// terraform providers schema -json), and returns the chooser.
func newLanguages(e *env, providerSchemas string, terraform bool, program module.Program) (*languages, hcl.Diagnostics) {
	l := &languages{
		terraform: terraform,
		program:   program,
		file:      providerSchemas,
		extended:  map[*schema.Language]extended{},
		dirs:      map[string]module.Program{},
	}
	if providerSchemas == "" {
		return l, nil
	}
	data, err := e.readOption(providerSchemas)
	if err != nil {
		return nil, hcl.Diagnostics{readFailed(providerSchemas, err)}
	}
	return l, l.setSchemas(providerSchemas, data)
}

// setSchemas gives l the provider schemas data, read from the file name.
func (l *languages) setSchemas(name string, data []byte) hcl.Diagnostics {
	l.file = name
	ps, err := schema.ReadProviderSchemas(data)
	if err != nil {
		return hcl.Diagnostics{providerDiag(name, err)}
	}
	l.providers = ps
	l.extend = func(lang *schema.Language) (*schema.Language, error) { return lang.WithProviders(ps) }
	return nil
}

// providerDiag reports provider schemas that cannot be used.
func providerDiag(name string, err error) *hcl.Diagnostic {
	return &hcl.Diagnostic{
		Severity: hcl.DiagError,
		Summary:  "Invalid provider schemas",
		Detail:   fmt.Sprintf("The file %q is not usable as provider schemas (the output of \"terraform providers schema -json\"): %s.", name, err),
	}
}

// language returns the language of a file called name, or nil for a
// generic HCL file. A configuration file that either program may read
// (see either) has the language its name implies (Terraform's for .tf
// and .tf.json), as convert needs one.
func (l *languages) language(name string) *schema.Language {
	p := l.program
	if p == module.Auto && name != stdinName {
		p = l.dirProgram(filepath.Dir(name))
	}
	lang := p.Language(name)
	if lang == nil && l.terraform {
		lang = p.ConfigLanguage()
	}
	return lang
}

// either reports whether the configuration file called name is one that
// either program may read: no --program, nothing in its directory says
// which, and its name is of the .tf family. check accepts in it what
// either program accepts (validate.Either).
func (l *languages) either(name string) bool {
	if l.program != module.Auto || name == stdinName {
		return false
	}
	e := schema.EndingOf(name)
	return e.Kind == schema.ConfigFile && !e.Tofu && l.dirProgram(filepath.Dir(name)) == module.Auto
}

// dirProgram returns the program that dir says it is written for, under
// module.Auto (module.ResolveProgram), listing it on the first call.
func (l *languages) dirProgram(dir string) module.Program {
	l.mu.Lock()
	defer l.mu.Unlock()
	p, ok := l.dirs[dir]
	if !ok {
		p = module.ResolveProgram(module.Auto, dir)
		l.dirs[dir] = p
	}
	return p
}

// setProgram records p, the program that a validate.Model resolved for
// the module in dir, as the program of the files in dir under
// module.Auto: their languages are then the model's, and dir is not
// listed again.
func (l *languages) setProgram(dir string, p module.Program) {
	if l.program != module.Auto {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dirs[filepath.Clean(dir)] = p
}

// root returns the schema of the root body of a file called name, nil for
// a generic HCL file, and the diagnostics of extending its language with
// the provider schemas.
func (l *languages) root(name string) (*schema.Body, hcl.Diagnostics) {
	return l.rootOf(l.language(name))
}

// rootOf returns the schema of the root body of a file in lang (nil for
// nil), with the provider schemas, and the diagnostics of extending lang
// with them.
func (l *languages) rootOf(lang *schema.Language) (*schema.Body, hcl.Diagnostics) {
	if lang == nil || l.extend == nil {
		if lang == nil {
			return nil, nil
		}
		return lang.Root, nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	ext, ok := l.extended[lang]
	if !ok {
		ext.lang, ext.err = l.extend(lang)
		l.extended[lang] = ext
	}
	if ext.err != nil {
		return nil, hcl.Diagnostics{providerDiag(l.file, ext.err)}
	}
	return ext.lang.Root, nil
}

// nativeRoot is root for a file converted to native syntax: the schema
// with what the module's files say (spec C26) added where no provider
// schema describes a body.
func (l *languages) nativeRoot(name string) (*schema.Body, hcl.Diagnostics) {
	lang := l.language(name)
	root, diags := l.rootOf(lang)
	if root == nil || l.evidence == nil || diags.HasErrors() {
		return root, diags
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if to, ok := l.withEv[root]; ok {
		return to, diags
	}
	if l.withEv == nil {
		l.withEv = map[*schema.Body]*schema.Body{}
	}
	to := (&schema.Language{Root: root}).WithEvidence(l.evidence).Root
	l.withEv[root] = to
	return to, diags
}

// prepare extends the languages of the files called names with the
// provider schemas before a parallel run, and returns the error of the
// first that cannot be, once.
func (l *languages) prepare(names []string) hcl.Diagnostics {
	for _, name := range names {
		if _, diags := l.root(name); diags.HasErrors() {
			return diags
		}
	}
	return nil
}
