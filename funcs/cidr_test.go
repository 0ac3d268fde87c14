package funcs

import (
	"errors"
	"math/big"
	"net"
	"strings"
	"testing"

	"github.com/zclconf/go-cty/cty"
)

// netPrefix is parsePrefix as it was written with package net, which the
// command no longer links (its resolver brings in the C library): the
// reference that the net/netip version must match.
func netPrefix(s string) (prefix, error) {
	addr, length, ok := strings.Cut(s, "/")
	if ok && !strings.Contains(addr, ":") {
		addr = trimOctetZeros(addr)
	}
	_, n, err := net.ParseCIDR(addr + "/" + length)
	if !ok || err != nil {
		return prefix{}, &net.ParseError{Type: "CIDR address", Text: s}
	}
	if len(n.IP) != net.IPv4len && n.IP.To4() != nil {
		return prefix{}, errQuirk
	}
	ones, bits := n.Mask.Size()
	return prefix{base: new(big.Int).SetBytes(n.IP), len: ones, bits: bits}, nil
}

var cidrInputs = []string{
	"10.0.0.0/8", "10.1.2.3/8", "010.001.0.0/16", "10.0.0.0/0", "10.0.0.0/32", "10.0.0.0/33",
	"10.0.0.0/024", "10.0.0.0/", "10.0.0.0", "/8", "10.0.0/8", "10.0.0.0.0/8", "10.0.0.256/8",
	"10.0.0.0/8/8", "10.0.0.0/+8", "10.0.0.0/-1", "10.0.0.0/ 8", " 10.0.0.0/8", "10.0.0.0/99999999999999999999",
	"0000.0.0.0/8", "00.0.0.0/8", "1.2.3.4/31",
	"fd00::/8", "fd00:1:2:3::/64", "2001:db8::1/128", "2001:db8::1/129", "::/0", "::1/127",
	"fe80::1%eth0/64", "::ffff:1.2.3.4/96", "::ffff:1.2.3.4/120", "::ffff:1.2.3.4/64", "::ffff:1.2.3.4/80",
	"::ffff:0:0/96", "2001:DB8::/32", "2001:db8:0:0:0:0:0:0/48", "1:2:3:4:5:6:7:8/112", "1:2::3::/64",
	"::1.2.3.4/120", "64:ff9b::/96", "", "/", "a/b",
}

func TestParsePrefixAsNet(t *testing.T) {
	for _, s := range cidrInputs {
		got, gotErr := parsePrefix(s)
		want, wantErr := netPrefix(s)
		if (gotErr == nil) != (wantErr == nil) || gotErr != nil && gotErr.Error() != wantErr.Error() || errors.Is(gotErr, errQuirk) != errors.Is(wantErr, errQuirk) {
			t.Errorf("parsePrefix(%q): error %v, net's %v", s, gotErr, wantErr)
			continue
		}
		if gotErr == nil && (got.base.Cmp(want.base) != 0 || got.len != want.len || got.bits != want.bits) {
			t.Errorf("parsePrefix(%q) = %s/%d (%d bits), net's %s/%d (%d bits)", s, got.base, got.len, got.bits, want.base, want.len, want.bits)
		}
	}
}

func TestIPAsNet(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		bits int
	}{
		{"0", 32}, {"ffffffff", 32}, {"0a000001", 32}, {"0", 128}, {"1", 128},
		{"ffff00000000", 128}, {"ffff0a000001", 128}, {"fffe0a000001", 128}, {"20010db8000000000000000000000001", 128},
		{"fe800000000000000000000000000000", 128}, {"10000000000000000", 128},
	} {
		n, _ := new(big.Int).SetString(tc.hex, 16)
		want := net.IP(n.FillBytes(make([]byte, tc.bits/8))).String()
		if got := ip(n, tc.bits); got != want {
			t.Errorf("ip(%s, %d) = %q, net's %q", tc.hex, tc.bits, got, want)
		}
	}
}

func TestCIDRFunctionsAsNet(t *testing.T) {
	for l := 0; l <= 32; l++ {
		s := "192.168.0.0/" + big.NewInt(int64(l)).String()
		got, err := cidrNetmaskFunc.Call([]cty.Value{cty.StringVal(s)})
		want := net.IP(net.CIDRMask(l, 32)).String()
		if err != nil || got != cty.StringVal(want) {
			t.Errorf("cidrnetmask(%q) = %#v, %v; want %q", s, got, err, want)
		}
	}
	for _, tc := range []struct {
		outer, inner string
		want         cty.Value
	}{
		{"10.0.0.0/8", "10.1.2.3", cty.True},
		{"10.0.0.0/8", "010.001.2.3", cty.True},
		{"10.0.0.0/8", "11.0.0.0", cty.False},
		{"10.0.0.0/8", "10.2.0.0/16", cty.True},
		{"10.0.0.0/8", "::ffff:10.0.0.1", cty.UnknownVal(cty.Bool)},
		{"fd00::/8", "fd00::1", cty.True},
		{"fd00::/8", "fe00::1", cty.False},
		{"fd00::/8", "fd00::1%eth0", cty.NilVal}, // a zone: neither an address nor a prefix
		{"fd00::/8", "10.0.0.1", cty.NilVal},     // families differ
	} {
		got, err := cidrContainsFunc.Call([]cty.Value{cty.StringVal(tc.outer), cty.StringVal(tc.inner)})
		if tc.want == cty.NilVal {
			if err == nil {
				t.Errorf("cidrcontains(%q, %q) = %#v, want an error", tc.outer, tc.inner, got)
			}
			continue
		}
		if err != nil || !got.RawEquals(tc.want) {
			t.Errorf("cidrcontains(%q, %q) = %#v, %v; want %#v", tc.outer, tc.inner, got, err, tc.want)
		}
	}
}
