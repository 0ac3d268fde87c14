// Package e2e holds the end-to-end tests of hcljson against the real
// programs: for each configuration under testdata, OpenTofu and Terraform
// (found by internal/clientstest) plan three copies — the native files as
// written, their JSON conversion by the hcljson command, and that JSON
// converted back to native syntax with the program's provider schemas —
// and show -json's planned values, output and resource changes, checks,
// variables and configuration must agree. A directory whose name starts
// with "tofu-" is planned by OpenTofu only. A configuration whose file
// says "# Open: REASON" shows a reported bug: it is still run, and skipped
// with what fails until nothing does.
//
// The configurations use built-in resources (terraform_data) and a
// stand-in provider (provider/, a Go module of its own built with the
// plugin framework into the clients' cache, served through dev_overrides:
// nothing is downloaded). The tests skip when no client is built
// (scripts/build-clients.sh), and with -short. The provider module also
// holds anyschema, a stand-in that serves whatever schema it is given
// under any provider's name, which internal/realworldtest's TestPrograms uses
// to validate real modules with the programs.
//
// The package has only tests. They import internal/clientstest,
// internal/hcltest, hcl/v2's native syntax and go-cty (to read a JSON
// string as the programs read it) and the standard library, and run the
// hcljson command built from cmd/hcljson; they never import the
// provider's module, whose dependencies stay out of this one's go.mod.
package e2e
