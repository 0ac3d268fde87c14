package dropintest

// An Expectation explains why a test of OpenTofu ends differently with
// hcljson: the deliberate difference of spec.md §18 behind it and how it
// shows in the test.
type Expectation struct {
	Section string // "D11"
	Reason  string
}

// Expected lists, keyed as in Run, the tests of OpenTofu 1.12.6 whose
// outcome differs when hcljson replaces hcl/v2/json, each with its reason.
// Any other difference is a failure of TestOpenTofuDropIn.
//
// A failing subtest fails its parent test and its package, so each is
// listed with the same reason.
var Expected = map[string]Expectation{
	pbkdf2 + " TestConfig_DepsTraversals/json_body_with_chain_reference_as_string": {"D12", pbkdf2Chain},
	pbkdf2 + " TestConfig_DepsTraversals":                                          {"D12", pbkdf2Chain},
	pbkdf2:                                                                         {"D12", pbkdf2Chain},
}

const (
	pbkdf2      = "github.com/opentofu/opentofu/internal/encryption/keyprovider/pbkdf2"
	pbkdf2Chain = "the test expects the traversal key_provider.pbkdf2... read from a JSON string " +
		"(chain = \"key_provider.pbkdf2.x\", through hcl.AbsTraversalForExpr) to start on the " +
		"opening quote, as the oracle has it (column 16, byte 149); hcljson starts it after the " +
		"quote, on the k (column 17, byte 150), one column and one byte later for every step"
)
