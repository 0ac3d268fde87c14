package e2e

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/hcljson/hcljson/internal/clientstest"
)

// TestMain makes the absence of the clients visible in "go test ./...",
// which prints nothing of a passing package but its status line: every
// test here needs tofu or terraform, so without them none runs (unless
// -run names some, which then skip one by one), and the go command says
// "[no tests to run]" after the package's name; -v shows the command
// that builds them.
func TestMain(m *testing.M) {
	flag.Parse()
	if len(clientstest.All()) == 0 && flag.Lookup("test.run").Value.String() == "" {
		fmt.Printf("e2e: %s\n", clientstest.Missing("tofu"))
		flag.Set("test.run", "^$")
	}
	os.Exit(m.Run())
}
