package inspect

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// constraint is one Ruby-style version constraint, such as "~> 1.2".
type constraint struct {
	op                  string // "=", "!=", ">", ">=", "<", "<=", "~>" (minor only), "~>p" (patch only)
	major, minor, patch uint64
	pre, meta           string
}

// opPriority orders operators on the same version as OpenTofu writes
// them: lower bounds first, upper bounds last.
var opPriority = map[string]int{">": 1, ">=": 2, "=": 3, "~>p": 4, "~>": 5, "<=": 6, "<": 7, "!=": 8}

// parseConstraints parses comma-separated Ruby-style constraints as
// OpenTofu's provider requirements do. Versions have one to three
// numbers, then an optional -prerelease and +metadata; omitted numbers
// are zero. "~>" with three numbers allows patch updates only, with
// fewer minor updates.
func parseConstraints(s string) ([]constraint, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []constraint
	parts := strings.Split(s, ",")
	for i, part := range parts {
		part = strings.TrimSpace(part)
		if part == "" && i == len(parts)-1 && i > 0 {
			break
		}
		c, err := parseConstraint(part)
		if err != nil {
			return nil, fmt.Errorf("invalid specification %q: %w", part, err)
		}
		out = append(out, c)
	}
	return out, nil
}

func parseConstraint(s string) (constraint, error) {
	op := s[:len(s)-len(strings.TrimLeft(s, "<>=!~^"))]
	rest := s[len(op):]
	switch op {
	case "", "=", "!=", ">", ">=", "<", "<=", "~>":
	default:
		return constraint{}, fmt.Errorf("invalid constraint operator %q", op)
	}
	if strings.HasPrefix(rest, " ") {
		if op == "" {
			return constraint{}, errors.New("extraneous spaces at start of specification")
		}
		rest = rest[1:]
	}
	c := constraint{op: cmp.Or(op, "=")}
	version, meta, hasMeta := strings.Cut(rest, "+")
	version, pre, hasPre := strings.Cut(version, "-")
	if hasMeta && meta == "" || hasPre && pre == "" {
		return c, errors.New("empty prerelease or metadata")
	}
	c.pre, c.meta = pre, meta
	nums := strings.Split(version, ".")
	if len(nums) > 3 {
		return c, errors.New("too many numbered portions; only three are allowed (major, minor, patch)")
	}
	dst := []*uint64{&c.major, &c.minor, &c.patch}
	for i, num := range nums {
		n, err := strconv.ParseUint(num, 10, 64)
		if err != nil {
			return c, fmt.Errorf("invalid version number %q", num)
		}
		*dst[i] = n
	}
	if op == "~>" && len(nums) == 3 {
		c.op = "~>p"
	}
	return c, nil
}

// constraintsString writes constraints as OpenTofu's
// VersionConstraintsString does: de-duplicated, sorted by version then
// operator, joined by ", ", each version with three numbers ("~>" minor
// constraints with two).
func constraintsString(cs []constraint) string {
	cs = slices.Clone(cs)
	slices.SortFunc(cs, func(a, b constraint) int {
		return cmp.Or(compareVersions(a, b), cmp.Compare(opPriority[a.op], opPriority[b.op]))
	})
	cs = slices.Compact(cs)
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		switch c.op {
		case "=":
		case "~>", "~>p":
			b.WriteString("~> ")
		default:
			b.WriteString(c.op + " ")
		}
		if c.op == "~>" {
			fmt.Fprintf(&b, "%d.%d", c.major, c.minor)
		} else {
			fmt.Fprintf(&b, "%d.%d.%d", c.major, c.minor, c.patch)
		}
		if c.pre != "" {
			b.WriteString("-" + c.pre)
		}
		if c.meta != "" {
			b.WriteString("+" + c.meta)
		}
	}
	return b.String()
}

// compareVersions orders by semantic version precedence, then by
// metadata text.
func compareVersions(a, b constraint) int {
	return cmp.Or(
		cmp.Compare(a.major, b.major),
		cmp.Compare(a.minor, b.minor),
		cmp.Compare(a.patch, b.patch),
		comparePrerelease(a.pre, b.pre),
		cmp.Compare(a.meta, b.meta),
	)
}

// comparePrerelease orders prerelease strings as semantic versioning
// does: none after any, then identifier by identifier, numbers before
// words and numerically.
func comparePrerelease(a, b string) int {
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	case b == "":
		return -1
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(as) && i < len(bs); i++ {
		an, aerr := strconv.ParseUint(as[i], 10, 64)
		bn, berr := strconv.ParseUint(bs[i], 10, 64)
		var c int
		switch {
		case aerr == nil && berr == nil:
			c = cmp.Compare(an, bn)
		case aerr == nil:
			c = -1
		case berr == nil:
			c = 1
		default:
			c = strings.Compare(as[i], bs[i])
		}
		if c != 0 {
			return c
		}
	}
	return cmp.Compare(len(as), len(bs))
}
