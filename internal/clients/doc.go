// Package clients finds the real programs that hcljson's end-to-end tests
// compare with: OpenTofu and Terraform at pinned versions, built from
// source through the Go module proxy by scripts/build-clients.sh into a
// cache outside the checkout ($HCLJSON_CLIENTS, by default
// hcljson/clients in the user's cache directory), or named by
// $HCLJSON_TOFU and $HCLJSON_TERRAFORM. Tests that need one call Skip,
// which skips them with a message naming the script when it is absent,
// so that the default test run stays fast and offline.
//
// It is used only by tests. It imports only the standard library.
package clients
