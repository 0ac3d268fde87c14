// Package validatedifftest is the differential test of issue 12: it
// measures how far a checker (hcljson check --format json, which runs
// package validate on a directory) reports what tofu validate and
// terraform validate report, without init.
//
// The generator (ReadBase, ReadCases, Variants) makes hundreds of small
// modules: a valid base module (testdata/base.txtar: the stand-in provider
// hcljson/standin, with a default and an aliased configuration, variables,
// a local, resources, a data source, a local module ./child and outputs,
// over several files) plus one change from a table of cases
// (testdata/CLASS/NAME.txtar, one file a case, in the txtar form of
// validate/testdata: a section for what the case is written to be, want,
// and each of its files; ReadCases lists the other sections), each a class
// of issue 12 (Classes: undeclared references, each/count/self out of
// context, unknown attributes, functions, expressions, duplicates across
// files, meta-arguments, types, cycles), faulty or valid-but-suspicious
// ("valid-" names). Each case is a native variant and its JSON twin, whose
// .tf files are converted as hcljson convert converts them (package
// tojson), the base module's included, except where a case writes its JSON
// itself (what the conversion refuses, or mixed .tf and .tf.json files) or
// says why it has none. A case that Terraform 1.5 cannot know (removed
// blocks, ephemeral variables) is for OpenTofu only.
//
// A Runner validates each variant with one client, one run at a time
// under nice -n 19: the files written to a temporary directory, get
// when there is a local module, then validate -json, with the stand-in
// served through dev_overrides (internal/clientstest.StandIn and Env).
// Results are cached under CacheRoot (~/.cache/hcljson/validatediff)
// in NAME-VERSION/SHA256.json, the hash of the variant's files and the
// stand-in's build, so that a second run validates nothing.
//
// TestValidateDifferential compares every client's result with the
// Checker's (HCLJSONCheck: hcljson check --format json --program P
// --provider-schema S, S being the stand-in's schema from providers
// schema -json) and logs a table by class and syntax per client: the
// variants, those the client finds faulty, those whose client verdict is
// the one the case is written for, the same verdict (share of all), the
// checker's false errors (valid for the client) and misses, the same
// first error's file and line (share of the faulty ones),
// and the checker's first error being one of the client's errors (the
// clients order errors of independent objects as their concurrent graph
// walk happens to go). It also lists the variants whose client verdict
// is not the one they were written for, and those where tofu and
// terraform differ. The report (table.md, per client mismatches.txt,
// surprises.txt and each mismatching variant's files with both results)
// goes to $HCLJSON_VALIDATEDIFF_OUT or a kept temporary directory named
// in the log.
//
// The thresholds of issue 12, VerdictGate (99%) and LocationGate (95%),
// and no false error (the checker reporting errors on a variant the
// client finds valid) fail the test when it checks every variant with
// this module's hcljson; HCLJSON_VALIDATE_GATE=1 applies them always,
// HCLJSON_VALIDATE_GATE=0 never (to measure an older binary).
//
// Run it (it skips under -short and without a client, and a client whose
// variants not yet cached would take longer than -timeout leaves: with
// the cache cold that is about 7 minutes a client; build the clients
// with scripts/build-clients.sh):
//
//	nice -n 19 go test ./internal/validatedifftest -run TestValidateDifferential -v -timeout 60m
//
// $HCLJSON_VALIDATEDIFF_RUN (a regular expression on CLASS/NAME/SYNTAX)
// keeps some variants; $HCLJSON_VALIDATEDIFF_BIN checks with another
// hcljson binary; $HCLJSON_VALIDATEDIFF_CACHE moves the cache. The
// package imports internal/clientstest, and tojson, gen and schema for the
// JSON twins.
package validatedifftest
