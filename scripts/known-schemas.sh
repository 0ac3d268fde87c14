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
#   HCLJSON_MIRROR=/work/.mirror scripts/known-schemas.sh
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

while read -r name repos commits namespace serves prefix; do
	case $name in '#'*|'') continue ;; esac
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
helm         hashicorp/terraform-provider-helm       ecffae07748ea9e2e99660e5ad3f852a12fbc5fc hashicorp -            -
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
