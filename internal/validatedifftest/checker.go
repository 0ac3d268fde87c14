package validatedifftest

import (
	"errors"
	"fmt"
	"os/exec"
)

// A Checker validates the module written in dir as the client called
// client ("tofu" or "terraform") would, and returns what it found: the
// program compared with the clients.
type Checker func(client, dir string) (*Result, error)

// HCLJSONCheck is the Checker that runs the hcljson command bin: check
// --format json, with the provider schema file schema (when not ""), for
// the client's program, on the directory. Its exit status 1 (errors
// found) is a result like 0.
func HCLJSONCheck(bin, schema string) Checker {
	return func(client, dir string) (*Result, error) {
		program := map[string]string{"tofu": "opentofu", "terraform": "terraform"}[client]
		args := []string{"check", "--format", "json", "--program", program}
		if schema != "" {
			args = append(args, "--provider-schema", schema)
		}
		out, stderr, err := runNice(nil, dir, bin, append(args, ".")...)
		var exit *exec.ExitError
		if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1) {
			return nil, fmt.Errorf("hcljson %v in %s: %v\n%s", args, dir, err, stderr)
		}
		res, perr := ParseResult(out, dir)
		if perr != nil {
			return nil, fmt.Errorf("hcljson %v in %s: %v\n%s", args, dir, perr, stderr)
		}
		return res, nil
	}
}
