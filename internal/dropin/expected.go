package dropin

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
var Expected = map[string]Expectation{}
