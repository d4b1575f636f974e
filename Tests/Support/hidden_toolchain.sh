# Sourced by the tests that run what we ship as a user's machine runs it (Tests/Dist/check-dist.sh,
# Tests/Examples/check-notes.sh). Needs bash, `fail MESSAGE...`, `$root` (the checkout) and
# MVVM_TOOLCHAIN_DIR (scripts/env.sh). Sets `$toolchain`, and `$tmp`: a temporary folder outside
# the repository, removed on exit, holding the empty folders `empty` and `home`.
#
# hidden CMD...: runs CMD in a mount namespace where an empty folder is mounted over the
# toolchain, with a clean environment (no MVVM_*, no LD_LIBRARY_PATH; HOME=$tmp/home), and
# fails (exit 98) if swift is still on PATH there. `unshare --mount` as root, else in a user
# namespace; when neither may mount, the calling test fails and says so.
toolchain="$MVVM_TOOLCHAIN_DIR"
[ -n "$toolchain" ] && [ -d "$toolchain" ] || fail "no toolchain folder to hide (MVVM_TOOLCHAIN_DIR='$toolchain')"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
case "$tmp/" in "$root"/*) fail "the temporary folder $tmp is inside the repository" ;; esac
mkdir "$tmp/empty" "$tmp/home"

hide=()
for attempt in "unshare --mount" "unshare --user --map-root-user --mount"; do
    # shellcheck disable=SC2086 # the attempt splits into words
    if $attempt sh -c 'mount --bind "$1" "$2"' sh "$tmp/empty" "$toolchain" 2> "$tmp/unshare.log"; then
        read -r -a hide <<< "$attempt"
        break
    fi
done
if [ "${#hide[@]}" -eq 0 ]; then
    cat "$tmp/unshare.log" >&2
    fail "cannot hide the toolchain: neither 'unshare --mount' nor 'unshare --user --map-root-user --mount'" \
         "may mount here (run as root, or enable unprivileged user namespaces); without that this test" \
         "cannot show the artifacts run without $toolchain"
fi
hidden() {
    "${hide[@]}" sh -c 'mount --bind "$1" "$2" || exit 97; home=$3; shift 3
        if command -v swift > /dev/null; then echo "swift is still on PATH" >&2; exit 98; fi
        exec env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$home" LANG=C.UTF-8 "$@"' \
        sh "$tmp/empty" "$toolchain" "$tmp/home" "$@"
}
