// Package jsonpath reads one value out of any JSON document (a .tf.json
// file, a plan or state from "terraform show -json", a provider schema) by a
// path, and says exactly where in the source the value is.
//
// # Paths
//
// A path is a sequence of steps from the root, the steps of
// terraform-plugin-testing's tfjsonpath written as one string:
//
//	resource.aws_instance.web.ami
//	planned_values.root_module.resources[0].values.tags["Name"]
//	provider_schemas["registry.terraform.io/hashicorp/aws"]
//	["key with.dots"][0][1]
//
// A key that is a bare name (letters, digits, "_" and "-") follows a "."
// (or starts the path); any other key is a JSON string in brackets, with
// JSON's escapes ("\"", "\\", "\u00e9"). An index is a decimal number in
// brackets, counted from 0. A bare name is always a key, even when it is all
// digits: "a.0" is the key "0" of a, "a[0]" the first element of a. The
// empty path and "." are the root; a leading "." is allowed, as in jq.
// "[*]" takes every element of an array, or every member value of an
// object (Splat, for LookupAll). A filter "[key=value]" takes the one
// element (or member value) that is an object whose key holds the value,
// "[*key=value]" every one (Filter):
//
//	resource_changes[address=aws_instance.web[0]].change.after
//	resource_changes[*type=aws_instance].address
//	resource_changes[address="module.a.b[\"k\"]"]
//
// The value is written bare up to the "]" that closes the filter, brackets
// nesting inside it (and JSON strings inside those), or as a JSON string.
// There are no slices.
//
// Parse reads a path and reports a mistake with its column
// (*SyntaxError); Path.String writes the canonical form, which Parse reads
// back to the same Path: keys bare when they are a letter or "_" followed by
// letters, digits, "_" and "-", quoted otherwise. A Path can also be built
// from its steps, Key and Index, as tfjsonpath's New, AtMapKey and
// AtSliceIndex build one.
//
// # Look-ups
//
// Lookup walks the tape of a scanner.Document, so the Result has the exact
// bytes of the value (numbers keep their literal text) and its hcl.Range,
// with columns counted as HCL counts them ([spec.md] §positions). Keys are compared after
// unescaping. Object members are searched in written order; when a key is
// repeated the first member is used and each later one gets a warning that
// names the key, the path to its object and both positions.
//
// A step that cannot be taken is an error diagnostic whose Detail names the
// step and the path before it, says what is there instead, and what it
// holds: an object's keys in document order (the first 20) with "Did you
// mean ...?" for a close one, an array's length. Its Subject is the value
// that stopped the walk (the opening bracket of a container), its Context
// runs from that value's key when it has one. A document with syntax errors
// yields the scanner's errors as diagnostics, worded as package hcljson
// words them.
//
// LookupAll takes a path with [*] steps and returns every value it leads
// to, in document order. It walks the document once, going on from each
// value a [*] takes, so its time is linear in the size of the document
// however many values there are (spec.md §cli C8).
//
// # Addresses
//
// A Layout (LayoutFor, LanguageLayout) reads paths in a file of HCL's JSON
// syntax as addresses, which name blocks by their labels whatever the
// file's layout: the object form that cdktf writes, the general array form
// that hcljson fmt writes, and mixtures. In a .tf.json file,
// module.net.cidr, resource.aws_instance.web.ami, aws_instance.web.ami,
// locals.name, terraform.required_providers.aws.version and
// provider.aws.west.region read the same value in each layout. An address
// that names several blocks (the same labels twice) is an error naming
// each; a block type without labels (locals, terraform) may be written
// several times, and a key is looked up in each. A path whose first step
// is no block type (a plan's keys, "//") is read as a plain path, so that
// Layout.Lookup and Layout.LookupAll are Lookup and LookupAll there
// (spec.md §cli C15, C16). Layout.Keys lists what a value holds: the
// blocks of a file by address, the keys of an object.
//
// # Misuse
//
// An empty Path is the root and nil Lines are the document's; an Index
// outside its array, negative included, is an error. A nil Layout reads
// plain paths. A nil document, and a Path with a nil step, panic (spec.md
// §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package jsonpath
