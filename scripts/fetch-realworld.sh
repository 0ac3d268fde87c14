#!/bin/sh
# Fetches the real-world corpus of internal/realworld: each repository that
# internal/realworld/modules.txt lists ("owner/name commit license"), at its
# commit, into ${HCLJSON_REALWORLD:-$HOME/.cache/hcljson/realworld}/owner+name,
# outside the checkout. Then run the test with
#
#   HCLJSON_REALWORLD=$HOME/.cache/hcljson/realworld \
#     go test ./internal/realworld -run TestRealWorld -v -count=1 -timeout 60m
#
# A directory already checked out at its commit is left as it is. Needs git
# and access to github.com.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
list=$root/internal/realworld/modules.txt
dest=${HCLJSON_REALWORLD:-$HOME/.cache/hcljson/realworld}
mkdir -p "$dest"

grep -v '^[[:space:]]*#' "$list" | while read -r repo commit license; do
	[ -n "$repo" ] || continue
	dir=$dest/$(printf '%s' "$repo" | tr / +)
	if [ -d "$dir/.git" ] && [ "$(git -C "$dir" rev-parse HEAD 2>/dev/null)" = "$commit" ]; then
		echo "$repo: at $commit ($license)"
		continue
	fi
	echo "$repo: fetching $commit ($license)"
	url=https://github.com/$repo.git
	mkdir -p "$dir"
	git -C "$dir" init -q
	# One commit is enough; a server that refuses to serve a commit by its
	# name gets a full fetch of its branches instead.
	if ! git -C "$dir" fetch -q --depth 1 "$url" "$commit"; then
		git -C "$dir" fetch -q "$url" '+refs/heads/*:refs/remotes/origin/*'
	fi
	git -C "$dir" -c advice.detachedHead=false checkout -q --force --detach "$commit"
	if [ "$(git -C "$dir" rev-parse HEAD)" != "$commit" ]; then
		echo "$repo: $dir is not at $commit" >&2
		exit 1
	fi
done
