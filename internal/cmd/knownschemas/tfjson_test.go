package main

import (
	"strings"
	"testing"
)

// tableOf writes the schemas of x in the table's format, in the order
// keys gives, and fails for a key x does not have.
func tableOf(t *testing.T, x *extractor, keys ...string) string {
	t.Helper()
	var got strings.Builder
	for _, k := range keys {
		b, ok := x.schemas[k]
		if !ok {
			t.Errorf("%s: not found", k)
			continue
		}
		got.WriteString(k + "\n")
		b.write(&got, 1)
	}
	if len(x.schemas) != len(keys) {
		t.Errorf("%d schemas, want %d", len(x.schemas), len(keys))
	}
	return got.String()
}

func newExtractor(name string) *extractor {
	return &extractor{name: name, schemas: map[string]*body{}, skipped: map[string]int{}}
}

// TestGenerated reads the stand-in schema repository of
// testdata/generated: the registrations of register.go by map (resources,
// data sources, ephemeral resources; another map's and another
// provider's types are not read, and a type whose file is absent is
// skipped), each function's constant (one joined by + around its
// backquotes), and the JSON: attributes of any type (a list of objects,
// a nested attribute type) are attributes, block types are blocks with
// their nesting (group is written single), at every level, and a block
// type nested as a map (its blocks take a label) is left out.
func TestGenerated(t *testing.T) {
	x := newExtractor("standin")
	if err := x.runGenerated("testdata/generated"); err != nil {
		t.Fatal(err)
	}
	got := tableOf(t, x, "R standin_server", "D standin_images", "E standin_token")
	want := `R standin_server
 = name rule settings
 + disk set
  = size
  + initialize list
   = image
 + timeouts single
  = create
 + window single
  = start
D standin_images
 + filter set
  = name
E standin_token
 = token
`
	if got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
	if x.skipped["schema file absent R"] != 1 || x.skipped["block type nested as map"] != 1 || x.skipped["type of another name R"] != 1 {
		t.Errorf("skipped %v, want one absent file, one map block type and one type of another name", x.skipped)
	}
}

// TestJSON reads the output of `terraform providers schema -json`
// (testdata/schema.json): the provider given by its source address, or
// the one whose type is the extractor's, with its configuration.
func TestJSON(t *testing.T) {
	for _, address := range []string{"registry.terraform.io/example/standin", ""} {
		x := newExtractor("standin")
		if err := x.runJSON("testdata/schema.json", address); err != nil {
			t.Fatal(err)
		}
		got := tableOf(t, x, "P", "R standin_network", "D standin_images")
		want := `P
 = region
 + assume_role list
  = role_arn
R standin_network
 = cidr
D standin_images
 = filter most_recent
`
		if got != want {
			t.Errorf("-source %q: table:\n%s\nwant:\n%s", address, got, want)
		}
	}
	if err := newExtractor("standin").runJSON("testdata/schema.json", "registry.terraform.io/example/nothing"); err == nil {
		t.Errorf("a provider the file does not have: no error")
	}
}

// TestJSONVersions merges two sources, as the aws table merges major
// versions: names either defines are listed, and a name one defines as
// blocks and the other as an attribute (the data source's filter) is
// left out, and counted.
func TestJSONVersions(t *testing.T) {
	x := newExtractor("standin")
	if err := x.runGenerated("testdata/generated"); err != nil {
		t.Fatal(err)
	}
	if err := x.runJSON("testdata/schema.json", ""); err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	x.schemas["D standin_images"].write(&got, 1)
	if want := " = most_recent\n"; got.String() != want {
		t.Errorf("D standin_images:\n%s\nwant:\n%s", got.String(), want)
	}
	both := 0
	for _, b := range x.schemas {
		both += b.countBoth()
	}
	if both != 2 { // filter, and the server's labelled (a map block type)
		t.Errorf("%d names left out, want 2", both)
	}
	if len(x.schemas) != 5 {
		t.Errorf("%d schemas, want 5 (P, the server, the network, the images, the token)", len(x.schemas))
	}
}
