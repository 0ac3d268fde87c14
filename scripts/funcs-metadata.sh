#!/usr/bin/env bash
# Writes the function signatures of the pinned clients, as their
# "metadata functions -json" prints them, into funcs/data for the funcs
# package to embed: descriptions dropped, keys sorted (jq -S).
#
#   funcs/data/opentofu-1.12.6.json   from tofu 1.12.6
#   funcs/data/terraform-1.5.7.json   from terraform 1.5.7
#
# The binaries are found as internal/clients finds them ($HCLJSON_TOFU,
# $HCLJSON_TERRAFORM, else scripts/build-clients.sh's cache). Run from
# anywhere: go generate ./funcs runs it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache=${HCLJSON_CLIENTS:-${XDG_CACHE_HOME:-$HOME/.cache}/hcljson/clients}
tofu=${HCLJSON_TOFU:-$cache/tofu-1.12.6/tofu}
terraform=${HCLJSON_TERRAFORM:-$cache/terraform-1.5.7/terraform}

# An empty CLI configuration, so that no ~/.terraformrc warning is printed.
rc=$(mktemp)
trap 'rm -f "$rc"' EXIT

dump() { # binary output
	TF_CLI_CONFIG_FILE=$rc "$1" metadata functions -json |
		jq -S 'del(.function_signatures[].description,
			.function_signatures[].parameters[]?.description,
			.function_signatures[].variadic_parameter?.description)' >"$2.tmp"
	mv "$2.tmp" "$2"
	echo "$2"
}

dump "$tofu" "$root/funcs/data/opentofu-1.12.6.json"
dump "$terraform" "$root/funcs/data/terraform-1.5.7.json"
