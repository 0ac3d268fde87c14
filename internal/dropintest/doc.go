// Package dropintest holds the drop-in experiment of issue 28: OpenTofu
// 1.12.6 with every call into github.com/hashicorp/hcl/v2/json (its own
// and those of its fork of hcl, hclparse and hclsimple) switched to
// hcljson runs its JSON-relevant test suites as it does stock, but for the
// tests listed in Expected, each with the deliberate difference of spec.md
// §18 that explains it.
//
// scripts/dropin-opentofu.sh copies the sources from the Go module cache,
// generates the patch from the call sites, and runs the suites stock and
// patched with "go test -json" into a work dir; TestOpenTofuDropIn reads
// the two streams and compares them test by test (Compare). Without the
// results it skips, naming the script; with HCLJSON_DROPIN_RUN=1 it runs
// the script first (a long run: two builds of OpenTofu and its tests).
//
// It is used only by tests. It imports only the standard library; its
// tests read go.mod files with golang.org/x/mod (TestRequirementsFitOpenTofu).
package dropintest
