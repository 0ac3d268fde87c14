#!/bin/sh
# Fetches the real-world corpus of internal/realworldtest: each repository that
# internal/realworldtest/modules.txt lists ("owner/name commit license"), at its
# commit, into ${HCLJSON_REALWORLD:-$HOME/.cache/hcljson/realworld}/owner+name,
# outside the checkout. Then run the test with
#
#   HCLJSON_REALWORLD=$HOME/.cache/hcljson/realworld \
#     go test ./internal/realworldtest -run TestRealWorld -v -count=1 -timeout 90m
#
# By default each repository is cloned from github.com (needs git and access
# to it). With HCLJSON_MIRROR set, the repositories come from local bare git
# mirrors instead, with no network: $HCLJSON_MIRROR/owner+name/repo (or
# $HCLJSON_MIRROR/owner+name.git, or $HCLJSON_MIRROR/owner+name) is a bare
# git directory holding the commit, and the commit's tree is extracted with
# git archive into owner+name, the commit recorded in owner+name/.commit:
#
#   HCLJSON_MIRROR=/work/.mirror scripts/fetch-realworld.sh
#
# A directory already at its commit (a checkout whose HEAD is the commit,
# or an extracted tree whose .commit names it) is left as it is; one at
# another commit is replaced. Arguments, if any, name the repositories
# (owner/name) to fetch, of those listed; without, all are.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
list=$root/internal/realworldtest/modules.txt
dest=${HCLJSON_REALWORLD:-$HOME/.cache/hcljson/realworld}
mirror=${HCLJSON_MIRROR:-}
mkdir -p "$dest"

# wanted REPO: whether the arguments ask for REPO.
wanted() {
	[ -z "$only" ] && return 0
	for r in $only; do
		[ "$r" = "$1" ] && return 0
	done
	return 1
}

# extract REPO COMMIT DIR: DIR becomes the tree of COMMIT from the bare
# mirror of REPO, with COMMIT in DIR/.commit (written last: a directory
# without it is incomplete). A mirror may lack the content of some files
# (snapshots leave out the largest, and Git LFS content): those are left
# out, each named on standard error.
extract() {
	name=$(printf '%s' "$1" | tr / +)
	git=
	for g in "$mirror/$name/repo" "$mirror/$name.git" "$mirror/$name"; do
		if [ -d "$g" ] && git --git-dir="$g" rev-parse -q --verify "$2^{commit}" >/dev/null 2>&1; then
			git=$g
			break
		fi
	done
	if [ -z "$git" ]; then
		echo "$1: no mirror under $mirror holds $2" >&2
		exit 1
	fi
	rm -rf "$3" "$3.part" "$3.index"
	mkdir -p "$3.part"
	# The paths whose blobs the mirror lacks, one a line.
	missing=$(git --git-dir="$git" -c core.quotePath=false ls-tree -r "$2" |
		awk -F '\t' '{ split($1, a, " "); if (a[2] == "blob") print a[3], $2 }' |
		git --git-dir="$git" cat-file --batch-check='%(objectname) %(rest)' 2>/dev/null |
		awk '$2 == "missing" { print $1 }' |
		while read -r sha; do
			git --git-dir="$git" -c core.quotePath=false ls-tree -r "$2" |
				awk -F '\t' -v sha="$sha" '{ split($1, a, " "); if (a[3] == sha) print $2 }'
		done)
	if [ -z "$missing" ]; then
		git --git-dir="$git" archive --format=tar "$2" | tar -x -C "$3.part"
	else
		printf '%s\n' "$missing" | sed "s|^|$1: not in the mirror, left out: |" >&2
		# A temporary index without those paths, checked out.
		GIT_INDEX_FILE=$3.index git --git-dir="$git" read-tree "$2"
		printf '%s\n' "$missing" | GIT_INDEX_FILE=$3.index git --git-dir="$git" update-index --force-remove --stdin
		GIT_INDEX_FILE=$3.index git --git-dir="$git" --work-tree="$3.part" checkout-index -a -f
		rm -f "$3.index"
	fi
	printf '%s\n' "$2" >"$3.part/.commit"
	mv "$3.part" "$3"
}

only="$*"
grep -v '^[[:space:]]*#' "$list" | while read -r repo commit license; do
	[ -n "$repo" ] || continue
	wanted "$repo" || continue
	dir=$dest/$(printf '%s' "$repo" | tr / +)
	if [ -d "$dir/.git" ] && [ "$(git -C "$dir" rev-parse HEAD 2>/dev/null)" = "$commit" ]; then
		echo "$repo: at $commit ($license)"
		continue
	fi
	if [ ! -d "$dir/.git" ] && [ -f "$dir/.commit" ] && [ "$(cat "$dir/.commit")" = "$commit" ]; then
		echo "$repo: at $commit ($license)"
		continue
	fi
	if [ -n "$mirror" ]; then
		echo "$repo: extracting $commit ($license) from $mirror"
		extract "$repo" "$commit" "$dir"
		continue
	fi
	echo "$repo: fetching $commit ($license)"
	url=https://github.com/$repo.git
	if [ -e "$dir" ] && [ ! -d "$dir/.git" ]; then
		rm -rf "$dir" # an extracted tree at another commit
	fi
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
