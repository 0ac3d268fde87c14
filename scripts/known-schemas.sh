#!/bin/sh
# Regenerates package schema's built-in table of provider block structure
# (spec.md C28): for each provider listed below ("name owner/repo commit
# namespace serves fw-prefix", "-" for none; several repositories and
# commits, separated by commas, make one table: google and google-beta),
# the Go source at that commit is read by internal/cmd/knownschemas,
# which writes schema/known/NAME.txt.gz.
#
# By default each repository is fetched from github.com at its commit
# (needs git and access to it). With HCLJSON_MIRROR set, the repositories
# come from local bare git mirrors instead: $HCLJSON_MIRROR/owner+repo/repo
# holds the commit. Only the .go files (not tests, not vendor, except
# azurerm's vendored go-azure-helpers, whose schema helpers azurerm uses)
# and go.mod are extracted, into a temporary directory.
#
#   HCLJSON_MIRROR=/work/.mirror scripts/known-schemas.sh [NAME...]
#
# With names, only those providers' tables are regenerated.
#
# Providers whose Go source the extractor does not read (aws: its
# registrations are generated, and its repository is too large to fetch
# here) come from a schema repository instead, the second list below
# ("name owner/repo commits versions namespace"): one that keeps, at
# each commit, the `terraform providers schema -json` output of one
# provider version, one Go string constant per type under generated/
# (lonegunmanb/terraform-aws-schema, MIT). Several commits (one per major
# version: 6, 5, 4) make one table, so that a name whose kind changed
# between major versions is left out rather than decided for one of
# them. Files absent from a mirror (a partial clone leaves out the
# largest blobs) are skipped, and their types are not in the table.
#
# To move a provider to a newer commit, change its line and run the script;
# review `git diff --stat schema/known` and the validation test
# (TestKnownSchemas in internal/realworldtest). The providers' source is
# MPL-2.0; the table holds facts read from it (names and their kinds).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
mirror=${HCLJSON_MIRROR:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
date=$(date -u +%Y-%m-%d)
go build -o "$work/knownschemas" "$root/internal/cmd/knownschemas"

# wanted reports whether provider $1 is to be regenerated: every one, or
# those named as arguments.
wanted() {
	[ $# -gt 0 ] || return 1
	[ -z "$only" ] && return 0
	case " $only " in *" $1 "*) return 0 ;; esac
	return 1
}
only="$*"

while read -r name repos commits namespace serves prefix; do
	case $name in '#'*|'') continue ;; esac
	wanted "$name" || continue
	[ "$serves" = "-" ] && serves=
	[ "${prefix:--}" = "-" ] && prefix=
	srcs= urls=
	i=0
	for repo in $(echo "$repos" | tr , ' '); do
		i=$((i + 1))
		commit=$(echo "$commits" | cut -d, -f$i)
		src=$work/$name.$i
		mkdir -p "$src"
		if [ -n "$mirror" ]; then
			git_dir=$mirror/$(echo "$repo" | tr / +)/repo
		else
			git_dir=$work/$name.$i.git
			git init -q --bare "$git_dir"
			git -C "$git_dir" fetch -q --depth 1 "https://github.com/$repo" "$commit"
		fi
		git -C "$git_dir" show "$commit:go.mod" > "$src/go.mod"
		git -C "$git_dir" archive "$commit" -- '*.go' ':!vendor/**' ':!*_test.go' ':!**/testdata/**' | tar -x -C "$src"
		if [ "$name" = azurerm ]; then
			git -C "$git_dir" archive "$commit" -- 'vendor/github.com/hashicorp/go-azure-helpers/*.go' ':!*_test.go' | tar -x -C "$src"
		fi
		srcs=${srcs:+$srcs,}$src
		urls="${urls:+$urls }https://github.com/$repo"
	done
	"$work/knownschemas" -src "$srcs" -name "$name" -source "registry.terraform.io/$namespace/$name" \
		-repo "$urls" -commit "$(echo "$commits" | tr , ' ')" -date "$date" -serves "$serves" -fw-prefix "$prefix" \
		-o "$root/schema/known/$name.txt.gz"
	rm -rf "$work/$name".*
done <<'LIST'
# name       repository                           commit                                    namespace serves       fw-prefix
google       hashicorp/terraform-provider-google,hashicorp/terraform-provider-google-beta e03b7622a26cf4e878f90bdccaca6aa3d03a7999,93c65b2d60fea598528f2769b5b09de856f8cb8c hashicorp google-beta -
azurerm      hashicorp/terraform-provider-azurerm    69697b7fe6a923fc89e88f386bc95c3ed1ee2ec6 hashicorp -            -
kubernetes   hashicorp/terraform-provider-kubernetes 3a33fb6cc6055853584af1731b1369164c35ffc7 hashicorp -            -
helm         hashicorp/terraform-provider-helm,hashicorp/terraform-provider-helm ecffae07748ea9e2e99660e5ad3f852a12fbc5fc,afc64eda2181bf835ac648177e7464416c9b9fef hashicorp -            -
null         hashicorp/terraform-provider-null       620826048cda8fee5b6de9ead03950f2abd6e883 hashicorp -            -
time         hashicorp/terraform-provider-time       16bc819eb938f78171198ba2efb37bfe27f6b700 hashicorp -            -
tls          hashicorp/terraform-provider-tls        d72d90e1b47b7cb5ce6863f528af3154963d61b7 hashicorp -            -
random       hashicorp/terraform-provider-random     ad788e233bb42be5ecad3ba8f43de0d9d9dc7185 hashicorp -            -
cloudinit    hashicorp/terraform-provider-cloudinit  bf4ace4bfe25a96aea51ee9d92a194a656a6dd93 hashicorp -            -
local        hashicorp/terraform-provider-local      d480f231e2bcdf7dade9844c87663a70fac7e5e6 hashicorp -            -
archive      hashicorp/terraform-provider-archive    5be167b1e03d2641330c8ca9e945624cd91c12ca hashicorp -            -
http         hashicorp/terraform-provider-http       54564302f544b3524aa1ef1ab924b1031212fa4e hashicorp -            -
external     hashicorp/terraform-provider-external   b7d3586379cb295408ba75e220e3462502015624 hashicorp -            -
azapi        Azure/terraform-provider-azapi          c43c57bbdd5e4f8cc8bcaea8c6b83bb6b669db49 azure     -            -
datadog      DataDog/terraform-provider-datadog      701d55bc44f349de6074a6f770c26fcbfb4ce8b1 datadog   -            datadog_
digitalocean digitalocean/terraform-provider-digitalocean 401992a1e493a0e3cfc833197820867991fc011f digitalocean - -
template     hashicorp/terraform-provider-template   477a7b52234ac7637ace19cfeb55937bbdad7a1b hashicorp -            -
LIST

while read -r name repo commits versions namespace; do
	case $name in '#'*|'') continue ;; esac
	wanted "$name" || continue
	if [ -n "$mirror" ]; then
		git_dir=$mirror/$(echo "$repo" | tr / +)/repo
	else
		git_dir=$work/$name.git
		git init -q --bare "$git_dir"
		for commit in $(echo "$commits" | tr , ' '); do
			git -C "$git_dir" fetch -q --depth 1 "https://github.com/$repo" "$commit"
		done
	fi
	srcs=
	for commit in $(echo "$commits" | tr , ' '); do
		src=$work/$name.$commit
		mkdir -p "$src"
		git -C "$git_dir" ls-tree -r "$commit" generated | awk '$2 == "blob" { print $3, $4 }' > "$work/$name.tree"
		absent=$(cut -d' ' -f1 "$work/$name.tree" | git -C "$git_dir" cat-file --batch-check |
			awk 'NR == FNR { if ($2 == "missing") gone[$1] = 1; next } gone[$1] { print ":!" $2 }' - "$work/$name.tree")
		# git archive names each absent file it leaves out ("invalid
		# object"), and succeeds: those lines are not repeated.
		# shellcheck disable=SC2086 # one pathspec a word
		git -C "$git_dir" archive "$commit" -- 'generated/*.go' ':!*_test.go' $absent 2>"$work/$name.err" | tar -x -C "$src"
		grep -v '^error: invalid object ' "$work/$name.err" >&2 || true
		[ -z "$absent" ] || echo "$name $commit: absent from the mirror, skipped:" $absent | sed 's/:!//g' >&2
		srcs=${srcs:+$srcs,}$src
	done
	first=$(echo "$commits" | cut -d, -f1)
	{
		echo "The schemas were read from https://github.com/$repo, which holds the output of"
		echo "terraform providers schema -json for each version of the $namespace/$name provider (MPL-2.0);"
		echo "the table holds facts read from them (names and their kinds). $repo's license:"
		git -C "$git_dir" show "$first:LICENSE"
	} > "$work/$name.notice"
	"$work/knownschemas" -input generated -src "$srcs" -name "$name" -source "registry.terraform.io/$namespace/$name" \
		-repo "https://github.com/$repo" -commit "$(echo "$commits" | tr , ' ')" -version "$(echo "$versions" | tr , ' ')" \
		-date "$date" -license MIT -notice "$work/$name.notice" -o "$root/schema/known/$name.txt.gz"
	rm -rf "$work/$name".*
done <<'LIST'
# name repository                      commits (newest first)                                                                                                                     versions                namespace
aws    lonegunmanb/terraform-aws-schema 6812d62211f5dc84e446faf0ffc86523c0c209bb,1056144d56c89278674ebcef3c455fd92a0a4848,830b88283a776ef75ae39c369be7f3d7665d062b 6.47.0,5.100.0,4.67.0 hashicorp
LIST
