// Package module finds and reads the configuration files of one Terraform or
// OpenTofu module directory, the way those programs do (their
// internal/configs Parser.LoadConfigDir: .tf, .tf.json, .tofu and
// .tofu.json files, _override files last), and parses each one:
// names ending ".json" with [hcljson.Parse], the others with
// hclsyntax.ParseConfig.
//
// [ConfigFiles] lists a directory; [Load] lists it and parses every
// configuration file; [IsConfigFile], [IsTestFile], [IsOverride] and
// [IsIgnored] classify one name.
//
// # Which files
//
// Only the files directly in the directory are read; subdirectories are not.
// A name is classified by its ending:
//
//   - configuration files: ".tf", ".tf.json", and for OpenTofu also ".tofu"
//     and ".tofu.json";
//   - test files: ".tftest.hcl", ".tftest.json", and for OpenTofu also
//     ".tofutest.hcl" and ".tofutest.json". They are listed, not parsed;
//   - ignored: names starting with ".", ending with "~" (editor backups), or
//     starting and ending with "#" (Emacs autosaves), whatever their ending;
//   - everything else is not part of the module and is not listed.
//
// A configuration file whose base name (the name without its ending) is
// "override" or ends with "_override" is an override file: "override.tf",
// "db_override.tf.json". Primary files come first, then override files,
// each group in lexical (byte) order of the names, as Terraform and OpenTofu
// load them. [Merge] (or [Module.Body]) applies the override files to the
// primary ones as Terraform and OpenTofu do, given the language's schema.
//
// # OpenTofu and Terraform
//
// [Options.Program] chooses whose rules apply. [Program] is
// schema.Program, the one type of the program (spec.md {#validate} V12),
// which package schema owns with its language (Program.Language) and the
// reader of its name (schema.ParseProgram); [Auto], [OpenTofu] and
// [Terraform] are its values under the names the options take. module
// owns the rules that follow from it: which files a program reads, and
// what a directory says of its program. The zero value, [Auto], lets the
// directory decide ([Module.Program], [ResolveProgram]): a directory
// holding a file of the .tofu family is an OpenTofu module; otherwise what
// "init" left there names the program by its registry's host, in the
// providers of the lock file (.terraform.lock.hcl) and the directories of
// .terraform/providers: registry.opentofu.org for OpenTofu,
// registry.terraform.io for Terraform. When nothing says, or those two
// disagree, the program stays Auto: the module is one either program may
// read, and a checker accepts what either accepts ([spec.md] {#validate}
// V12). Program.Language gives the language of each file (OpenTofu
// evaluates a module's source, backend settings and a few more early: see
// schema.OpenTofu).
// Terraform ignores the ".tofu" family of endings. OpenTofu reads both, but
// a ".tofu" family file hides the ".tf" family file of the same base name
// and the matching format (filterTfPathsWithTofuAlternatives in OpenTofu's
// module loader replaces ".tf" by ".tofu" in the ending): "x.tofu" hides
// "x.tf", "x.tofu.json" hides "x.tf.json", "x.tofutest.hcl" hides
// "x.tftest.hcl" and "x.tofutest.json" hides "x.tftest.json". Across formats
// nothing is hidden: "x.tofu" and "x.tf.json" are both read. [Module.Hidden]
// records each hidden file and its twin.
//
// # The module tree
//
// [LoadTree] reads a root directory into a [Tree] (or [TreeOf] a module
// already loaded), the shape of OpenTofu's configs.Config: every module
// directory asked of it ([Tree.Module], [Tree.ReadDir]: the files with
// the override files merged) is read once, for the root's program, and
// kept by its identity ([DirKey]); [Readings] share the directories
// between the Trees of one run ("hcljson check -recursive").
// [Tree.CallDir] is the one rule of the directory a module call names: a
// local source ("./", "../", ".\", "..\", [IsLocalSource]) relative to
// the caller, or where .terraform/modules/modules.json says init
// installed it. [Tree.Walk] expands the tree one module per call, as
// Terraform does, within its bounds: a call of a directory already on
// its chain of calls ("Module calls itself"), more calls than the limit
// ([DefaultMaxModuleCalls]: "Too many module calls"), a directory that
// does not exist ("Failed to read module directory"), each an error at
// the call's source. Package validate validates a Tree (validate.Model
// reads through one), package inspect shows it (inspect.FromTree).
//
// # Declarations
//
// [Tree.Decls] is the declaration index of a module directory ([Declare]
// for a body not read by a Tree), decoded once and kept with the
// directory's reading: its top-level blocks in file order and, by the
// names references use, the first declaration of each variable, local,
// output, module call, check, resource (managed, data and ephemeral, the
// data sources of check blocks among them, by address) and provider
// configuration (by name or name.alias), and the first required_providers entry of each local
// name. [Decls.First] tells a later declaration of a name from the
// first, which the layers report in their own words. The index is the
// same for both programs: their root schemas have the same top-level
// blocks and labels. With [TreeOptions.Contents] the files are decoded
// one by one through that schema.Contents, so that the layers that decode
// them again through it get the same blocks and bodies.
//
// # Providers
//
// [DecodeRequirement] ([Requirements] for a terraform block) is the one
// decoder of required_providers entries: the legacy version string, or
// an object's items by key as written; each layer reports what it reads
// in its own words. [ResourceProvider] is the one rule of the provider
// configuration a resource uses: its provider meta-argument
// ([ProviderRef]), else the default configuration of the provider its
// type implies (schema.ImpliedProvider).
//
// # Values
//
// [ReadValue] reads one value of an argument in the mode the language
// gives it (schema.Mode): a template, a literal, a type, a reference, a
// keyword, a native expression in a JSON string (replace_triggered_by,
// import's to, OpenTofu's provider references with an instance key), in
// either syntax, and the legacy quoted references and keywords of the
// native syntax ([Unquoted]). It is the one reader of values by mode that
// the layers above share (validate, inspect, the converters and the
// check command), so that every range it hands out, of the expression,
// of its traversals and variables and of its diagnostics, is exact in the
// file, in a JSON string after escapes too (spec.md D11): it reads a JSON
// string through hcljson.StringSource and package template, never by
// parsing the string's unescaped text from the quote. [ReadText] reads a
// text as the JSON string that holds it (written with JSON's escapes,
// through ReadValue): package tojson reads back with it what it writes
// for a type, a reference or a native expression (spec.md {#validate}
// V19).
//
// # Diagnostics
//
// Errors about the directory itself ("Module directory does not exist",
// "Module path is not a directory", "Failed to read module directory",
// "No configuration files") have no Subject, since there is no source to
// point at; Terraform and OpenTofu say "Failed to read module directory"
// for the first three. "Failed to read file" has the empty range at the
// start of the file as its Subject, as hcljson.ParseFile does (spec.md
// D16). Parse diagnostics of all files are returned together, in file order.
//
// # Limits
//
// Terraform's tests directory ("tests/" by default) and Terraform's query
// files (".tfquery.hcl") are not read. Like both programs, a symbolic link
// is classified by its own name and read through: a link to a directory
// named "x.tf" is a file that cannot be read.
//
// # Misuse
//
// A nil *Module is a module without files. A Tree not made by LoadTree
// or TreeOf, a Walk not made by Tree.Walk, a nil parent given to
// Walk.Call and a Readings not made by NewReadings panic, and so do nil
// expressions and blocks given to the decoders. A Program out of range panics
// wherever one is taken, and so do a nil file given to Merge, a "what"
// other than "references" and "keywords" given to Unquoted, and a nil
// expression or a schema.Mode out of range given to ReadValue (spec.md
// §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package module
