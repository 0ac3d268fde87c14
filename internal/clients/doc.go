// Package clients finds the real programs that hcljson's end-to-end tests
// compare with: OpenTofu and Terraform, built from source through the Go
// module proxy by scripts/build-clients.sh into a cache outside the
// checkout. Tests that need one skip, naming the script, when it is
// absent, so that the default test run stays fast and offline.
//
// It imports only the standard library.
package clients
