// Package arch holds no code: its tests check the architecture of the
// module as README.md's "Data flow" describes it. TestImports checks what
// each package may import; TestScannedOnce that no layer scans its input
// again; TestMisuseCovered that every public package tests what misuse of
// its API does (spec.md §misuse).
package arch
