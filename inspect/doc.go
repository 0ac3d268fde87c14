// Package inspect computes the configuration representation of a
// Terraform or OpenTofu module tree, the "configuration" object of
// terraform show -json (and the output of tofu show -config -json), from
// the .tf, .tf.json, .tofu and .tofu.json files alone: no plan, no init,
// no providers.
//
// Module reads a directory and the modules it calls; FromTree starts
// from a module.Tree, the one reading of a module tree that the hcljson
// commands share (validate.Model.Tree gives the one validation read),
// and reads every directory through it; Files starts from files already
// parsed. The result is a Config, which encoding/json
// (or WriteJSON) writes in exactly OpenTofu 1.12's shape, and WriteText
// summarizes for people.
//
// # Imports
//
// inspect imports funcs, hcljson, module, schema of this module, and
// internal/jsonw; internal/cli imports it. It does not import validate.
// Package module owns the module tree: the reading of each directory
// once (module.Tree), the directory a call names (module.Tree.CallDir),
// the walk of the calls with its bounds (module.Walk: "Module calls
// itself", "Too many module calls", "Failed to read module directory"),
// the one decoder of required_providers entries
// (module.DecodeRequirement) and the one rule of a resource's provider
// (module.ResourceProvider, schema.ImpliedProvider), and the
// declaration index of each directory (module.Tree.Decls), which says
// which declaration of a name is the first. inspect owns the show-json
// shape of what it reads.
//
// # The representation
//
// The shape, key order and value rules are those of OpenTofu 1.12's
// internal/command/jsonconfig, as the "configuration representation" of
// the JSON output format documents them
// (https://opentofu.org/docs/internals/json-format/):
//
//   - provider_config is keyed "aws", "aws.west", "module.child:aws".
//     Besides provider blocks it lists the required_providers entries and
//     configuration aliases without a block and the providers that
//     resources use implicitly; a configuration passed to a child module
//     (module providers) or inherited by it is not listed again, and the
//     child's resources name the parent's key. full_name uses the default
//     registry of the program read for, registry.terraform.io/hashicorp/aws
//     for Terraform, registry.opentofu.org/hashicorp/aws for OpenTofu (and
//     when nothing says which), and the built-in
//     terraform.io/builtin/terraform; version_constraint is normalized as
//     OpenTofu normalizes it ("~> 5.0, >= 5.10.0").
//   - root_module and each module: outputs (expression, sensitive,
//     ephemeral, deprecated, depends_on, description), resources (managed,
//     then data, then ephemeral, each sorted by address, which is local to
//     the module), module_calls (source as written, expressions for the
//     child's input variables only, count_expression or for_each_expression,
//     the child module, version_constraint as written, depends_on) and
//     variables (cty JSON type unless any, default converted to the type,
//     description, required, sensitive, ephemeral, deprecated).
//   - An expression is {"constant_value": v} when it refers to nothing and
//     evaluates without a context, {"references": [...]} when it refers
//     to something (see References for the list), and {} for a function
//     call on constants. count_expression and for_each_expression are left
//     out when empty, as OpenTofu leaves them out.
//   - schema_version is never set: it comes from a provider.
//
// # Extra keys
//
// Keys that Terraform's readers ignore carry what its representation
// leaves out: "locals" on each module (name → {"expression", "range"}),
// "dynamic" on resources (and in nested block expressions and dynamic
// content) with type, for_each_expression, iterator, labels and content;
// "lifecycle" on resources; "when" and "on_failure" on provisioners;
// "providers" on module calls (name in the child → configuration in the
// caller); and "range" ({"filename", "line", "column"}) on every provider
// block, resource, provisioner, output, variable, module call, local,
// condition and dynamic block.
//
// # JSON sources
//
// Each argument is read as the Terraform language reads it (schema.Terraform):
// variable defaults, descriptions and module sources are literals, types and
// depends_on are syntax in a string, and expressions are templates. A JSON
// string that is a template ("${var.x}") therefore has references and no
// constant value, as its native twin has. This is a deliberate difference
// from OpenTofu (and Terraform), which evaluate JSON expressions without a
// context and so also report the raw text "${var.x}" as a constant_value.
// Everywhere else a .tf.json module gives the representation of its native
// twin, ranges apart.
//
// # Without provider schemas
//
// OpenTofu reads a resource or provider body with the provider's schema,
// and so knows which names are nested blocks and how they nest. Without one
// (Options.Language can add provider schemas through schema.Block.ByLabel),
// a body is read from its syntax: in the native syntax a block is a nested
// block (a list, or with one label a map by label), in the JSON syntax
// every property is an attribute, as OpenTofu reads JSON properties that
// its schema leaves ambiguous (lang/blocktoattr). A JSON body with nested
// blocks equals its native twin only when a schema lists them.
//
// With provider schemas, blocks that fill a provider argument of type list
// or set of objects (schema.Attribute.AsBlocks, lang/blocktoattr) are that
// argument, as both programs show it: its constant value is a list with
// one object per block, null where a block leaves an attribute out and
// constants converted to their attribute's type; its references are those
// of the blocks' own arguments, in source order (the programs' order is
// that of a Go map), and not those inside an element's nested blocks,
// which both programs leave out.
//
// # Limits
//
// Each module directory is read and parsed once, however many calls
// refer to it (directories are told apart by their identity,
// module.DirKey, and the module.Tree reads each once for every layer
// that shares it), and a diagnostic repeated by decoding one
// module for several calls is reported once. The modules called are read
// for the root's program: under module.Auto a root without .tofu files
// makes the whole tree Terraform's. The tree still holds one module per
// call, as Terraform's does, so it doubles at each level where a module
// calls another twice; at most Options.MaxModuleCalls calls (10,000 by
// default) get their module, and past that the error "Too many module
// calls" says where the tree was cut.
//
// Override files are merged (module.Merge); in a resource merged from
// native and JSON files, what no schema lists is read as each file's syntax
// says (module.Syntax). A module's source and version are literals for
// Terraform (and when nothing says which program the root directory is
// for); for OpenTofu (Options.Program, or a root directory that says so: a
// .tofu file, OpenTofu's registry in its lock file or installed
// providers, see module.ResolveProgram) they are evaluated early as OpenTofu does, from the
// variables' defaults, the locals, path, terraform.workspace and a few
// string functions (format, join, lower, upper, trimprefix, trimsuffix,
// trimspace, coalesce); a reference to anything else is an error with its
// range. Remote module sources are read only where
// .terraform/modules/modules.json says they were installed; otherwise the
// call has no "module" and lists all its arguments. The data source of a
// check block is listed with the other data sources, as OpenTofu lists it;
// the check's assertions, moved, removed and import blocks are not
// represented (import blocks count
// toward the providers used).
//
// # Misuse
//
// A nil Config is no configuration (WriteJSON writes null, WriteText
// nothing), a nil entry in one is null, every MarshalJSON writes null for
// nil, and a value that cannot be marshalled is MarshalJSON's error. A nil
// writer, hcl.Expression, file or module.Tree panics ([spec.md] §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package inspect
