// Package validate is the semantic model of one Terraform or OpenTofu
// module: what "tofu validate" (OpenTofu 1.12) and "terraform validate"
// (Terraform 1.14) find in a module directory, found offline, without
// init, providers or network ([spec.md], section {#validate}).
//
// [Load] reads a module directory with module.LoadTree (both syntaxes,
// override files, the .tofu family for OpenTofu) into a [Model] over a
// module.Tree ([Model.Tree]): the one reading of the module tree that the
// hcljson commands share. The tree resolves the program once and reads
// every other module directory asked of it (the local modules that
// validation reads, the module calls that package inspect reads through
// the same tree) once, by its identity (module.DirKey). [Model.Check]
// reports what "hcljson check DIR" prints (spec V18): each file of the
// tree against its language, then the tree's validation
// ([Model.Validate]), the test files and the variable definitions files;
// [Dir] loads a directory and checks it, so that a Go program gets from
// one call what the command prints. A Model of its own (no Readings)
// checks the root's files on every core, with the validation running
// beside them and used when they pass (speculate.go), evaluates a large
// module's locals, outputs and resources on two shards (shards.go), and
// reports in the same order as one after the other; the check, the declarations and
// the evaluation share each body's decoding (schema.Contents) and each
// expression's variables. [CheckFile] checks one parsed file
// against its language. Models that share a
// [Readings] (Options.Readings) read each directory once in the whole run,
// on as many goroutines as there are Models, for a run that validates many
// root modules (hcljson check -recursive). [Validate] and [ValidateFiles]
// validate a module already loaded ([ModelOf]), without the check of its
// files. [Options] choose the program (module.Program, which is
// schema.Program, the one type of it) and give the provider schemas,
// when known (the output of providers schema -json, read by
// schema.ReadProviderSchemas).
//
// # What it owns
//
// The module's declarations (variables, locals, outputs, module calls,
// managed and data resources, provider configurations, checks) over all
// its files, and the rules between them:
//
//   - duplicates across files (V1), on the second declaration's range;
//   - names, as the programs check them when they load a block (V9):
//     declared names that are not identifiers, reserved variable names,
//     provider local names and aliases, and the provider configuration
//     references of resources and module calls, read as each program
//     reads them (its legacy quoted form and JSON strings included);
//   - variables: default against type, booleans, validation references
//     (V2);
//   - references: every traversal of every expression resolved against
//     the declarations, the child module's outputs, the provider schemas'
//     resource types, and the objects count, each, self, path and
//     terraform in their contexts (V3, V4);
//   - evaluation with unknown values of the right types and the
//     function table of the releases that may run the module (package
//     funcs), reporting what fails whatever the values (V5); try and
//     can catch their arguments' errors, as hcl/ext/tryfunc does in the
//     programs (V16); in the content of a dynamic block only where the
//     programs evaluate it: a for_each unknown until plan makes what
//     fails there a warning, an empty one nothing (V11);
//   - meta-arguments: count with for_each, count and for_each values,
//     depends_on references, provider configurations validated only when
//     used (V6);
//   - cycles between locals, resources and module calls (V7);
//   - which release of the program validated for may run the module
//     (V13): its newest (OpenTofu 1.12, Terraform 1.14) unless the
//     version constraints it reads (required_version,
//     language.compatible_with) rule that out; its functions
//     (funcs.TableFor), and the
//     provider functions of the required providers. A module that
//     either program may run (nothing in its directory says which) is
//     validated for each, and Either keeps as errors what both reject
//     (V12), Terraform's check skipped where OpenTofu's found nothing
//     and the tree reads alike for both (dual.go);
//   - resource.T.N, the managed resource T.N in both programs (V14);
//   - ephemeral.T.N, an ephemeral resource in the releases that have
//     them: OpenTofu 1.11, Terraform 1.10 and later (V15).
//   - the evaluation budget (V17): native expressions, and the native
//     expressions of JSON templates (hcljson.ValueWith), are evaluated
//     through metered copies of their nodes (meter.go), and the
//     functions of the table charge their arguments and the results they
//     would build (budget.go); values are measured by walks that the
//     budget pays for, reading the recorded size of a local referred to
//     whole; past the budget an expression is unknown with one warning,
//     and a panic in a function is a short warning without the Go stack.
//
// And, for a caller that read the variable definitions files a plan
// would load, the values they give the root module's variables against
// the declarations: types and undeclared names, as tofu plan reports
// them ([Model.VariableValues], spec.md C24).
//
// The diagnostics have the programs' summaries, and details in their
// words where this package knows them, on the programs' ranges. As the
// programs do, the rules of building the module (duplicates, count with
// for_each, variable defaults) come first, and when they find an error
// nothing is evaluated; a cycle stops evaluation too.
//
// What each file alone must be (arguments and blocks its language has,
// required arguments, one block where one is allowed, values that read
// in their mode through module.ReadValue) is the language schema's
// (package schema); this package applies it ([CheckFile], checkbody.go)
// to every file of the tree, the called modules' included, as the
// programs do when they load the tree, before it validates: an error
// there stops the validation, as it stops the programs ([Model.Check]).
// A caller of Validate that checked nothing should know that the
// programs would stop at such errors.
//
// # Imports
//
// validate imports module, schema, funcs, hcljson and template of this
// module (and internal/didyoumean for its suggestions), hcl (with
// ext/tryfunc), go-cty, terraform-json and go-version (the programs'
// reading of version constraints). It sits above module
// and below internal/cli, which imports it; inspect does not (both read
// the module.Tree). What is the module's and not validation's is package
// module's: the reading of the tree (module.Tree), the directory a call
// names (module.Tree.CallDir: validation follows local sources only), the
// decoder of required_providers entries (module.Requirements), the rule
// of a resource's provider (module.ResourceProvider) and the declaration
// index (module.Tree.Decls: which declaration of a name is the first,
// the outputs, locals and checks, each resource's provider). validate
// owns the types, scopes and evaluation, the content of each block as
// its language and the provider schemas read it, and its diagnostics.
//
// # Limits
//
// The module and the local modules it calls (source "./...", "../...",
// ".\..." or "..\...", each directory once) are validated, as the programs validate
// the whole tree; a call's arguments are checked against the local
// child's variables and its outputs' types are unknown; a remote module
// is an object of unknown attributes and is not read. The files of the
// called local modules are checked against the language schema by
// [Model.Check], once per directory (the programs report a mistake in a
// module called twice twice), not by [Validate] ([ValidateFiles] returns
// them, for a caller that shows their source). Without provider schemas
// resources and data sources are unknown values of any type and their
// bodies are only evaluated, a JSON body's properties as arguments but
// for "dynamic" and the nested block objects that hold one, which are
// read as dynamic blocks and nested blocks (spec.md V10). With them, a resource's top-level
// arguments are converted to their types when those are plain (no
// object with optional attributes), nested blocks' arguments only when
// primitive or collections of primitives; sensitive attributes are not
// marked;
// moved blocks are checked only for addresses of different kinds,
// import blocks only for a missing id, removed blocks not at all;
// functions that read files return unknown values (package funcs), so a
// missing file is not found: a module checked as a copy of its .tf files
// would otherwise get false errors. Terraform 1.5.7's rule that a
// validation condition refers to its variable only is not applied
// (Terraform 1.9 dropped it, and real modules rely on that). Terraform's
// own wording (1.5.7's, 1.14's for what 1.5.7 lacks) is used where it
// differs and is known here (count with for_each, undeclared resources,
// import without id, provider functions); elsewhere OpenTofu's.
// Releases older than the newest are known by their functions
// (funcs.Added) and ephemeral resources only; Terraform 1.14's list.
// and action. references are not read (a managed resource of type list
// or action is read as one).
//
// # Misuse
//
// A nil *module.Module is a module without files, with nothing to report.
// A Model is made by Load or ModelOf: the methods of any other, the zero
// Model and nil included, panic (spec.md §misuse).
//
// Sections named V10, V18, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package validate
