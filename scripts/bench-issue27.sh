#!/usr/bin/env bash
# bench-issue27.sh: issue 27's figures, measured side by side in one run:
#
#  1. BenchmarkParse (internal/native, PARSE_COUNT runs of PARSE_TIMES
#     iterations, defaults 3 and 1): the reader beside
#     hclsyntax.ParseConfig on the generated document and on the
#     real-world corpus, file by file; MB/s of wall time and of CPU time
#     (cpu-MB/s, user+sys from getrusage), and their ratios.
#  2. `hcljson convert FILE.tf` beside `hcl2json FILE.tf` as processes on
#     every .tf file of the real-world corpus, one process per file for
#     both tools (hcl2json reads one file), the whole corpus one xargs
#     run: CPU is the sum over the processes, peak RSS the largest
#     process's; RUNS paired runs, hcljson then hcl2json: medians.
#  3. The same on generated native configurations of SIZE MB of .tf each
#     (benchdoc -size, made at run time in a temporary directory, never
#     committed): medians of user+sys CPU and of peak RSS (/usr/bin/time),
#     largest last.
#
#   HCL2JSON=/path/to/hcl2json scripts/bench-issue27.sh [SIZE_MB ...]
#
# Defaults: sizes 10 20 40 80, RUNS=3, PARSE_COUNT=3, the corpus at
# $HOME/.cache/hcljson/realworld (CORPUS). hcl2json v0.6.9:
# GOBIN=DIR go install github.com/tmccombs/hcl2json@v0.6.9
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 20 40 80)
runs=${RUNS:-3}
hcl2json=${HCL2JSON:?HCL2JSON: the path of hcl2json v0.6.9}
corpus=${CORPUS:-$HOME/.cache/hcljson/realworld}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/hcljson" ./cmd/hcljson
go build -o "$work/benchdoc" ./internal/cmd/benchdoc
echo "commit $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (modified)'), $(nproc) cores, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

median() { sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

# 1. BenchmarkParse (PARSE_COUNT=0 leaves it out).
if [ "${PARSE_COUNT:-3}" -gt 0 ]; then
go test ./internal/native -run '^$' -bench '^BenchmarkParse$' -benchtime "${PARSE_TIMES:-1}x" -count "${PARSE_COUNT:-3}" >"$work/parse"
grep '^BenchmarkParse' "$work/parse" >&2
echo "| BenchmarkParse input | hclsyntax MB/s (cpu-MB/s) | native MB/s (cpu-MB/s) | ratio wall (CPU), median of ${PARSE_COUNT:-3} | B/op, allocs/op hclsyntax → native |"
echo "|---|---:|---:|---:|---:|"
for input in tfgen realworld; do
	for pr in hclsyntax native; do
		grep "^BenchmarkParse/$input/$pr-" "$work/parse" | awk '{for (i = 1; i <= NF; i++) {if ($(i+1) == "MB/s") w = $i; if ($(i+1) == "cpu-MB/s") c = $i; if ($(i+1) == "B/op") b = $i; if ($(i+1) == "allocs/op") a = $i}; print w, c, b, a}' >"$work/$input.$pr"
	done
	paste -d' ' "$work/$input.hclsyntax" "$work/$input.native" | awk '{print $5/$1, $6/$2}' >"$work/$input.ratio"
	awk -v name="$input" -v hw="$(cut -d' ' -f1 "$work/$input.hclsyntax" | median)" -v hc="$(cut -d' ' -f2 "$work/$input.hclsyntax" | median)" \
		-v nw="$(cut -d' ' -f1 "$work/$input.native" | median)" -v nc="$(cut -d' ' -f2 "$work/$input.native" | median)" \
		-v rw="$(cut -d' ' -f1 "$work/$input.ratio" | median)" -v rc="$(cut -d' ' -f2 "$work/$input.ratio" | median)" \
		-v hb="$(head -1 "$work/$input.hclsyntax" | cut -d' ' -f3)" -v ha="$(head -1 "$work/$input.hclsyntax" | cut -d' ' -f4)" \
		-v nb="$(head -1 "$work/$input.native" | cut -d' ' -f3)" -v na="$(head -1 "$work/$input.native" | cut -d' ' -f4)" \
		'BEGIN {printf "| %s | %.2f (%.2f) | %.2f (%.2f) | %.1f× (%.1f×) | %.0f MB, %.2f M → %.0f MB, %.2f M |\n", name, hw, hc, nw, nc, rw, rc, hb/1e6, ha/1e6, nb/1e6, na/1e6}'
done
echo
fi

# measure FILE CMD...: appends "cpu_seconds peak_kb" of one run to FILE.
measure() {
	local out=$1
	shift
	/usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || echo "exit $? from $*" >&2
	awk '{printf "%.2f %d\n", $1 + $2, $3}' "$work/time" >>"$out"
}

# 2. The real-world corpus, one process per .tf file.
find "$corpus" -name '*.tf' -type f -print0 | sort -z >"$work/list"
n=$(tr -cd '\0' <"$work/list" | wc -c)
total=$(xargs -0 cat <"$work/list" | wc -c)
largest=$(xargs -0 stat -c %s <"$work/list" | sort -n | tail -1)
: >"$work/a" && : >"$work/b"
for _ in $(seq "$runs"); do
	measure "$work/a" xargs -0 -n1 "$work/hcljson" convert <"$work/list"
	measure "$work/b" xargs -0 -n1 "$hcl2json" <"$work/list"
done
paste -d' ' "$work/a" "$work/b" | awk '{print $3/$1}' >"$work/r"
echo "| real-world corpus: $n .tf files, $total bytes (largest $largest), one process per file | hcljson convert | hcl2json v0.6.9 | CPU ratio: median (range) |"
echo "|---|---:|---:|---:|"
awk -v ac="$(cut -d' ' -f1 "$work/a" | median)" -v am="$(cut -d' ' -f2 "$work/a" | median)" \
	-v bc="$(cut -d' ' -f1 "$work/b" | median)" -v bm="$(cut -d' ' -f2 "$work/b" | median)" \
	-v r="$(median <"$work/r")" -v lo="$(sort -n "$work/r" | head -1)" -v hi="$(sort -n "$work/r" | tail -1)" -v n="$n" \
	'BEGIN {printf "| CPU (sum), largest peak RSS, median of runs | %.2f s (%.2f ms a file), %.0f MB | %.2f s (%.2f ms a file), %.0f MB | %.2f× (%.2f–%.2f) |\n", ac, ac*1000/n, am/1024, bc, bc*1000/n, bm/1024, r, lo, hi}'
echo

# 3. Generated configurations.
echo "| generated .tf (its .tf.json) | hcljson convert: CPU, peak RSS (× .tf) | hcl2json v0.6.9: CPU, peak RSS (× .tf) | CPU ratio: median (range) |"
echo "|---|---:|---:|---:|"
for mb in "${sizes[@]}"; do
	d="$work/gen$mb"
	"$work/benchdoc" -size "${mb}MB" -o "$d" >/dev/null
	tf=$(stat -c %s "$d/main.tf")
	js=$(stat -c %s "$d/main.tf.json")
	: >"$work/a" && : >"$work/b"
	for _ in $(seq "$runs"); do
		measure "$work/a" "$work/hcljson" convert "$d/main.tf"
		measure "$work/b" "$hcl2json" "$d/main.tf"
	done
	paste -d' ' "$work/a" "$work/b" | awk '{print $3/$1}' >"$work/r"
	awk -v tf="$tf" -v js="$js" -v ac="$(cut -d' ' -f1 "$work/a" | median)" -v am="$(cut -d' ' -f2 "$work/a" | median)" \
		-v bc="$(cut -d' ' -f1 "$work/b" | median)" -v bm="$(cut -d' ' -f2 "$work/b" | median)" \
		-v r="$(median <"$work/r")" -v lo="$(sort -n "$work/r" | head -1)" -v hi="$(sort -n "$work/r" | tail -1)" \
		'BEGIN {M = 1048576; printf "| %.1f MB (%.1f MB) | %.2f s, %.0f MB (%.1f×) | %.2f s, %.0f MB (%.1f×) | %.2f× (%.2f–%.2f) |\n", tf/M, js/M, ac, am/1024, am*1024/tf, bc, bm/1024, bm*1024/tf, r, lo, hi}'
	rm -rf "$d"
done
echo

echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
