// Package tfgentest generates Terraform configurations in JSON syntax
// (.tf.json) of a chosen size, for benchmarks and tests, with the schemas
// and the evaluation context that decode them completely.
//
// # Documents
//
// [Generate] writes a document of about the size asked for, the same bytes
// for the same size and seed. It looks like what cdktf, Terragrunt or a
// hand-written generator emits: two-space indentation, every block form the
// JSON syntax allows (objects and arrays at label and body levels), nested
// and dynamic blocks, map attributes, templates in about 15% of the strings,
// Unicode raw and escaped, numbers with fractions and exponents, nulls and
// "//" comments. Only the data, resource and output blocks grow with the
// size; the fixed part, with the one data and one resource block every
// document has, comes to 7 to 9 KB, so smaller sizes come out larger than
// asked.
//
// # Decoding
//
// [Root] is the schema tree: a [Node] per kind of body, whose
// [Node.Child] gives the node of a nested block (by its type, and for
// resource, data, dynamic and provisioner blocks by its first label).
// [Schema] is the root body's schema. [EvalContext] holds every variable,
// resource attribute and function that generated templates refer to.
// [Decode] and [Walk] decode a whole document through the hcl.Body
// interface, so the same code measures any implementation of the JSON
// syntax; for a generated document they report no diagnostics.
//
// # Limits
//
// The documents are realistic in shape, not in meaning: references point at a
// fixed set of objects in the context, not at the blocks of the document, and
// nothing checks that a resource's arguments make sense to its provider.
package tfgentest
