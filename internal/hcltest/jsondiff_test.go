package hcltest

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestDiffJSON(t *testing.T) {
	decode := func(s string) any {
		var v any
		d := json.NewDecoder(strings.NewReader(s))
		d.UseNumber()
		if err := d.Decode(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	a := decode(`{"x": 1, "a.b": [1, 2], "n": 9007199254740993, "same": {"k": true}, "only": 1, "list": [1]}`)
	b := decode(`{"x": 2, "a.b": [1, 3], "n": 9007199254740992, "same": {"k": true}, "list": [1, 2], "null": null}`)
	var got []string
	DiffJSON("", a, b, &got)
	want := []string{
		`["a.b"][1]: 2 != 3`,
		`.list: [1] != [1,2]`,
		`.n: 9007199254740993 != 9007199254740992`,
		`.null: missing != null`,
		`.only: 1 != missing`,
		`.x: 1 != 2`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("DiffJSON:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestOpenBug(t *testing.T) {
	for src, want := range map[string]string{
		"# Open: blocks are refused \nresource {}\n": "blocks are refused",
		"a = 1\n# Open: late\n":                      "late",
		"# Opened: no\n#Open: no\n":                  "",
		"":                                           "",
	} {
		if got := OpenBug([]byte(src)); got != want {
			t.Errorf("OpenBug(%q) = %q, want %q", src, got, want)
		}
	}
}
