package tfgentest

// rng is a small deterministic pseudo-random source (SplitMix64). It is
// defined here rather than taken from math/rand/v2 so that the generated
// bytes for a seed can never change with the Go release.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// intn returns a number in [0, n); n must be positive. The tiny modulo bias
// does not matter for test data.
func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int) int { return lo + r.intn(hi-lo+1) }

// chance reports true with probability p.
func (r *rng) chance(p float64) bool {
	return float64(r.next()>>11)/(1<<53) < p
}

func (r *rng) pick(list []string) string { return list[r.intn(len(list))] }
