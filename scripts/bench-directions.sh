#!/usr/bin/env bash
# bench-directions.sh: convert the same generated configuration both ways
# with the command (and the provider schema that describes it), at several
# sizes of its JSON, and print a markdown table of wall time, MB/s and peak
# memory (peak RSS, /usr/bin/time) for BENCHMARKS.md.
#
#   scripts/bench-directions.sh [SIZE_MB ...]   (default: 10 20 40 80)
#
# Inputs are generated into a temporary directory (internal/cmd/benchdoc),
# never committed. Each conversion runs RUNS times (default 3); the table
# shows the fastest time and the largest peak.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 20 40 80)
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/hcljson" ./cmd/hcljson
go build -o "$work/benchdoc" ./internal/cmd/benchdoc
measure() { # prints "seconds maxKB" of the fastest run
	local best="" peak=0
	for _ in $(seq "$runs"); do
		/usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null
		read -r s kb <"$work/time"
		if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
		[ "$kb" -gt "$peak" ] && peak=$kb
	done
	echo "$best $peak"
}
echo "| .tf.json (its .tf) | .tf → .tf.json: time, MB/s of .tf, peak RSS (× .tf) | .tf.json → .tf: time, MB/s of .tf.json, peak RSS (× .tf.json) |"
echo "|---|---|---|"
for mb in "${sizes[@]}"; do
	d="$work/$mb"
	"$work/benchdoc" -json-size "${mb}MB" -o "$d" >/dev/null
	js=$(stat -c %s "$d/main.tf.json")
	tf=$(stat -c %s "$d/main.tf")
	read -r t1 k1 < <(measure "$work/hcljson" convert --provider-schema "$d/schema.json" "$d/main.tf")
	read -r t2 k2 < <(measure "$work/hcljson" convert --provider-schema "$d/schema.json" "$d/main.tf.json")
	awk -v js="$js" -v tf="$tf" -v t1="$t1" -v k1="$k1" -v t2="$t2" -v k2="$k2" 'BEGIN {
		M = 1048576
		printf "| %.1f MB (%.1f MB) | %.2f s, %.1f MB/s, %.0f MB (%.1f×) | %.2f s, %.1f MB/s, %.0f MB (%.1f×) |\n",
			js/M, tf/M, t1, tf/M/t1, k1/1024, k1*1024/tf, t2, js/M/t2, k2/1024, k2*1024/js
	}'
	rm -rf "$d"
done
