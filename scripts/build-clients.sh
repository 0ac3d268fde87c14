#!/usr/bin/env bash
# Builds the real clients the end-to-end tests compare with, from source
# through the Go module proxy, into a cache outside the checkout:
#
#   OpenTofu  1.12.6  -> $HCLJSON_CLIENTS/tofu-1.12.6/tofu
#   Terraform 1.5.7   -> $HCLJSON_CLIENTS/terraform-1.5.7/terraform
#                        (the last MPL release)
#
# HCLJSON_CLIENTS defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/clients.
# Both modules carry replace directives, so each is built inside its own
# downloaded module, not with "go install". A binary already built is kept.
# Usage: scripts/build-clients.sh [tofu|terraform]...   (default: both)
set -euo pipefail

cache=${HCLJSON_CLIENTS:-${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/clients}
tofu_version=1.12.6
terraform_version=1.5.7

build() { # name module version pkg
	local name=$1 mod=$2 version=$3 pkg=$4
	local dir=$cache/$name-$version
	if [ -x "$dir/$name" ]; then
		echo "$dir/$name (cached)"
		return
	fi
	mkdir -p "$dir"
	local work
	work=$(mktemp -d "$dir/build.XXXXXX")
	(
		cd "$work"
		local src
		src=$(GOFLAGS=-mod=mod go mod download -json "$mod@v$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
		cp -r "$src" src
		chmod -R u+w src
		cd src
		GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -o "$work/$name" "$pkg"
	)
	mv "$work/$name" "$dir/$name"
	rm -rf "$work"
	echo "$dir/$name"
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(tofu terraform)
for t in "${targets[@]}"; do
	case $t in
	tofu) build tofu github.com/opentofu/opentofu "$tofu_version" ./cmd/tofu ;;
	terraform) build terraform github.com/hashicorp/terraform "$terraform_version" . ;;
	*) echo "unknown client $t (tofu or terraform)" >&2; exit 2 ;;
	esac
done
