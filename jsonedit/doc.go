// Package jsonedit changes values in an existing JSON document (a .tf.json
// file, any JSON) and keeps every other byte as it was: the order of
// members, spacing and indentation, "//" comment members, the spelling of
// numbers and strings. It is what a dependency-update tool needs to write
// "module.vpc.version = 5.1.0" into a .tf.json file.
//
// # Paths
//
// A value is named by a jsonpath.Path, the path syntax of "hcljson get"
// (jsonpath.Parse reads it), and found by jsonpath.Lookup: keys are
// compared after unescaping, the first of repeated keys is used (with a
// warning), and a path that cannot be followed is an error whose Detail
// names the step that failed and the path before it.
//
// SetAddress and DeleteAddress read the path through a jsonpath.Layout
// (jsonpath.LayoutFor("main.tf.json")): an address such as
// module.vpc.version or resource.aws_instance.web names the same value in
// the object form that cdktf writes and in the array form that hcljson fmt
// writes, and an address that names several blocks is an error. A path
// with [*] or [*key=value] edits every value it leads to.
//
// # Edits
//
// Open scans the document once into a tape (package scanner). Each edit is
// one pass over the source bytes, splicing at the tape's offsets (one
// place, or each place a path with [*] leads to):
//
//   - Set replaces the bytes of an existing value with the new value's
//     JSON text. When the last step is a key that the object does not have,
//     Set adds a member after the object's last member, laid out as the
//     object's members are (the separator between members, copied from the
//     last two, or from the opening bracket to the first member; the text
//     between key and value).
//   - Delete removes an object member or an array element with the
//     separator it owned (the comma and white space before it, or after it
//     when it is first); removing the only one leaves the brackets empty
//     ({} or []). DeleteAddress of a block's address removes the block
//     (its member, or its element of an array of blocks) and each label
//     level and array of blocks around it that it leaves empty
//     (jsonpath.Result.Structure), in one run of bytes.
//
// A new value is checked as JSON by the scanner and written as given,
// without its surrounding white space, so that setting a value to its own
// text changes nothing. In a new member, a value that spans lines has its
// lines after the first indented as the member's line. String returns the
// JSON text of a Go string.
//
// After an edit the new bytes are scanned again (they are a new input), so
// edits can follow one another; Bytes returns the current text. Nothing
// else is touched: output equals input outside the replaced range.
//
// # Imports
//
// jsonedit imports scanner (the tape), jsonpath (paths, look-ups and
// their diagnostics) and internal/jsonw (String). Nothing of HCL's meaning:
// it edits any JSON.
//
// # Misuse
//
// Nil text is empty text, which is not a JSON value (an error for Open,
// Set and CheckValue). The methods of a Document that Open did not make,
// and a path with a nil step, panic ([spec.md] §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package jsonedit
