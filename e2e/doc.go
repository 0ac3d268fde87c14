// Package e2e holds the end-to-end tests of hcljson against the real
// programs: for each configuration under testdata, OpenTofu and Terraform
// (internal/clients) plan three copies — the native files as written,
// their JSON conversion, and that JSON converted back to native syntax —
// and the plans must agree.
//
// The configurations use built-in resources (terraform_data) and a
// stand-in provider (provider/, a module of its own built with the plugin
// framework, served through dev_overrides: nothing is downloaded). The
// tests skip when no client is built (scripts/build-clients.sh).
//
// It imports internal/clients, internal/hcltest and the standard library; it runs the
// hcljson command built from cmd/hcljson.
package e2e
