package cli

import (
	"os"
	"os/exec"

	"github.com/hashicorp/hcl/v2"
	"github.com/hcljson/hcljson/inspect"
	"github.com/hcljson/hcljson/module"
	"github.com/hcljson/hcljson/schema"
	"github.com/hcljson/hcljson/validate"
)

// inspectUsage is the help of "hcljson inspect".
const inspectUsage = `Usage: hcljson inspect [--format json|text] [--provider-schema FILE] [--program NAME] [--compact] [DIR]

Prints the configuration of the module in DIR (without one, the
current directory) as "terraform show -json"
describes it under "configuration" (provider_config, root_module with
outputs, resources, module_calls and variables; each expression as
constant_value or references), computed from the .tf, .tf.json, .tofu and
.tofu.json files alone: no init, no plan, no providers. Override files are
merged; modules called with a local source ("./x") are read recursively,
others when .terraform/modules/modules.json says where they were
installed. Extra keys that Terraform's readers ignore add what it leaves
out: locals, dynamic blocks, lifecycle, provisioner when, module providers,
variable type, and the range (filename, line, column) of every item.

In .tf.json files each argument is read as the program reads it: a string
that is a template has references, not a constant_value of its raw text.
For OpenTofu (--program; by default when the directory holds a .tofu or
.tofu.json file), a module's source and version may use variables and
locals, evaluated as "tofu show -config -json" evaluates them: from the
variables' defaults and the locals.
Without provider schemas a JSON object in a resource cannot be told from a
nested block and is shown as an argument; give --provider-schema to place
nested blocks. Without it, in a directory whose providers init installed,
the schemas are found as "hcljson check" finds them ("providers schema
-json", once, cached).

Diagnostics go to standard error; the configuration is printed even when
there are errors, with what could be read.

Flags:
  --format FORMAT          json (the default) or text: a readable summary of
                           variables, outputs, resources and modules
  --compact                json on one line, as terraform show -json prints it
  --provider-schema FILE   the output of "terraform providers schema -json"
  --max-module-calls N     read the modules of at most N module calls
                           (default 10000; 0: no limit). The tree holds one
                           module per call, so modules that call a module
                           twice double it at each level; past N a call has
                           no "module", and the error says so
` + programHelp + maxSizeHelp + `
Exit status: 0 when there is no error, 1 when there are errors, 2 on a
usage error.
`

// inspectCmd runs "hcljson inspect".
func inspectCmd(e *env, args []string) int {
	c := lookup("inspect")
	fs := newFlags(c)
	format := fs.String("format", "json", "")
	compact := fs.Bool("compact", false, "")
	var schemas stringList
	fs.Var(&schemas, "provider-schema", "")
	var program programFlag
	fs.Var(&program, "program", "")
	e.sizeFlagOn(fs)
	maxCalls := fs.Int("max-module-calls", inspect.DefaultMaxModuleCalls, "")
	dirs, code := e.parseFlags(c, fs, args)
	if code >= 0 {
		return code
	}
	if err := oneOf("format", *format, "json", "text"); err != nil {
		return e.usageError(c, "%v", err)
	}
	if len(dirs) == 0 {
		dirs = []string{"."} // the current directory, as terraform show
	}
	switch {
	case len(schemas) > 1:
		return e.usageError(c, "give one --provider-schema file (\"terraform providers schema -json\" writes every provider in one)")
	case len(dirs) != 1:
		return e.usageError(c, "want one module directory, have %d", len(dirs))
	case *maxCalls < 0:
		return e.usageError(c, "--max-module-calls %d: want 0 (no limit) or more", *maxCalls)
	}
	if *maxCalls == 0 {
		*maxCalls = -1 // no limit
	}
	// The module is read once: the model resolves the program, and
	// inspect reads every directory through it.
	md, loadDiags := validate.Load(dirs[0], validate.Options{Program: program.p, MaxFileSize: e.maxSize, Loaded: e.loaded})
	lang := md.Program().ConfigLanguage()
	var data []byte
	name := ""
	if len(schemas) == 1 {
		name = schemas[0]
		var err error
		if data, err = e.readOption(name); err != nil {
			return e.writeDiags(nil, hcl.Diagnostics{readFailed(name, err)})
		}
	} else if found := discoverSchemas(dirs[0], md.Program(), exec.LookPath, os.UserCacheDir); found.data != nil {
		// The schemas of the providers init installed (see check).
		data, name = found.data, found.why
	}
	if data != nil {
		ps, err := schema.ReadProviderSchemas(data)
		if err == nil {
			lang, err = lang.WithProviders(ps)
		}
		if err != nil {
			return e.writeDiags(nil, hcl.Diagnostics{providerDiag(name, err)})
		}
	}
	// What the module's own files say of the names in provider-defined
	// bodies that no provider schema describes (spec C26).
	ev := &schema.Evidence{}
	for _, f := range md.Root().Files {
		addEvidence(ev, f.File)
	}
	lang = lang.WithEvidence(ev)
	// A directory that is missing or holds no configuration has nothing
	// to print: module.Load then read no file, and says why.
	if len(md.Root().Files) == 0 && loadDiags.HasErrors() {
		return e.writeDiags(nil, loadDiags)
	}
	cfg, diags := inspect.FromTree(md.Tree(), inspect.Options{Language: lang, MaxModuleCalls: *maxCalls})
	status := e.writeDiags(e.sourcesOf(diags, md.Sources()), diags)
	if cfg == nil {
		return 1
	}
	var err error
	if *format == "text" {
		ew := &escapeWriter{w: e.stdout}
		if err = inspect.WriteText(ew, cfg); err == nil {
			err = ew.Flush()
		}
	} else {
		ew := &escapeWriter{w: e.stdout, json: true}
		if err = inspect.WriteJSON(ew, cfg, !*compact); err == nil {
			err = ew.Flush()
		}
	}
	if err != nil {
		return e.stdoutFailed(c.name, err)
	}
	return status
}

// sourcesOf returns the sources of the files that diags point into, for
// the snippets of the diagnostic writer: the bytes that held (a model's
// files, by path) holds, or the file read again when held has none (a
// file that cannot be read gets none).
func (e *env) sourcesOf(diags hcl.Diagnostics, held map[string]*module.File) map[string]*hcl.File {
	files := map[string]*hcl.File{}
	for _, d := range diags {
		if d.Subject == nil || files[d.Subject.Filename] != nil {
			continue
		}
		if f := held[d.Subject.Filename]; f != nil && f.Bytes != nil {
			files[d.Subject.Filename] = &hcl.File{Bytes: f.Bytes}
			continue
		}
		if src, _, err := e.readFile(d.Subject.Filename); err == nil {
			files[d.Subject.Filename] = &hcl.File{Bytes: src}
		}
	}
	return files
}
