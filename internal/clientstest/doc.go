// Package clientstest finds the real programs that hcljson's end-to-end
// tests compare with: OpenTofu and Terraform at pinned versions, built
// from source through the Go module proxy by scripts/build-clients.sh into
// a cache outside the checkout ($HCLJSON_CLIENTS, by default
// hcljson/clients in the user's cache directory), or named by
// $HCLJSON_TOFU and $HCLJSON_TERRAFORM. Tests that need one call Skip,
// which skips them with a message naming the script when it is absent, so
// that the default test run stays fast and offline.
//
// It also builds the stand-in providers of the module e2e/provider into
// that cache, once per version of their sources, and prepares what the
// programs need to run them without a registry: StandIn (hcljson/standin,
// the e2e tests' provider), AnySchema (a provider that serves whatever
// schema it is given, linked under each provider's name by PluginDir, one
// directory per provider source address with its schemas.json), and the
// environment whose CLI configuration's dev_overrides name them (Env,
// EnvOverrides).
//
// It is used only by tests. It imports only the standard library.
package clientstest
