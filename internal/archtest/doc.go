// Package archtest holds no code: its tests check the architecture of the
// module as README.md's "Data flow" describes it. TestImports checks what
// each package may import; TestScannedOnce that no layer scans its input
// again; TestMisuseCovered that every public package tests what misuse of
// its API does (spec.md §misuse); TestScaffoldingNames the rule of the
// names under internal/; TestCommandStartsLight that the command links no
// package whose cost each of its starts would pay (net, runtime/cgo,
// runtime/metrics).
//
// That rule: a package under internal/ whose name ends in "test" serves
// only tests and measurements (the product, the public packages and
// cmd/hcljson, does not depend on it), whether other tests import it
// (hcltest, convtest, misusetest, clientstest, tfgentest) or it holds
// tests itself (archtest, readmetest, realworldtest, dropintest,
// validatedifftest); every other package under internal/ is part of the
// product (cli, native, nativefmt, nesting, jsonw, didyoumean). The
// commands under internal/cmd are tools run by hand (go run): benchdoc,
// peakmem, knownschemas.
package archtest
