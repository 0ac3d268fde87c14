#!/usr/bin/env bash
# bench-dropin.sh: OpenTofu 1.12.6 stock beside OpenTofu patched to read
# JSON with hcljson (the tofu-stock and tofu-patched binaries that
# "scripts/dropin-opentofu.sh prepare build" leaves in its work dir), as
# whole processes: `tofu validate` and `tofu plan` of a generated .tf.json,
# CPU (user+sys), wall time and peak RSS from /usr/bin/time, and whether
# the two plans print the same bytes. Prints a markdown table for
# BENCHMARKS.md.
#
#   scripts/bench-dropin.sh [SIZE_MB ...]   (default: 2 20)
#
# The configuration needs no provider and no registry: a variable, locals
# (objects of strings with templates, numbers, lists, references to other
# locals) and one terraform_data resource and one output per 100 locals.
# It is generated into a temporary directory and never committed. Each
# command runs RUNS times (default 1); the table shows the fastest CPU and
# wall time and the largest peak.
set -euo pipefail
cd "$(dirname "$0")/.."
work=${HCLJSON_DROPIN:-${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/dropin}
stock=$work/bin/tofu-stock
# Without its own build, the stock binary of scripts/build-clients.sh: the
# same sources, built with -trimpath.
clients=${HCLJSON_CLIENTS:-${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/clients}
[ -x "$stock" ] || stock=$clients/tofu-1.12.6/tofu
patched=$work/bin/tofu-patched
for b in "$stock" "$patched"; do
	[ -x "$b" ] || { echo "$b not found: run scripts/dropin-opentofu.sh prepare build" >&2; exit 1; }
done
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(2 20)
runs=${RUNS:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export CHECKPOINT_DISABLE=1 TF_IN_AUTOMATION=1 TF_CLI_CONFIG_FILE=$tmp/none.tfrc
: >"$tmp/none.tfrc"

gen() { # dir bytes
	awk -v want="$2" 'BEGIN {
		printf "{\n  \"variable\": {\"region\": {\"type\": \"string\", \"default\": \"eu-west-1\"}},\n  \"locals\": {\n"
		n = 0; size = 200
		while (size < want * 0.97) {
			s = sprintf("%s    \"l%d\": {\"name\": \"svc-${var.region}-%d\", \"tags\": {\"env\": \"prod\", \"team\": \"t%d\", \"cost-centre\": \"cc-%05d\", \"note\": \"line one\\nline two \\u00e9\"}, \"ports\": [80, 443, %d, 1e3], \"enabled\": %s, \"parent\": \"${local.l%d.name}\", \"upper\": \"${upper(var.region)}-%%{ if %d > 5 }big%%{ else }small%%{ endif }\"}", \
				n ? ",\n" : "", n, n, n % 7, n, 8000 + n % 1000, n % 2 ? "true" : "false", int(n / 2), n % 10)
			if (n == 0) sub(/"parent": "\$\{local.l0.name\}", /, "", s)
			printf "%s", s; size += length(s); n++
		}
		printf "\n  },\n  \"resource\": {\"terraform_data\": {\n"
		for (i = 0; i < n; i += 100) printf "%s    \"r%d\": {\"input\": {\"name\": \"${local.l%d.name}\", \"ports\": \"${local.l%d.ports}\"}}", i ? ",\n" : "", i, i, i
		printf "\n  }},\n  \"output\": {\n"
		for (i = 0; i < n; i += 100) printf "%s    \"o%d\": {\"value\": \"${terraform_data.r%d.input.name}\"}", i ? ",\n" : "", i, i
		printf "\n  }\n}\n"
	}' >"$1/main.tf.json"
}

measure() { # label dir cmd... -> "cpu wall maxKB" of the runs
	local dir=$2 best_cpu="" best_wall="" peak=0
	shift 2
	for _ in $(seq "$runs"); do
		(cd "$dir" && /usr/bin/time -f "%U %S %e %M" -o "$tmp/time" "$@" >"$tmp/out" 2>&1) || { cat "$tmp/out" >&2; exit 1; }
		read -r u s e kb <"$tmp/time"
		c=$(awk -v u="$u" -v s="$s" 'BEGIN{print u+s}')
		if [ -z "$best_cpu" ] || awk "BEGIN{exit !($c < $best_cpu)}"; then best_cpu=$c; fi
		if [ -z "$best_wall" ] || awk "BEGIN{exit !($e < $best_wall)}"; then best_wall=$e; fi
		[ "$kb" -gt "$peak" ] && peak=$kb
	done
	echo "$best_cpu $best_wall $peak"
}

echo "| .tf.json | command | stock: CPU, wall, peak RSS | patched: CPU, wall, peak RSS | CPU stock/patched | plans |"
echo "|---|---|---|---|---|---|"
for mb in "${sizes[@]}"; do
	d=$tmp/$mb
	mkdir -p "$d"
	gen "$d" "$(awk -v m="$mb" 'BEGIN{print m * 1000000}')"
	bytes=$(stat -c %s "$d/main.tf.json")
	for cmd in validate plan; do
		args=(validate -no-color)
		[ $cmd = plan ] && args=(plan -no-color -input=false -lock=false -refresh=false -out="$tmp/plan")
		read -r c1 w1 k1 < <(measure stock "$d" "$stock" "${args[@]}")
		cp "$tmp/out" "$tmp/out.stock"
		read -r c2 w2 k2 < <(measure patched "$d" "$patched" "${args[@]}")
		same=""
		if [ $cmd = plan ]; then
			if cmp -s "$tmp/out.stock" "$tmp/out"; then same="same bytes"; else same="differ"; fi
		fi
		awk -v b="$bytes" -v cmd="$cmd" -v c1="$c1" -v w1="$w1" -v k1="$k1" -v c2="$c2" -v w2="$w2" -v k2="$k2" -v same="$same" 'BEGIN {
			printf "| %.1f MB | `tofu %s` | %.2f s, %.2f s, %.0f MB | %.2f s, %.2f s, %.0f MB | %.1f× | %s |\n",
				b/1e6, cmd, c1, w1, k1/1024, c2, w2, k2/1024, c1/c2, same
		}'
	done
	rm -rf "$d"
done
