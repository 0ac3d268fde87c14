#!/usr/bin/env bash
# The drop-in claim as an experiment (issue 28): OpenTofu 1.12.6 built
# with hcljson in place of github.com/hashicorp/hcl/v2/json runs its own
# JSON-relevant test suites, stock and patched, and internal/dropintest's
# TestOpenTofuDropIn compares the two runs test by test.
#
# Nothing of OpenTofu is kept in this repository. The sources come from the
# Go module cache (downloaded through the module proxy when absent):
#
#   github.com/opentofu/opentofu@v1.12.6
#   github.com/opentofu/hcl/v2@<the fork OpenTofu's go.mod replaces hcl/v2 with>
#
# and the patch is generated at run time from the call sites that
#   grep -rl '"github.com/hashicorp/hcl/v2/json"'
# finds in OpenTofu's .go files (its tests too: they hand JSON bodies to
# OpenTofu's code) and in the fork's non-test .go files (hclparse,
# hclsimple): each import line is rewritten to github.com/hcljson/hcljson/hcljson
# under the same local name. The patched go.mod requires hcljson, replaced
# by this checkout, and replaces github.com/hashicorp/hcl/v2 with the copy
# of the fork by a versionless replace (see "trap" below).
#
# Work dir: $HCLJSON_DROPIN, default ${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/dropin:
#   stock/     OpenTofu as published
#   patched/   OpenTofu patched, beside hcl/ (the fork, patched)
#   results/   sites.txt, patch.diff, trap.txt, gomod.diff,
#              stock.json and patched.json (go test -json), *.log
#   bin/       tofu-stock, tofu-patched (for scripts/bench-dropin.sh)
#
# Usage: scripts/dropin-opentofu.sh [step]...   (default: prepare trap gomod test)
#   prepare   copy and patch the sources (redone each time)
#   trap      show the version-specific replace that stops applying
#   gomod     go get hcljson into a copy of OpenTofu's go.mod; the diff
#   test      go test -json, stock then patched (a long run: both builds;
#             test-stock and test-patched run one). HCLJSON_DROPIN_SUITES
#             chooses the suites: "whole json" (the default), "whole" for
#             the whole packages only (configs, blocktoattr, encryption)
#   build     build tofu-stock and tofu-patched into bin/ (build-patched:
#             only the patched one; scripts/bench-dropin.sh then takes
#             the stock binary of scripts/build-clients.sh)
#
# Then: HCLJSON_DROPIN=<work dir> go test -v -run TestOpenTofuDropIn ./internal/dropintest
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
work=${HCLJSON_DROPIN:-${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/dropin}
tofu_version=1.12.6
res=$work/results
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0

# The packages run: the configuration loader, block-to-attribute fixups
# and encryption configuration whole; of command and tofu the tests whose
# top-level name mentions JSON.
whole_pkgs=(./internal/configs/... ./internal/lang/blocktoattr ./internal/encryption/...)
json_pkgs=(./internal/command ./internal/tofu)
json_run='(?i)json'

modir() { # module@version -> its directory in the module cache
	go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}

prepare() {
	local tofu fork_version fork
	tofu=$(modir "github.com/opentofu/opentofu@v$tofu_version")
	fork_version=$(sed -n 's#^replace github.com/hashicorp/hcl/v2 v[^ ]* => github.com/opentofu/hcl/v2 \(.*\)$#\1#p' "$tofu/go.mod")
	[ -n "$fork_version" ] || { echo "no replace of hcl/v2 in $tofu/go.mod" >&2; exit 1; }
	fork=$(modir "github.com/opentofu/hcl/v2@$fork_version")
	mkdir -p "$work" "$res"
	for d in stock patched pristine; do
		[ -d "$work/$d" ] && chmod -R u+w "$work/$d" && rm -rf "${work:?}/$d"
		mkdir -p "$work/$d"
	done
	cp -r "$tofu" "$work/stock/opentofu"
	cp -r "$tofu" "$work/patched/opentofu"
	cp -r "$fork" "$work/patched/hcl"
	chmod -R u+w "$work/stock" "$work/patched"
	cp -r "$work/patched/." "$work/pristine"

	# The call sites: every import of hcl/v2/json.
	(
		cd "$work/patched"
		{
			grep -rl --include='*.go' '"github.com/hashicorp/hcl/v2/json"' opentofu || true
			grep -rl --include='*.go' '"github.com/hashicorp/hcl/v2/json"' hcl | grep -v '_test\.go$' || true
		} | sort >"$res/sites.txt"
	)
	echo "call sites: $(wc -l <"$res/sites.txt") files ($res/sites.txt)"
	while read -r f; do
		# "…/json" imported unnamed is package json: name it json.
		sed -i \
			-e 's#^\([[:space:]]*\)"github.com/hashicorp/hcl/v2/json"#\1json "github.com/hcljson/hcljson/hcljson"#' \
			-e 's#^import "github.com/hashicorp/hcl/v2/json"#import json "github.com/hcljson/hcljson/hcljson"#' \
			-e 's#^\(\(import\)\{0,1\}[[:space:]]*[A-Za-z_][A-Za-z0-9_]*[[:space:]][[:space:]]*\)"github.com/hashicorp/hcl/v2/json"#\1"github.com/hcljson/hcljson/hcljson"#' \
			"$work/patched/$f"
		if grep -q '"github.com/hashicorp/hcl/v2/json"' "$work/patched/$f"; then
			echo "$f: import of hcl/v2/json not rewritten" >&2
			exit 1
		fi
	done <"$res/sites.txt"

	# go.mod: require hcljson from this checkout; replace hcl/v2 whatever
	# its version (the versionless form), with the patched fork.
	(
		cd "$work/patched/opentofu"
		go mod edit \
			-dropreplace "github.com/hashicorp/hcl/v2@$(sed -n 's#^replace github.com/hashicorp/hcl/v2 \(v[^ ]*\) => .*#\1#p' go.mod)" \
			-replace "github.com/hashicorp/hcl/v2=../hcl" \
			-require "github.com/hcljson/hcljson@v0.0.0-00010101000000-000000000000" \
			-replace "github.com/hcljson/hcljson=$here"
		cat "$here/go.sum" >>go.sum
	)
	(cd "$work" && diff -ru pristine patched >"$res/patch.diff" || true)
	rm -rf "$work/pristine"
	echo "patch: $(grep -c '^+[^+]' "$res/patch.diff") lines added ($res/patch.diff)"
	(cd "$work/patched/opentofu" && go mod download all >/dev/null 2>&1; go list -m all | grep -E '^github.com/(hashicorp/hcl/v2|hcljson/hcljson) ')
}

# The trap: OpenTofu replaces "github.com/hashicorp/hcl/v2 v2.20.1"; once
# any module in the graph requires a later hcl/v2, v2.20.1 is no longer
# the selected version, the replace no longer matches, and tofu builds
# against upstream HCL without a word. The versionless replace follows.
trap_demo() {
	local tofu tmp
	tofu=$(modir "github.com/opentofu/opentofu@v$tofu_version")
	tmp=$(mktemp -d)
	cp "$tofu/go.mod" "$tofu/go.sum" "$tmp/"
	chmod u+w "$tmp/go.mod" "$tmp/go.sum"
	{
		echo "# OpenTofu $tofu_version as published:"
		(cd "$work/stock/opentofu" && go list -modfile="$tmp/go.mod" -m github.com/hashicorp/hcl/v2)
		echo "# a dependency requires hcl/v2 v2.25.0, the replace names v2.20.1:"
		go mod edit -require github.com/hashicorp/hcl/v2@v2.25.0 "$tmp/go.mod"
		(cd "$work/stock/opentofu" && go list -modfile="$tmp/go.mod" -m github.com/hashicorp/hcl/v2)
		echo "# the same with a versionless replace:"
		go mod edit -dropreplace github.com/hashicorp/hcl/v2@v2.20.1 \
			-replace "github.com/hashicorp/hcl/v2=$(sed -n 's#^replace github.com/hashicorp/hcl/v2 v[^ ]* => \(.*\)$#\1#p' "$tofu/go.mod" | tr ' ' '@')" \
			"$tmp/go.mod"
		(cd "$work/stock/opentofu" && go list -modfile="$tmp/go.mod" -m github.com/hashicorp/hcl/v2)
	} 2>&1 | tee "$res/trap.txt"
	rm -rf "$tmp"
}

# go get hcljson into OpenTofu's go.mod (this checkout through a replace):
# the go line and every other requirement must stay as they are.
gomod() {
	local tmp
	tmp=$(mktemp -d)
	cp -r "$work/stock/opentofu" "$tmp/opentofu"
	(
		cd "$tmp/opentofu"
		cp go.mod go.mod.orig
		go mod edit -replace "github.com/hcljson/hcljson=$here"
		go get github.com/hcljson/hcljson@v0.0.0-00010101000000-000000000000 2>&1
		diff -u go.mod.orig go.mod | sed -e "s#$here#<hcljson checkout>#" -e '1,2s#\t.*##' || true
	) >"$res/gomod.diff"
	cat "$res/gomod.diff"
	rm -rf "$tmp"
}

run_tests() { # stock|patched
	local d=$1
	(
		cd "$work/$d/opentofu"
		# The patched copy reads this checkout, wherever it is now (a
		# copy prepared from another checkout would name that one).
		if [ "$d" = patched ]; then go mod edit -replace "github.com/hcljson/hcljson=$here"; fi
		for suite in ${HCLJSON_DROPIN_SUITES:-whole json}; do
			case $suite in
			whole) go test -json -p 1 -vet=off -count=1 -timeout 60m "${whole_pkgs[@]}" ;;
			json) go test -json -p 1 -vet=off -count=1 -timeout 60m -run "$json_run" "${json_pkgs[@]}" ;;
			esac
		done
	) >"$res/$d.json" 2>"$res/$d.log" || true
	echo "$d: $(grep -c '"Action":"pass","Package":"[^"]*","Test"' "$res/$d.json") tests passed ($res/$d.json)"
}

build() { # stock|patched...
	mkdir -p "$work/bin"
	for d in "$@"; do
		(cd "$work/$d/opentofu" && go build -p 1 -o "$work/bin/tofu-$d" ./cmd/tofu)
		echo "$work/bin/tofu-$d"
	done
}

steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(prepare trap gomod test)
for s in "${steps[@]}"; do
	case $s in
	prepare) prepare ;;
	trap) trap_demo ;;
	gomod) gomod ;;
	test) run_tests stock; run_tests patched ;;
	test-stock) run_tests stock ;;
	test-patched) run_tests patched ;;
	build) build stock patched ;;
	build-patched) build patched ;;
	*) echo "unknown step $s (prepare trap gomod test test-stock test-patched build build-patched)" >&2; exit 2 ;;
	esac
done
