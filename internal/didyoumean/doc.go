// Package didyoumean picks the name to offer in a "Did you mean ...?" hint:
// of the names a place accepts, the one a mistyped name most likely meant.
// It owns the rule for "close enough" so that every message of the module
// applies the same one: an edit distance (github.com/agext/levenshtein,
// counted in runes: insertions, deletions and substitutions) of at most
// two.
//
// Two choices among the close names:
//
//   - [Closest]: the closest name, the first in the order given on a tie.
//     gen, validate, jsonpath and internal/cli suggest with it.
//   - [First]: the first close name in the order given, however close a
//     later one is. This is what hcl/v2's own didyoumean and Terraform do,
//     and hcljson's parse diagnostics use it so that they say what
//     hcl/v2's JSON parser says.
//
// Both return "" when no name is close, when names is empty, and when the
// name chosen is itself "" (an empty name is never offered).
//
// # Imports
//
// Nothing of this module; github.com/agext/levenshtein only. gen,
// validate, jsonpath, internal/cli and hcljson import it.
package didyoumean
