package validate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// walkVars is reachableVars for one output, by a walk of its own: the
// reference (what outputDeps did before it shared the walks).
func walkVars(output string, succ func(string) []string) []string {
	visited := map[string]bool{}
	var vars []string
	var walk func(n string)
	walk = func(n string) {
		if visited[n] {
			return
		}
		visited[n] = true
		if v, ok := strings.CutPrefix(n, "var."); ok {
			vars = append(vars, v)
			return
		}
		for _, to := range succ(n) {
			walk(to)
		}
	}
	walk("output." + output)
	slices.Sort(vars)
	return vars
}

func TestReachableVars(t *testing.T) {
	for seed := range uint64(300) {
		r := rand.New(rand.NewPCG(seed, 1))
		// Nodes: outputs, locals, resources and variables (more than
		// 64 of them in some graphs, so that sets take several words);
		// edges at random, cycles and edges out of variables included.
		nVars := 1 + r.IntN(100)
		var nodes []string
		outputs := map[string]bool{}
		for i := range 1 + r.IntN(40) {
			nodes = append(nodes, fmt.Sprintf("output.o%d", i))
			outputs[fmt.Sprintf("o%d", i)] = true
		}
		for i := range r.IntN(60) {
			nodes = append(nodes, fmt.Sprintf("local.l%d", i), fmt.Sprintf("terraform_data.r%d", i))
		}
		for i := range nVars {
			nodes = append(nodes, fmt.Sprintf("var.v%d", i))
		}
		edges := map[string][]string{}
		for range r.IntN(4 * len(nodes)) {
			from, to := nodes[r.IntN(len(nodes))], nodes[r.IntN(len(nodes))]
			edges[from] = append(edges[from], to)
		}
		if seed%3 == 0 { // a chain through every node, as in tfgen's modules
			for i := 1; i < len(nodes); i++ {
				edges[nodes[i-1]] = append(edges[nodes[i-1]], nodes[i])
			}
		}
		succ := func(n string) []string { return edges[n] }
		got := reachableVars(func(yield func(string) bool) {
			for o := range outputs {
				if !yield(o) {
					return
				}
			}
		}, succ)
		if len(got) != len(outputs) {
			t.Fatalf("seed %d: %d outputs, want %d", seed, len(got), len(outputs))
		}
		for o := range outputs {
			if want := walkVars(o, succ); !reflect.DeepEqual(got[o], want) {
				t.Fatalf("seed %d: output %s depends on %v, want %v", seed, o, got[o], want)
			}
		}
	}
}
