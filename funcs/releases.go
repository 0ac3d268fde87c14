package funcs

// added records, for the functions of OpenTofu's and Terraform 1.14's
// tables that not every release of the program has, the release that
// added each (from the programs' sources, internal/lang/functions.go of
// each release). OpenTofu's count from 1.6, its first release;
// Terraform's from 1.5: what came before is not recorded.
var added = map[Release]map[string]string{
	OpenTofu112: {
		"base64gunzip":    "1.7",
		"cidrcontains":    "1.7",
		"issensitive":     "1.7",
		"templatestring":  "1.7",
		"urldecode":       "1.7",
		"ephemeralasnull": "1.11",
	},
	Terraform114: {
		"issensitive":     "1.8",
		"templatestring":  "1.9",
		"ephemeralasnull": "1.10",
	},
}

// coreAdded is the release that added the core:: namespace.
var coreAdded = map[Release]string{OpenTofu112: "1.7", Terraform114: "1.8"}

// Added returns the release of p that added the function called name,
// as "MAJOR.MINOR" ("1.9" for Terraform's templatestring, "1.8" for its
// core::length), or "" when every release the package considers has it
// (OpenTofu from 1.6, Terraform from 1.5; every function of the
// Terraform 1.5.7 table). A validator that knows which releases may run
// a module (their required_version) drops the functions none of them
// has. It panics if p is not a Release.
func Added(p Release, name string) string {
	if _, ok := tables[p]; !ok {
		panic("funcs: unknown " + p.String())
	}
	base := stripCore(name)
	if v := added[p][base]; v != "" || base == name {
		return v // no function came before its program's core::
	}
	return coreAdded[p]
}
