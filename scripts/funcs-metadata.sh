#!/usr/bin/env bash
# Writes the function signatures of the pinned clients, as their
# "metadata functions -json" prints them, into funcs/data for the funcs
# package to embed: descriptions dropped, keys sorted (jq -S).
#
#   funcs/data/opentofu-1.12.6.json   from tofu 1.12.6
#   funcs/data/terraform-1.5.7.json   from terraform 1.5.7
#   funcs/data/terraform-1.11.4.json  from terraform 1.11.4, when found
#
# The binaries are found as internal/clientstest finds them ($HCLJSON_TOFU,
# $HCLJSON_TERRAFORM, else scripts/build-clients.sh's cache); Terraform
# 1.11.4, whose functions Terraform 1.14 keeps (package funcs,
# Terraform114), is $HCLJSON_TERRAFORM_1_11, else the terraform on PATH
# when it is that version, and is skipped when neither is. Run from
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

terraform111=${HCLJSON_TERRAFORM_1_11:-$(command -v terraform || true)}
if [ -n "$terraform111" ] && TF_CLI_CONFIG_FILE=$rc "$terraform111" version | grep -qx 'Terraform v1.11.4'; then
	dump "$terraform111" "$root/funcs/data/terraform-1.11.4.json"
else
	echo "no Terraform 1.11.4: funcs/data/terraform-1.11.4.json left as it is" >&2
fi
