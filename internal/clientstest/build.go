package clientstest

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// BuildHCLJSON builds the hcljson command of the module whose root is
// root (cmd/hcljson) into out.
//
// Before building, it looks at every Go file, go.mod and go.sum under root
// (os.Stat): the go command's test cache then keys a test's result on
// them, as on the files a test opens, so that a test comparing the built
// command with the clients runs again when the command's sources change
// (its own package would not: it does not import them). Hidden
// directories and testdata are skipped.
func BuildHCLJSON(root, out string) error {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") || name == "go.mod" || name == "go.sum" {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("reading the sources under %s: %w", root, err)
	}
	cmd := exec.Command("go", "build", "-o", out, "./cmd/hcljson")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build ./cmd/hcljson: %v\n%s", err, b)
	}
	return nil
}
