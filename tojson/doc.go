// Package tojson converts HCL's native syntax to its JSON syntax: a .tf
// file to .tf.json, meaning the same.
//
// [ParseNative] parses a native file (in pieces on several cores when it
// is large); [FromNative] builds the gen.File of a parsed file, written
// with gen's encoder; [Convert] does both in one call; [ConvertTo] writes
// the same bytes converting a large file piece by piece (by top-level
// blocks, through gen.Stream), so that the whole syntax tree is never
// held. With
// Options.Schema (schema.Terraform.Root, or a language with provider
// schemas) each argument is written as that language reads it: literal
// arguments as their text, references and type expressions as strings,
// everything else as a template that evaluates to the same value. How the
// JSON is written is package gen's (the general array form, modes and
// escaping); how it is read back is package hcljson's, which [spec.md]
// specifies. The text written for a type constraint, a reference or a
// native expression is read back before it is written, as the JSON
// string holding it will be read, by module.ReadText (module.ReadValue,
// the one reader of a value by its mode, spec.md {#validate} V19): a
// text that does not read back as the same is an error ("Cannot write
// type", "Cannot write reference", "Cannot write expression").
//
// # Arguments written as blocks
//
// Terraform and OpenTofu let blocks fill a provider argument whose type is
// a list or set of objects, one block per element, in schemas the older
// provider SDK made (lang/blocktoattr; aws_security_group's ingress):
// schema.Attribute.AsBlocks describes them, from provider schemas. A JSON
// body has no such reading (a property of that name is always the
// argument), so with Options.Schema from provider schemas the
// blocks are written as the argument: an array with one object per block
// in order, each with the block's arguments in source order and then
// null for every attribute of the element type that the block leaves out
// (the programs give it null; an object lacking it would not convert to
// the element type). A constant of another type than its attribute's is
// written converted, as the programs read the block ("443" for a number
// is 443), so that show -json's configuration stays the same; an
// element's own argument written as blocks is an array again. A dynamic
// block generating such an argument stays a dynamic block. Static and
// dynamic blocks of one argument, and a dynamic block inside such a
// block, have no JSON form: errors with their ranges. Without provider
// schemas such blocks are written as blocks, which both programs read as
// the argument: the same when every block sets every attribute, an error
// when it plans otherwise. The way back writes the argument.
//
// The source text of each expression is written laid out as terraform fmt
// lays it out (internal/nativefmt), whatever the author's spacing, so
// that .tf -> .tf.json -> .tf -> .tf.json gives the first JSON again byte
// for byte.
//
// # Misuse
//
// Nil input is an empty file. FromNative reports a file that hclsyntax did
// not make, nil included, as an error, and panics when f.Bytes is not the
// file's source (spec.md §misuse).
//
// Sections named V10, D11, {#validate} or §misuse are those of [spec.md], the
// project's numbered specification, at the root of the repository.
//
// [spec.md]: https://github.com/hcljson/hcljson/blob/main/spec.md
package tojson
