#!/usr/bin/env bash
# bench-recursive.sh: "hcljson check -recursive" over the real-world corpus,
# timed as a process, beside a shell loop that runs "tofu validate" in each
# of the same directories, for BENCHMARKS.md.
#
#   scripts/bench-recursive.sh [CORPUS]   (default: ~/.cache/hcljson/realworld,
#                                         filled by scripts/fetch-realworld.sh)
#
# Environment: RUNS (hcljson runs, default 5), TOFU_RUNS (tofu loops,
# default 1), HCLJSON_TOFU (default: the build of scripts/build-clients.sh),
# EVERY=K to time only every K-th directory (an estimate), WORK=DIR to keep
# the work directory (default: a temporary one, removed).
#
# Nothing is downloaded but Go modules (the stand-in provider's, from the Go
# module proxy). The corpus is copied first (another process may be filling
# it); the directories are those "check -recursive" reports on. tofu needs
# its providers and modules: every provider the directories name (their
# "full_name" in "hcljson inspect") is served by the stand-in provider of
# e2e/provider through dev_overrides (internal/clientstest's recipe), and "tofu
# get" installs each directory's modules beforehand, untimed, with a data
# directory of its own outside the tree. The stand-in has none of the real
# providers' resource types or arguments, so tofu reports errors the real
# providers would not, and starts a small process where the real one is
# large: the real validate takes longer, not shorter.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-$HOME/.cache/hcljson/realworld}
tofu=${HCLJSON_TOFU:-${HCLJSON_CLIENTS:-$HOME/.cache/hcljson/clients}/tofu-1.12.6/tofu}
runs=${RUNS:-5}
tofu_runs=${TOFU_RUNS:-1}
every=${EVERY:-1}
if [ -n "${WORK:-}" ]; then
	work=$WORK
	mkdir -p "$work"
else
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
fi
src=$(pwd)
go build -o "$work/hcljson" ./cmd/hcljson
(cd e2e/provider && GOFLAGS=-mod=mod GOWORK=off CGO_ENABLED=0 go build -trimpath -o "$work/terraform-provider-standin" .)
# The snapshot, and its module directories in check -recursive's order.
if [ ! -d "$work/tree" ]; then
	cp -a "$corpus" "$work/tree.tmp" && mv "$work/tree.tmp" "$work/tree"
fi
cd "$work/tree"
"$work/hcljson" check -recursive --format json . >"$work/check.json" || true
jq -r '.directories[].path' "$work/check.json" >"$work/dirs.txt"
awk -v k="$every" '(NR - 1) % k == 0 { print NR "\t" $0 }' "$work/dirs.txt" >"$work/timed.txt"
echo "$(wc -l <"$work/dirs.txt") directories, $(wc -l <"$work/timed.txt") timed with tofu" >&2

# Every provider named, served by the stand-in under its type's name.
if [ ! -f "$work/cli.tfrc" ]; then
	while read -r d; do "$work/hcljson" inspect "$d" 2>/dev/null || true; done <"$work/dirs.txt" |
		grep -o '"full_name": *"[^"]*"' | sed 's/.*: *"//; s/"$//' | grep -v '^terraform.io/builtin/' | sort -u >"$work/providers.txt"
	{
		echo 'provider_installation {'
		echo '  dev_overrides {'
		while read -r addr; do
			dir="$work/plugins/$addr"
			mkdir -p "$dir"
			ln -sf "$work/terraform-provider-standin" "$dir/terraform-provider-${addr##*/}"
			echo "    \"$addr\" = \"$dir\""
		done <"$work/providers.txt"
		echo '  }'
		echo '  direct {}'
		echo '}'
	} >"$work/cli.tfrc.tmp"
	mv "$work/cli.tfrc.tmp" "$work/cli.tfrc"
fi
echo "$(wc -l <"$work/providers.txt") providers served by the stand-in" >&2
mkdir -p "$work/home"
export HOME="$work/home" TF_CLI_CONFIG_FILE="$work/cli.tfrc" TF_IN_AUTOMATION=1 CHECKPOINT_DISABLE=1 NO_COLOR=1
"$tofu" version | sed -n 1p >&2

# Modules, installed once (untimed); a data directory per directory.
if [ ! -f "$work/got" ]; then
	n=0
	while read -r d; do
		n=$((n + 1))
		(cd "$d" && TF_DATA_DIR="$work/data/$n" "$tofu" get >/dev/null 2>&1) || echo "$d" >>"$work/get-failed.txt"
	done <"$work/dirs.txt"
	touch "$work/got"
fi
touch "$work/get-failed.txt"
echo "tofu get failed in $(cat "$work/get-failed.txt" 2>/dev/null | wc -l) directories (modules from registries or git, offline)" >&2

measure() { # prints "wall user sys maxKB load" of one run
	/usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >/dev/null 2>&1 || true
	echo "$(tail -1 "$work/time") $(cut -d' ' -f1 /proc/loadavg)"
}
hcljson_runs() {
	echo "hcljson check -recursive (wall s, user s, sys s, peak KB, load average after):" >&2
	for _ in $(seq "$runs"); do
		measure "$work/hcljson" check -recursive . >&2
	done
}
hcljson_runs

tofuloop() { # validates every directory of $1, writing each output
	mkdir -p "$work/out"
	while IFS=$'\t' read -r i d; do
		(cd "$d" && TF_DATA_DIR="$work/data/$i" "$tofu" validate -json >"$work/out/$i.json" 2>/dev/null) || true
	done <"$1"
}
export -f tofuloop
export work tofu
echo "tofu validate in each directory, a shell loop (wall s, user s, sys s, peak KB, load average after):" >&2
for _ in $(seq "$tofu_runs"); do
	measure bash -c 'tofuloop "$work/timed.txt"' >&2
	hcljson_runs
done
# The same loop over the directories whose modules "tofu get" installed
# (the others stop at "Module not installed").
awk -F'\t' 'NR == FNR { failed[$0] = 1; next } !($2 in failed)' "$work/get-failed.txt" "$work/timed.txt" >"$work/installed.txt"
echo "tofu validate, the same loop over the $(wc -l <"$work/installed.txt") of them whose modules are installed:" >&2
measure bash -c 'tofuloop "$work/installed.txt"' >&2
# What tofu did: valid, or its first error's summary, by count.
for f in "$work"/out/*.json; do
	jq -r 'if .valid then "valid" elif (.diagnostics | map(select(.severity == "error")) | length) > 0 then (.diagnostics | map(select(.severity == "error"))[0].summary | split("\n")[0]) else "no JSON" end' "$f" 2>/dev/null || echo "no JSON"
done | sort | uniq -c | sort -rn >&2
cd "$src"
