// Package funcs gives the function table of each release it records
// (OpenTofu 1.12.6, Terraform 1.14, and Terraform 1.5.7, the last MPL
// release: a [Release]) as go-cty functions, for an offline validator:
// [Table] is what to put in an hcl.EvalContext's Functions to type-check
// calls as the release does, and to compute their results where that is
// safe. [Added] says which release of a program added a function, for a
// validator that knows from a module's required_version which releases
// may run it; [TableFor] is the one mapping from the program a module is
// read for (schema.Program, spec.md {#validate} V12) and that evidence to
// its functions: the table of the release that stands for the program
// ([ReleaseOf]: OpenTofu 1.12.6's, or Terraform 1.14's), less the
// functions added after the newest release that may run the module.
// [Differences] says which functions differ between two releases'
// tables, and how, for a validator that validates a module for a second
// program only where that can change its verdict.
//
// # What it owns
//
// The signatures: each program's "metadata functions -json" output,
// descriptions dropped, is embedded from data/ (scripts/funcs-metadata.sh,
// run by go generate, writes it). [Signatures] and [Lookup] read it;
// [Names] lists the table's names. Terraform 1.14's table
// ([Terraform114]) is the metadata of Terraform 1.11.4: 1.14 has the
// same functions with the same signatures (its internal/lang/functions.go
// lists the same names; only the file functions' implementations
// changed), and it has no pinned client. OpenTofu and Terraform 1.14
// list every function twice, also under core:: (core::length);
// Terraform 1.5.7 has no core:: namespace, and the table follows each
// metadata. The table also has the removed functions list and map (and
// core::list, core::map where there is core::), which the metadata
// omits: the programs keep the names so that every call fails with
// "Error in function call" saying what to write instead.
//
// Every function of [Table] has exactly the metadata's parameters (names,
// types, nullability), variadic parameter and return type, which the
// tests check the way the metadata command computes it. Beyond the
// metadata, each parameter handles unknown, dynamically typed and marked
// arguments as the program's function does, which decides when a call
// short-circuits to an unknown result without being checked further.
// Exceptions: try and can take values, see below.
//
// # Implementations
//
// A function is computed ([Evaluated]) when it is pure, cheap and
// deterministic: go-cty's stdlib function where the program uses it
// unchanged (with the argument handling of the go-cty release the
// program was built with: Terraform 1.5.7 has go-cty 1.12.2, whose
// format, formatlist, jsonencode, setproduct and sort accept fewer
// unknown arguments and whose element refuses negative indexes;
// Terraform 1.11.4, whose table stands for 1.14's, has go-cty 1.16.0,
// whose format and formatlist take no dynamically typed argument), else a
// function written here after the program's behaviour (length, the to*
// conversions, lookup, coalesce, index, one, sum, matchkeys, transpose,
// alltrue, anytrue, replace, startswith, endswith, strcontains, the
// base64, hash and URL encodings, basename, dirname, the cidr functions,
// uuidv5, timecmp, sensitive, nonsensitive, issensitive,
// ephemeralasnull). These report the program's errors in the program's
// way: an argument error ("Invalid function argument" in HCL) where the
// program returns one, a plain error ("Error in function call") where it
// does, with the same meaning in this package's own words. The cidr
// functions leave unknown the results that follow from the programs'
// implementation rather than from a rule (a negative netnum, an
// IPv4-mapped IPv6 prefix, numbers past 64 bits).
//
// Every other function type-checks its arguments (count, types, null)
// and returns an unknown value of its declared return type. That covers
// what depends on the machine or the moment (file, filebase64, the
// file hashes, fileexists, fileset, templatefile, abspath, pathexpand,
// timestamp, plantimestamp, uuid, bcrypt): the programs' validate reads
// the module's files and evaluates those calls, so file("missing") fails
// there, but offline, against a copy of a module or none, the same files
// cannot be read reliably, and an unknown value is never wrong. It also
// covers what would need a dependency beyond go-cty: templatestring (HCL
// templates), yamldecode and yamlencode (YAML), textencodebase64 and
// textdecodebase64 (IANA encodings), rsadecrypt (SSH key formats),
// base64gzip and base64gunzip (compressed bytes that differ between
// compressor versions); their argument errors beyond types are not
// reported.
//
// try and can take expressions in the programs, which they evaluate
// themselves, catching errors (hcl/ext/tryfunc). Here they take values:
// HCL evaluates the arguments first and reports their errors, so a call
// happens only when all succeeded; then try returns its first argument
// and can returns true (unknown while the value is not wholly known). A
// validator that wants the programs' catching puts hcl/ext/tryfunc's
// functions in their place, as package validate does. Their parameters
// accept null, which the metadata (written by hand in the programs) does
// not say.
//
// # Releases
//
// [Added] gives the release that added each function that not every
// release of its program has: OpenTofu 1.7 (base64gunzip, cidrcontains,
// issensitive, templatestring, urldecode and the core:: namespace) and
// 1.11 (ephemeralasnull); Terraform 1.8 (issensitive and core::), 1.9
// (templatestring) and 1.10 (ephemeralasnull), read from each release's
// source. Releases before OpenTofu 1.6 and Terraform 1.5 are not
// recorded: a function they lack counts as always there.
//
// Marks: [Sensitive] and [Ephemeral] are the marks the functions read and
// set; a caller marks sensitive values with Sensitive.
//
// # Imports
//
// funcs imports go-cty (cty, convert, function, function/stdlib, gocty,
// json), the standard library, and of the module package schema, for
// the type of a program (schema.Program), which it maps to a release,
// and package scanner, which reads the embedded metadata.
//
// # Tests
//
// The tests check the table against the embedded metadata and, when the
// clients are installed (internal/clientstest; for Terraform 1.14, a
// Terraform 1.11.4 named by $HCLJSON_TERRAFORM_1_11 or on PATH), the
// metadata against the clients' output; they then compare with the
// programs themselves.
// TestAgainstValidate writes some 1,300 calls (written by hand, and
// generated for every function: no arguments, sample arguments, one too
// many, each parameter null, unknown and of a wrong type) as outputs of
// one module, runs "validate -json" and compares, call by call, the
// error summaries with evaluating the call with hclsyntax and the table;
// it fails on any difference it cannot explain (a function left unknown
// here, try and can, two calls with a typeless null in Terraform 1.5.7).
// TestValuesAgainstConsole compares the values of the valid calls
// computed here with the programs' console. Client results are cached
// under ~/.cache/hcljson/funcs by a hash of their input.
//
// # Misuse
//
// A Release or a schema.Program out of range panics, except in String
// and Version, which describe it ([spec.md] §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package funcs
