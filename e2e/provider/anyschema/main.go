// Command anyschema is a stand-in Terraform/OpenTofu provider that serves
// whatever schema it is given, so that the programs can validate a
// configuration written for any provider (aws, google, integrations/github,
// ...) offline: one binary, linked under each provider's executable name.
//
// Its own executable name says which provider it is: linked as
// terraform-provider-TYPE (optionally followed by "_" or "." and anything,
// as the programs find a provider's executable in a dev_overrides
// directory), it serves the provider whose source address ends in /TYPE
// in a file in the format of "terraform providers schema -json": the file
// named by $HCLJSON_STANDIN_SCHEMAS, else schemas.json in the directory of
// the executable's path as it was run (os.Args[0], so that a symbolic link
// is read as the link). The file must hold exactly one provider of that
// type.
//
// It serves the provider configuration block, the resource, data source
// and ephemeral resource schemas and the provider functions of that
// provider, over protocol 6 (terraform-plugin-go's tf6server), and accepts
// every Validate* and ConfigureProvider call with no diagnostics. Anything
// that would need a real provider (planning, applying, reading, opening,
// calling a function) is an error saying that it is a stand-in. A schema
// that cannot be read is an error diagnostic of GetProviderSchema, which
// the programs show.
//
// It imports terraform-plugin-go and the standard library only.
package main

import (
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
)

// SchemasEnv is the environment variable that may name the schema file.
const SchemasEnv = "HCLJSON_STANDIN_SCHEMAS"

func main() {
	typ, err := providerType(os.Args[0])
	if err != nil {
		log.Fatal(err)
	}
	p := newProvider(typ, schemaFile(os.Args[0]))
	if err := tf6server.Serve("registry.terraform.io/hcljson/"+typ, func() tfprotov6.ProviderServer { return p }); err != nil {
		log.Fatal(err)
	}
}

// providerType returns the provider type that the executable's name says:
// TYPE in terraform-provider-TYPE, terraform-provider-TYPE_v1.2.3 or
// terraform-provider-TYPE.exe.
func providerType(exe string) (string, error) {
	const prefix = "terraform-provider-"
	name := filepath.Base(exe)
	typ, ok := strings.CutPrefix(name, prefix)
	if !ok {
		return "", fmt.Errorf("anyschema: run as %q: link it as %sTYPE to serve the provider TYPE", name, prefix)
	}
	if i := strings.IndexAny(typ, "_."); i >= 0 {
		typ = typ[:i]
	}
	if typ == "" {
		return "", fmt.Errorf("anyschema: run as %q, which names no provider type", name)
	}
	return typ, nil
}

// schemaFile returns the schema file to read: $HCLJSON_STANDIN_SCHEMAS, else
// schemas.json beside exe.
func schemaFile(exe string) string {
	if f := os.Getenv(SchemasEnv); f != "" {
		return f
	}
	return filepath.Join(filepath.Dir(exe), "schemas.json")
}
