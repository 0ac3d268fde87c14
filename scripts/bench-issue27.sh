#!/usr/bin/env bash
# bench-issue27.sh: issue 27's figures, measured side by side in one run:
#
#  1. BenchmarkParse (internal/native, PARSE_COUNT runs of PARSE_TIMES
#     iterations, defaults 3 and 1): the reader beside
#     hclsyntax.ParseConfig on the generated document and on the
#     real-world corpus, file by file; MB/s of wall time and of CPU time
#     (cpu-MB/s, user+sys from getrusage), and their ratios.
#  2. The real-world corpus, every .tf file of CORPUS copied into one
#     tree at run time (the same files on both sides), RUNS rounds:
#     a. as a user converts it: one `hcljson convert -o OUT TREE` run
#        (OUT a new directory each round, all removed at the end), beside
#        hcl2json once per file (it reads one file), one xargs run, its
#        output to /dev/null. That is in hcl2json's favour: hcljson
#        writes 6,000-odd files (each a temporary file, synced, renamed)
#        and makes their directories, hcl2json writes nothing. Outputs
#        are not removed between rounds: removing thousands of files
#        just before a run makes ext4's allocation of new inodes slow
#        (it skips recently freed ones), a cost of the harness.
#     b. the start-up comparison: `hcljson convert FILE.tf` once per
#        file, like hcl2json, one xargs run.
#     CPU is the sum over a run's processes, peak RSS the largest
#     process's; paired rounds, medians and ranges of the ratios.
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

# measure FILE CMD...: appends "cpu_seconds peak_kb wall_seconds" of one
# run to FILE.
measure() {
	local out=$1
	shift
	/usr/bin/time -f '%U %S %M %e' -o "$work/time" "$@" >/dev/null 2>"$work/stderr" || echo "exit $? from $*" >&2
	awk '{printf "%.2f %d %.2f\n", $1 + $2, $3, $4}' "$work/time" >>"$out"
}

# 2. The real-world corpus: its .tf files copied into one tree.
tree="$work/corpus"
mkdir -p "$tree"
(cd "$corpus" && find . -name '*.tf' -type f -print0 | sort -z | tar --null -T - -cf -) | tar -C "$tree" -xf -
find "$tree" -name '*.tf' -type f -print0 | sort -z >"$work/list"
n=$(tr -cd '\0' <"$work/list" | wc -c)
total=$(xargs -0 cat <"$work/list" | wc -c)
largest=$(xargs -0 stat -c %s <"$work/list" | sort -n | tail -1)
: >"$work/one" && : >"$work/b" && : >"$work/a"
for r in $(seq "$runs"); do
	measure "$work/one" "$work/hcljson" convert -o "$work/out$r" "$tree"
	measure "$work/b" xargs -0 -n1 "$hcl2json" <"$work/list"
	measure "$work/a" xargs -0 -n1 "$work/hcljson" convert <"$work/list"
done
written=$(find "$work/out1" -type f | wc -l)
rm -rf "$work"/out[0-9]*
paste -d' ' "$work/one" "$work/b" | awk '{print $4/$1}' >"$work/r1"
paste -d' ' "$work/a" "$work/b" | awk '{print $4/$1}' >"$work/r"
echo "| real-world corpus: $n .tf files, $total bytes (largest $largest) | hcljson convert | hcl2json v0.6.9, once per file | CPU ratio: median (range) |"
echo "|---|---:|---:|---:|"
awk -v ac="$(cut -d' ' -f1 "$work/one" | median)" -v am="$(cut -d' ' -f2 "$work/one" | median)" -v aw="$(cut -d' ' -f3 "$work/one" | median)" \
	-v bc="$(cut -d' ' -f1 "$work/b" | median)" -v bm="$(cut -d' ' -f2 "$work/b" | median)" -v bw="$(cut -d' ' -f3 "$work/b" | median)" \
	-v r="$(median <"$work/r1")" -v lo="$(sort -n "$work/r1" | head -1)" -v hi="$(sort -n "$work/r1" | tail -1)" -v n="$n" -v w="$written" -v total="$total" \
	'BEGIN {printf "| one run (`convert -o OUT TREE`, %d files written) against one process per file: CPU (sum), wall, peak RSS (× the corpus), medians | %.2f s, %.2f s wall, %.0f MB (%.1f×) | %.2f s, %.2f s wall, %.0f MB | **%.2f×** (%.2f–%.2f) |\n", w, ac, aw, am/1024, am*1024/total, bc, bw, bm/1024, r, lo, hi}'
awk -v ac="$(cut -d' ' -f1 "$work/a" | median)" -v am="$(cut -d' ' -f2 "$work/a" | median)" \
	-v bc="$(cut -d' ' -f1 "$work/b" | median)" -v bm="$(cut -d' ' -f2 "$work/b" | median)" \
	-v r="$(median <"$work/r")" -v lo="$(sort -n "$work/r" | head -1)" -v hi="$(sort -n "$work/r" | tail -1)" -v n="$n" \
	'BEGIN {printf "| start-up: one process per file for both (`convert FILE.tf`): CPU (sum), largest peak RSS, medians | %.2f s (%.2f ms a file), %.0f MB | %.2f s (%.2f ms a file), %.0f MB | %.2f× (%.2f–%.2f) |\n", ac, ac*1000/n, am/1024, bc, bc*1000/n, bm/1024, r, lo, hi}'
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
	paste -d' ' "$work/a" "$work/b" | awk '{print $4/$1}' >"$work/r"
	awk -v tf="$tf" -v js="$js" -v ac="$(cut -d' ' -f1 "$work/a" | median)" -v am="$(cut -d' ' -f2 "$work/a" | median)" \
		-v bc="$(cut -d' ' -f1 "$work/b" | median)" -v bm="$(cut -d' ' -f2 "$work/b" | median)" \
		-v r="$(median <"$work/r")" -v lo="$(sort -n "$work/r" | head -1)" -v hi="$(sort -n "$work/r" | tail -1)" \
		'BEGIN {M = 1048576; printf "| %.1f MB (%.1f MB) | %.2f s, %.0f MB (%.1f×) | %.2f s, %.0f MB (%.1f×) | %.2f× (%.2f–%.2f) |\n", tf/M, js/M, ac, am/1024, am*1024/tf, bc, bm/1024, bm*1024/tf, r, lo, hi}'
	rm -rf "$d"
done
echo

echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
