// Package schema says what a body means: which names are attributes and
// which are blocks, how many labels a block has, and how each attribute's
// value is read. In HCL's JSON syntax the same JSON string is a literal in
// some arguments, a template in most and syntax (a reference, a keyword, a
// type) in others; a Mode records which, so that converters and checkers
// can treat every argument the way the language does.
//
// # The model
//
// A Body lists Attributes and Blocks. Each Attribute has a Mode
// (Expression, Literal, TypeExpr, AbsTraversal, RelTraversal, Keyword,
// NativeExpr, ProviderRef, Requirement) and a Shape (One, ListOf: a JSON
// array of such values, MapOf: a JSON object whose keys and values are such
// values), and may list Keywords: the allowed words of a Keyword attribute,
// or words that may replace the whole value of another one
// (lifecycle.ignore_changes = "all"). Each Block has a type, label names, a
// Nesting (single, group, list, set, map, as provider schemas name them)
// and a Body. Body.Lookup and Body.Find answer "what is this name";
// Body.Argument answers "how is this argument read" (mode, shape, the
// attribute, whether OpenTofu reads it as a template), including unlisted
// names of open bodies, and Body.BlocksArgument "which argument do these
// blocks stand for" (AsBlocks).
//
// A body is closed (exactly what it lists), Open (also unlisted arguments
// and blocks, such as provider arguments, read in AnyAttributesMode), or
// AnyAttributes (attributes of any name and no blocks, such as locals and
// required_providers, read in AnyAttributesMode).
//
// Provider attributes carry their Type. One whose type is a list or set of
// objects has AsBlocks, the body of a block that stands for one element,
// unless its resource's schema has a shape the older provider SDK could
// not make: Terraform and OpenTofu let such blocks fill the argument
// (lang/blocktoattr). Body.Content then reads blocks of that name as
// blocks when the body has no attribute of that name (in JSON a property
// is always the attribute), and dynamic blocks may generate them.
//
// # Decoding
//
// Body.HCL converts a body to an *hcl.BodySchema with the same attribute
// names, Required flags, block types and label names, for
// hcl.Body.Content, or hcl.Body.PartialContent when the body is Open. An
// AnyAttributes body has no BodySchema: HCL returns nil and the body is
// decoded with hcl.Body.JustAttributes, which in JSON needs a single
// object and skips "//". Body.Content makes the right one of the three
// calls. Reading each value in its mode is the caller's step, which
// module.ReadValue takes for every mode (with exact ranges inside JSON
// strings): Value(nil) for Literal, Value(ctx) for Expression,
// ext/typeexpr.TypeConstraint for TypeExpr, hcl.AbsTraversalForExpr,
// hcl.RelTraversalForExpr and hcl.ExprAsKeyword, the string's text
// parsed as a native expression for NativeExpr and OpenTofu's
// ProviderRef; hcl.ExprList and hcl.ExprMap for the shapes.
//
// # The Terraform language
//
// Terraform is the Terraform/OpenTofu language (Terraform 1.14, OpenTofu
// 1.12) argument by argument, as both releases' internal/configs decode
// it (https://github.com/opentofu/opentofu/tree/main/internal/configs). It lists
// what both accept; OpenTofu-only items (the language block, provider
// for_each, lifecycle destroy and enabled, module lifecycle, variable
// const, terraform encryption) and Terraform-only items (action blocks,
// lifecycle action_trigger) are marked in the source. Where the two read
// an argument differently the model picks the reading under which a JSON
// file means the same to both: lifecycle.prevent_destroy is Literal
// (Terraform decodes it without a context, OpenTofu pre-checks it that
// way); backend and cloud settings are Literal (Terraform; OpenTofu also
// evaluates templates there); the provider meta-argument is ProviderRef (a
// traversal for Terraform, an expression with an instance key for
// OpenTofu). A new release is a new Language value.
//
// OpenTofu is the same language as OpenTofu reads it where the two
// programs differ in a way no single reading can serve: the arguments
// OpenTofu evaluates early (module source and version, backend and cloud
// settings), which Terraform takes as literals (Attribute.OpenTofuTemplate
// in Terraform), are expressions. LanguageFor gives it to .tofu and
// .tofu.json files; Program.Language to every configuration file of an
// OpenTofu module. Generic is HCL with no schema.
//
// Terraform 1.14 actions: an action block has two labels (type, name),
// count, for_each, provider and a config block whose Open body holds the
// action type's provider-defined arguments (dynamic blocks allowed). A
// managed resource's lifecycle may hold action_trigger blocks: events is
// a list of the keywords before_create, after_create, before_update and
// after_update; condition is an expression; each element of actions is a
// JSON string parsed as native syntax (action.t.n[count.index]).
//
// # Test and query files
//
// TerraformTest is the language of test files (.tftest.json,
// .tofutest.json): run blocks (command keyword apply or plan, plan_options
// with a mode keyword normal or refresh-only and target and replace lists
// of references, expect_failures references, variables of any name,
// module with a literal source and version, assert rules, overrides),
// provider and mock_provider blocks, top-level variables and
// override_resource, override_data and override_module blocks whose
// target is a reference and whose values, defaults and outputs are
// literal objects. It accepts what Terraform 1.14 or OpenTofu 1.12
// accepts: Terraform's test block, variable blocks, run state_key,
// parallel, skip_cleanup and backend, mock_provider source and
// override_during; OpenTofu's mock_provider for_each. TerraformQuery is
// Terraform 1.14's query file language (.tfquery.json): list blocks, with
// provider, variable and locals blocks. LanguageFor picks one of the three
// by a file's name.
//
// # File names
//
// EndingOf reads what a file's name says of it from one table (Endings):
// its syntax (JSON for names ending ".json"), its kind (configuration,
// test, query, generic HCL), whether only OpenTofu reads it (the .tofu
// family), its language, and the ending of its twin in the other syntax
// (.tf ⇄ .tf.json, .tftest.hcl ⇄ .tftest.json). LanguageFor, the module
// loader and the hcljson command all decide by it.
//
// # The program
//
// Program is the one type of "which program" a module is read for
// (spec.md {#validate} V12): ProgramOpenTofu, ProgramTerraform, and
// ProgramAuto where the evidence is missing. schema owns it because it is
// the lowest package that needs it: Program.Language and
// Program.ConfigLanguage give the language each file is read in, and
// ParseProgram is the one reader of a program's name (--program).
// Package module reads a module's files by it (module.Program is this
// type, module.Auto, module.OpenTofu and module.Terraform its values;
// module.ResolveProgram reads a directory's evidence), and package funcs
// maps it to the function table of the release that stands for it
// (funcs.TableFor).
//
// # Limits
//
// Resource, data, ephemeral, provider, provider_meta, provisioner,
// connection, dynamic content, action config and list config bodies are
// Open until provider schemas are loaded: without one, a JSON object in
// them cannot be told apart as a nested block or a map attribute.
// Language.WithProviders, given the output of terraform providers schema
// -json (ReadProviderSchemas), gives each resource, data, ephemeral and
// action type and each provider its own closed body (Block.ByLabel);
// provider_meta, provisioner and connection bodies stay Open. Without
// them, Language.WithEvidence fills those bodies with what the module's
// files say (Evidence, spec C26), then with a built-in table of the block
// structure of the most used providers (spec C28: schema/known, one
// gzip-compressed file per provider, read on its first lookup; KnownName,
// KnownProviders), which decides only the names it lists, for the
// provider that serves the block (Evidence.Provider, Evidence.Source).
// Names
// that Terraform reserves for future use (count, depends_on and source in
// provider blocks; locals blocks in resources) and the root
// required_providers block that Terraform accepts only to report a better
// error are not listed, so decoding reports them as extraneous.
//
// The languages say which names exist and how each value is read, not the
// rules between them: that an action_trigger names actions of its own
// module, that a module version goes with a registry source, that an
// override targets a resource of the right mode, that a keyword list has
// no duplicates. Where Terraform and OpenTofu differ the languages accept
// the union, so an item marked for one is an error for the other only
// when that one loads the file (a provider version in a Terraform test
// file, for example); OpenTofu-only variable const and provider for_each
// are accepted in test and query files too. Override targets are plain
// references, as in OpenTofu 1.12 (no [*]). Terraform stack files
// (.tfcomponent.json, .tfdeploy.json) are not described.
//
// # Misuse
//
// The zero Body is closed and empty, NestedBody of a nil Body is nil, and
// WithProviders(nil) adds nothing. A nil hcl.Body or *hcl.Block panics,
// and so do the methods of a nil *Body other than NestedBody ([spec.md]
// §misuse).
//
// Sections named V10, D11, C28, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package schema
