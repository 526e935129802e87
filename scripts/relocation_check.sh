#!/usr/bin/env bash
# Relocation check: a built `tessera` copied with its resource bundles (`*.resources` beside the
# binary) into a fresh folder, started from yet another working directory, serves the pages, the
# OpenAPI document and /health: nothing is read from the checkout.
#
#   scripts/relocation_check.sh [debug|release]     builds the product first (default: debug)
#   scripts/relocation_check.sh path/to/tessera     an existing build (its bundles sit beside it)
#
# Exits non-zero when a path does not answer 200, or when the binary copied without its bundles
# crashes instead of starting (it must start, warn and answer 404 for the missing files).
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:-debug}
if [ -x "$target" ] && [ -f "$target" ]; then
  built="$(cd "$(dirname "$target")" && pwd)"
else
  swift build -c "$target" --product tessera 2>&1 | tail -1
  built="$(swift build -c "$target" --show-bin-path)"
fi

work=$(mktemp -d)
serve_pid=""
cleanup() {
  if [ -n "$serve_pid" ]; then kill "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/install" "$work/elsewhere" "$work/data" "$work/bare"
cp "$built/tessera" "$work/install/"
cp -R "$built"/*.resources "$work/install/"
echo "relocated: tessera and $(cd "$work/install" && ls -d *.resources | tr '\n' ' ')"

# serve_from DIR: starts DIR/tessera from $work/elsewhere; sets serve_pid and base.
serve_from() {
  local log="$work/data/serve-$(basename "$1").log"
  (cd "$work/elsewhere" && exec "$1/tessera" serve --host 127.0.0.1 --port 0 --data-dir "$work/data" >"$log" 2>&1) &
  serve_pid=$!
  base=$(python3 "$PWD/scripts/tessera_server.py" url "$log" 60 "$serve_pid") || { cat "$log"; exit 1; }
}

status() { curl -s -o /dev/null -w '%{http_code}' "$base$1"; }

"$work/install/tessera" --version
serve_from "$work/install"
failed=0
for path in / /router/ /router/player/router.js /api/router/levels/1 /openapi.yaml /health; do
  code=$(status "$path")
  echo "GET $path -> $code"
  [ "$code" = 200 ] || failed=1
done
# The served document is the checkout's single openapi.yaml (the bundle is a build-time copy).
curl -s "$base/openapi.yaml" | cmp -s - Sources/TesseraAPI/openapi.yaml || { echo "/openapi.yaml differs from Sources/TesseraAPI/openapi.yaml"; failed=1; }
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=""

# Without its bundles the binary still starts (no fatalError), warns, and answers 404 JSON.
cp "$built/tessera" "$work/bare/"
serve_from "$work/bare"
code=$(status /openapi.yaml); echo "without bundles: GET /openapi.yaml -> $code"; [ "$code" = 404 ] || failed=1
code=$(status /health); echo "without bundles: GET /health -> $code"; [ "$code" = 200 ] || failed=1
# Rapid Router's levels are RouterKit's bundle: missing, a level is 404, not a crash.
code=$(status /api/router/levels/1); echo "without bundles: GET /api/router/levels/1 -> $code"; [ "$code" = 404 ] || failed=1
grep -q "No OpenAPI document" "$work/data/serve-bare.log" || { echo "no warning about the missing bundle"; failed=1; }
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=""

if [ "$failed" = 0 ]; then echo "relocation check: ok"; else echo "relocation check: FAILED"; exit 1; fi
