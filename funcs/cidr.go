package funcs

import (
	"errors"
	"fmt"
	"math/big"
	"net/netip"
	"strings"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/gocty"
)

// The cidr functions, computed for ordinary arguments. The programs
// compute the others too, with results that follow from their
// implementation rather than from a rule (a negative netnum, an
// IPv4-mapped IPv6 prefix, numbers beyond 64 bits); for those these
// return an unknown value, which is never wrong.

// errQuirk marks arguments for which the result is left unknown.
var errQuirk = errors.New("left unknown")

// prefix is a parsed CIDR prefix: its first address as an integer, its
// length and the address size in bits (32 or 128).
type prefix struct {
	base      *big.Int
	len, bits int
}

// parsePrefix reads a CIDR prefix as the programs do (they keep Go 1.16's
// parser, which reads IPv4 octets with leading zeros as decimal), and as
// net.ParseCIDR reads the rest: an address without a zone, "/", and a
// length of decimal digits (leading zeros allowed) no greater than the
// address's size. It uses net/netip rather than net, whose resolver links
// the C library into the command (BENCHMARKS.md, "Processes").
func parsePrefix(s string) (prefix, error) {
	addr, length, ok := strings.Cut(s, "/")
	if ok && !strings.Contains(addr, ":") {
		addr = trimOctetZeros(addr)
	}
	bad := cidrError(s)
	if !ok {
		return prefix{}, bad
	}
	a, err := netip.ParseAddr(addr)
	if err != nil || a.Zone() != "" {
		return prefix{}, bad
	}
	ones, ok := prefixLength(length)
	if !ok || ones > a.BitLen() {
		return prefix{}, bad
	}
	first := netip.PrefixFrom(a, ones).Masked().Addr()
	if first.Is4In6() {
		return prefix{}, errQuirk // IPv4-mapped IPv6
	}
	return prefix{base: new(big.Int).SetBytes(first.AsSlice()), len: ones, bits: a.BitLen()}, nil
}

// prefixLength reads the length of a prefix: one or more decimal digits.
func prefixLength(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, false
		}
		if n = n*10 + int(c-'0'); n > 128 {
			return n, true // too long for any address: the caller rejects it
		}
	}
	return n, true
}

// cidrError is the error of a prefix that cannot be read, worded as
// net.ParseCIDR's.
type cidrError string

func (e cidrError) Error() string { return "invalid CIDR address: " + string(e) }

// trimOctetZeros turns "010.001.0.0" into "10.1.0.0"; anything else is
// returned as it is.
func trimOctetZeros(addr string) string {
	parts := strings.Split(addr, ".")
	if len(parts) != 4 {
		return addr
	}
	for i, p := range parts {
		if p == "" || len(p) > 3 || strings.Trim(p, "0123456789") != "" {
			return addr
		}
		if t := strings.TrimLeft(p, "0"); t != "" {
			parts[i] = t
		} else {
			parts[i] = "0"
		}
	}
	return strings.Join(parts, ".")
}

// ip formats the address n of a family of bits bits, an IPv4-mapped IPv6
// address in dotted decimal as net.IP does.
func ip(n *big.Int, bits int) string {
	if bits == 32 {
		return netip.AddrFrom4([4]byte(n.FillBytes(make([]byte, 4)))).String()
	}
	return netip.AddrFrom16([16]byte(n.FillBytes(make([]byte, 16)))).Unmap().String()
}

func (p prefix) cidr(base *big.Int, length int) string {
	return ip(base, p.bits) + fmt.Sprintf("/%d", length)
}

func pow2(n int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

// unknownOnQuirk turns errQuirk into an unknown result.
func unknownOnQuirk(ty cty.Type, v cty.Value, err error) (cty.Value, error) {
	if errors.Is(err, errQuirk) {
		return cty.UnknownVal(ty), nil
	}
	return v, err
}

func invalidCIDR(err error) error {
	if errors.Is(err, errQuirk) {
		return err
	}
	return fmt.Errorf("invalid CIDR expression: %w", err)
}

var cidrHostFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "prefix", Type: cty.String},
		{Name: "hostnum", Type: cty.Number},
	},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		var num *big.Int
		if err := gocty.FromCtyValue(args[1], &num); err != nil {
			return cty.UnknownVal(cty.String), err
		}
		p, err := parsePrefix(args[0].AsString())
		if err != nil {
			return unknownOnQuirk(cty.String, cty.NilVal, invalidCIDR(err))
		}
		if num.BitLen() >= 63 {
			return cty.UnknownVal(cty.String), nil
		}
		size := pow2(p.bits - p.len)
		host := new(big.Int).Set(num)
		if num.Sign() < 0 {
			host.Add(host, size) // -1 is the last address
		}
		if host.Sign() < 0 || host.Cmp(size) >= 0 {
			return cty.UnknownVal(cty.String), fmt.Errorf("prefix of %d does not accommodate a host numbered %s", p.len, host.String())
		}
		return cty.StringVal(ip(host.Add(host, p.base), p.bits)), nil
	},
})

var cidrNetmaskFunc = function.New(&function.Spec{
	Params:       []function.Parameter{{Name: "prefix", Type: cty.String}},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		p, err := parsePrefix(args[0].AsString())
		if err != nil {
			return unknownOnQuirk(cty.String, cty.NilVal, invalidCIDR(err))
		}
		if p.bits != 32 {
			return cty.UnknownVal(cty.String), fmt.Errorf("IPv6 addresses cannot have a netmask: %s", args[0].AsString())
		}
		m := ^uint32(0) << (32 - p.len) // 0 for a length of 0
		return cty.StringVal(netip.AddrFrom4([4]byte{byte(m >> 24), byte(m >> 16), byte(m >> 8), byte(m)}).String()), nil
	},
})

var cidrSubnetFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "prefix", Type: cty.String},
		{Name: "newbits", Type: cty.Number},
		{Name: "netnum", Type: cty.Number},
	},
	Type:         function.StaticReturnType(cty.String),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		var newbits int
		if err := gocty.FromCtyValue(args[1], &newbits); err != nil {
			return cty.UnknownVal(cty.String), err
		}
		var num *big.Int
		if err := gocty.FromCtyValue(args[2], &num); err != nil {
			return cty.UnknownVal(cty.String), err
		}
		p, err := parsePrefix(args[0].AsString())
		if err != nil {
			return unknownOnQuirk(cty.String, cty.NilVal, invalidCIDR(err))
		}
		length := p.len + newbits
		if length > p.bits {
			return cty.UnknownVal(cty.String), fmt.Errorf("insufficient address space to extend prefix of %d by %d", p.len, newbits)
		}
		if newbits < 0 || newbits >= 64 || num.Sign() < 0 || num.BitLen() > 64 {
			return cty.UnknownVal(cty.String), nil
		}
		if num.Cmp(pow2(newbits)) >= 0 {
			return cty.UnknownVal(cty.String), fmt.Errorf("prefix extension of %d does not accommodate a subnet numbered %s", newbits, num.String())
		}
		base := new(big.Int).Lsh(num, uint(p.bits-length))
		return cty.StringVal(p.cidr(base.Or(base, p.base), length)), nil
	},
})

var cidrSubnetsFunc = function.New(&function.Spec{
	Params:       []function.Parameter{{Name: "prefix", Type: cty.String}},
	VarParam:     &function.Parameter{Name: "newbits", Type: cty.Number},
	Type:         function.StaticReturnType(cty.List(cty.String)),
	RefineResult: refineNotNull,
	Impl: func(args []cty.Value, retType cty.Type) (cty.Value, error) {
		p, err := parsePrefix(args[0].AsString())
		if errors.Is(err, errQuirk) {
			return cty.UnknownVal(retType), nil
		}
		if err != nil {
			return cty.UnknownVal(retType), argErr(0, "invalid CIDR expression: %s", err)
		}
		if len(args) == 1 {
			return cty.ListValEmpty(cty.String), nil
		}
		end := new(big.Int).Add(p.base, pow2(p.bits-p.len))
		next := new(big.Int).Set(p.base) // the first address not allocated
		prev := p.cidr(new(big.Int).Set(p.base), p.len)
		var out []cty.Value
		for i, arg := range args[1:] {
			var n int
			if err := gocty.FromCtyValue(arg, &n); err != nil {
				return cty.UnknownVal(retType), function.NewArgError(i+1, err)
			}
			switch {
			case n < 1:
				return cty.UnknownVal(retType), argErr(i+1, "must extend prefix by at least one bit")
			case n > 32:
				return cty.UnknownVal(retType), argErr(i+1, "may not extend prefix by more than 32 bits")
			case p.len+n > p.bits:
				family := "IPv4"
				if p.bits == 128 {
					family = "IPv6"
				}
				return cty.UnknownVal(retType), argErr(i+1, "would extend prefix to %d bits, which is too long for an %s address", p.len+n, family)
			}
			length := p.len + n
			size := pow2(p.bits - length)
			// The next subnet of this size, aligned. The programs start
			// from the subnet before the prefix, which wraps around when
			// the prefix starts at address zero: then nothing fits.
			start := new(big.Int).Add(next, new(big.Int).Sub(size, big.NewInt(1)))
			start.Div(start, size).Mul(start, size)
			stop := new(big.Int).Add(start, size)
			if p.base.Sign() == 0 || stop.Cmp(end) > 0 {
				if i == 0 {
					prev = "the start"
				}
				return cty.UnknownVal(retType), argErr(i+1, "not enough remaining address space for a subnet with a prefix of %d bits after %s", length, prev)
			}
			prev = p.cidr(start, length)
			out = append(out, cty.StringVal(prev))
			next = stop
		}
		return cty.ListVal(out), nil
	},
})

var cidrContainsFunc = function.New(&function.Spec{
	Params: []function.Parameter{
		{Name: "containing_prefix", Type: cty.String},
		{Name: "contained_ip_or_prefix", Type: cty.String},
	},
	Type: function.StaticReturnType(cty.Bool),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		outer, err := parsePrefix(args[0].AsString())
		if err != nil {
			return unknownOnQuirk(cty.Bool, cty.NilVal, err)
		}
		s := args[1].AsString()
		var first, last *big.Int
		var bits int
		if addr, err := netip.ParseAddr(trimOctetZeros(s)); err == nil && addr.Zone() == "" {
			if addr.Is4In6() {
				return cty.UnknownVal(cty.Bool), nil // IPv4-mapped IPv6
			}
			bits = addr.BitLen()
			first = new(big.Int).SetBytes(addr.AsSlice())
			last = first
		} else {
			inner, err := parsePrefix(s)
			if errors.Is(err, errQuirk) {
				return cty.UnknownVal(cty.Bool), nil
			}
			if err != nil {
				return cty.UnknownVal(cty.Bool), fmt.Errorf("invalid IP address or prefix: %s", s)
			}
			first, bits = inner.base, inner.bits
			last = new(big.Int).Add(first, pow2(inner.bits-inner.len))
			last.Sub(last, big.NewInt(1))
		}
		if bits != outer.bits {
			return cty.UnknownVal(cty.Bool), fmt.Errorf("address family mismatch: %s vs. %s", args[0].AsString(), s)
		}
		end := new(big.Int).Add(outer.base, pow2(outer.bits-outer.len))
		in := func(a *big.Int) bool { return a.Cmp(outer.base) >= 0 && a.Cmp(end) < 0 }
		return cty.BoolVal(in(first) && in(last)), nil
	},
})
