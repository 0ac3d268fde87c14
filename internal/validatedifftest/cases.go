package validatedifftest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/txtar"
)

// CaseDir holds the base module and the cases, relative to the
// package's directory (where go test runs its tests).
const CaseDir = "testdata"

// The sections of a case's txtar file that are not files of the module.
const (
	wantSection    = "want"    // faulty or valid: what the case is written to be (Case.Valid)
	programSection = "program" // opentofu or terraform: the one program that knows what the case uses (Case.Only)
	noJSONSection  = "nojson"  // why the case has no JSON twin (Case.NoJSON)
	twinPrefix     = "twin/"   // twin/NAME.tf.json: a file of the JSON twin written directly (Case.JSON)
)

// programClients names the client of each program a program section
// may name, as internal/clientstest calls it.
var programClients = map[string]string{"opentofu": "tofu", "terraform": "terraform"}

// ReadBase reads the base module, dir/base.txtar: each section a file,
// by its path relative to the module's directory.
func ReadBase(dir string) (map[string]string, error) {
	path := filepath.Join(dir, "base.txtar")
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return nil, err
	}
	files := map[string]string{}
	for _, f := range ar.Files {
		if _, dup := files[f.Name]; dup {
			return nil, fmt.Errorf("%s: %s twice", path, f.Name)
		}
		files[f.Name] = string(f.Data)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no files", path)
	}
	return files, nil
}

// ReadCases reads the table of cases: dir/CLASS/NAME.txtar, class by
// class in the order of Classes, by name within a class. A case's
// comment says what it is about; its sections are its files, added to
// the base module (or replacing one of its files of the same path), in
// native syntax unless a name ends in .json, and these:
//
//	-- want --               faulty or valid (required; names of valid cases start with valid-)
//	-- program --            opentofu (or terraform): only that program knows what the case uses
//	-- nojson --             why the case has no JSON twin
//	-- twin/NAME.tf.json --  a file of the JSON twin written directly (NAME.tf is then not converted)
//
// A file or directory under dir that is not base.txtar or a class's
// directory of .txtar files is an error, so that no case is left out
// unseen.
func ReadCases(dir string) ([]Case, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.Name() != "base.txtar" && !(e.IsDir() && slices.Contains(Classes, e.Name())) {
			return nil, fmt.Errorf("%s: neither base.txtar nor a class's directory", filepath.Join(dir, e.Name()))
		}
	}
	var all []Case
	for _, class := range Classes {
		entries, err := os.ReadDir(filepath.Join(dir, class))
		if err != nil {
			return nil, err
		}
		for _, e := range entries { // sorted by name
			path := filepath.Join(dir, class, e.Name())
			name, ok := strings.CutSuffix(e.Name(), ".txtar")
			if !ok || e.IsDir() {
				return nil, fmt.Errorf("%s: not a case's .txtar file", path)
			}
			c, err := readCase(path, class, name)
			if err != nil {
				return nil, err
			}
			all = append(all, c)
		}
	}
	return all, nil
}

// readCase reads the case of class called name from the txtar file at
// path.
func readCase(path, class, name string) (Case, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return Case{}, err
	}
	c := Case{Class: class, Name: name, Files: map[string]string{}}
	seen := map[string]bool{}
	want := ""
	for _, f := range ar.Files {
		if seen[f.Name] {
			return Case{}, fmt.Errorf("%s: section %s twice", path, f.Name)
		}
		seen[f.Name] = true
		text := strings.TrimSuffix(string(f.Data), "\n")
		switch {
		case f.Name == wantSection:
			want = text
		case f.Name == programSection:
			client, ok := programClients[text]
			if !ok {
				return Case{}, fmt.Errorf("%s: program %q is neither opentofu nor terraform", path, text)
			}
			c.Only = client
		case f.Name == noJSONSection:
			if text == "" {
				return Case{}, fmt.Errorf("%s: an empty nojson section", path)
			}
			c.NoJSON = text
		case strings.HasPrefix(f.Name, twinPrefix):
			if c.JSON == nil {
				c.JSON = map[string]string{}
			}
			c.JSON[strings.TrimPrefix(f.Name, twinPrefix)] = string(f.Data)
		default:
			c.Files[f.Name] = string(f.Data)
		}
	}
	switch want {
	case "faulty", "valid":
		c.Valid = want == "valid"
	case "":
		return Case{}, fmt.Errorf("%s: no want section (faulty or valid)", path)
	default:
		return Case{}, fmt.Errorf("%s: want %q is neither faulty nor valid", path, want)
	}
	if c.Valid != strings.HasPrefix(name, "valid-") {
		return Case{}, fmt.Errorf("%s: want %s, but the names of valid cases, and only theirs, start with valid-", path, want)
	}
	if len(c.Files) == 0 {
		return Case{}, fmt.Errorf("%s: no file", path)
	}
	return c, nil
}
