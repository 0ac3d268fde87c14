package hcltest

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// DiffJSON appends to out a line for each place where the decoded JSON
// values a and b differ ("path: a != b", the path in jq's spelling),
// descending into objects and into arrays of the same length; a key that
// only one side has is "missing" on the other. Values are
// compared by their JSON text, so decode with json.Decoder.UseNumber to
// compare numbers as written.
func DiffJSON(path string, a, b any, out *[]string) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := make([]string, 0, len(am)+len(bm))
		for k := range am {
			keys = append(keys, k)
		}
		for k := range bm {
			if _, ok := am[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			step := "." + k
			if strings.ContainsAny(k, ".:[]\" ") || k == "" {
				step = "[" + strconv.Quote(k) + "]"
			}
			av, aok := am[k]
			bv, bok := bm[k]
			switch {
			case !aok:
				*out = append(*out, path+step+": missing != "+brief(bv))
			case !bok:
				*out = append(*out, path+step+": "+brief(av)+" != missing")
			default:
				DiffJSON(path+step, av, bv, out)
			}
		}
		return
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok && len(as) == len(bs) {
		for i := range as {
			DiffJSON(path+"["+strconv.Itoa(i)+"]", as[i], bs[i], out)
		}
		return
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		*out = append(*out, path+": "+brief(a)+" != "+brief(b))
	}
}

// brief is v as compact JSON, cut after 200 bytes.
func brief(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// OpenBug returns the reason on a line "# Open: REASON" of a test
// configuration's text: a bug that is reported and not fixed yet, which
// the end-to-end and real-world tests skip, saying so; "" when there is
// none.
func OpenBug(src []byte) string { return Marker(src, "Open") }

// Marker returns the text after "# NAME: " on the first line of src that
// starts so, trimmed; "" when no line does. Test configurations say what
// is special about them this way (Open, Schemas).
func Marker(src []byte, name string) string {
	prefix := "# " + name + ": "
	for line := range strings.SplitSeq(string(src), "\n") {
		if reason, ok := strings.CutPrefix(line, prefix); ok {
			return strings.TrimSpace(reason)
		}
	}
	return ""
}
