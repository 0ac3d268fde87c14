// Command hcljson reads, checks and converts HCL's JSON syntax (.tf.json,
// .hcl.json). Run "hcljson help" for its commands.
package main

import (
	"os"

	"github.com/hcljson/hcljson/internal/cli"
)

func main() {
	tuneGC()
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
