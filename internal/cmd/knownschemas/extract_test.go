package main

import (
	"strings"
	"testing"
)

// TestExtract reads the stand-in provider of testdata/standin (parsed,
// never built) and checks the whole table: SDK registrations by field,
// a provider configuration, blocks (list, set, nested, from helper
// functions with arguments, a merge of two maps, a map a function fills
// after making it), attributes (primitive, map, list of strings,
// ConfigModeAttr, computed only), the timeouts block that Timeouts add,
// a name whose alternatives agree (either) and one whose alternatives
// disagree (disagrees, left out), a schema whose type is not known
// (mystery) and one changed after it is made (changed), both left out; a
// type of another provider's name, left out; and a framework resource:
// its type name from Metadata, attributes of any kind, list, set and
// single nested blocks, and timeouts.Block.
func TestExtract(t *testing.T) {
	s, err := newSource("testdata/standin")
	if err != nil {
		t.Fatal(err)
	}
	x := &extractor{src: s, name: "standin", schemas: map[string]*body{}, skipped: map[string]int{}}
	x.run()
	var got strings.Builder
	for _, k := range []string{"P", "R standin_server", "R standin_network", "D standin_images", "R standin_sleep"} {
		b, ok := x.schemas[k]
		if !ok {
			t.Errorf("%s: not found", k)
			continue
		}
		got.WriteString(k + "\n")
		b.write(&got, 1)
	}
	if len(x.schemas) != 5 {
		t.Errorf("%d schemas, want 5", len(x.schemas))
	}
	want := `P
 = region
 + assume_role list
  = role_arn
R standin_server
 = labels name project rule status tags zone
 + disk set
  = size
  + initialize list
   = image
 + either
  = a b
 + timeouts single
  = create delete
R standin_network
 = cidr
D standin_images
 + filter set
  = name
R standin_sleep
 = duration settings triggers
 + step list
  = seconds
  + check set
 + timeouts single
 + window single
  = start
`
	if got.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", got.String(), want)
	}
}
