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
// descending into objects and into arrays of the same length. Values are
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
			DiffJSON(path+step, am[k], bm[k], out)
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
		*out = append(*out, path+": "+string(ja)+" != "+string(jb))
	}
}
