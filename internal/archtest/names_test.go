package archtest

import (
	"os/exec"
	"path"
	"strings"
	"testing"
)

// TestScaffoldingNames checks the rule of the names under internal/: a
// package that the product (the public packages and cmd/hcljson, tests
// aside) does not depend on serves only tests and measurements, and its
// name ends in "test", whether other tests import it (hcltest,
// clientstest, tfgentest) or it holds tests itself (archtest,
// realworldtest, validatedifftest); a package the product depends on has
// no such name. The commands under internal/cmd are tools run by hand
// (go run) and follow neither.
func TestScaffoldingNames(t *testing.T) {
	const module = "github.com/hcljson/hcljson/"
	out, err := exec.Command("go", "list", module+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var product, internal []string
	for _, p := range strings.Fields(string(out)) {
		switch rel := strings.TrimPrefix(p, module); {
		case strings.HasPrefix(rel, "internal/cmd/"):
		case strings.HasPrefix(rel, "internal/"):
			internal = append(internal, rel)
		case rel != "e2e" && !strings.HasPrefix(rel, "e2e/"):
			product = append(product, p)
		}
	}
	if len(product) == 0 || len(internal) == 0 {
		t.Fatalf("%d product packages, %d internal ones", len(product), len(internal))
	}
	out, err = exec.Command("go", append([]string{"list", "-deps"}, product...)...).Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[strings.TrimPrefix(p, module)] = true
	}
	ofProduct, ofTests := 0, 0
	for _, p := range internal {
		used, named := deps[p], strings.HasSuffix(path.Base(p), "test")
		switch {
		case used && named:
			t.Errorf("%s is named as test scaffolding, but the product depends on it", p)
		case !used && !named:
			t.Errorf("%s serves only tests (the product does not depend on it): name it %stest", p, path.Base(p))
		case used:
			ofProduct++
		default:
			ofTests++
		}
	}
	t.Logf("%d internal packages: %d of the product, %d of tests", len(internal), ofProduct, ofTests)
}
