#!/usr/bin/env bash
# Runs README's "Run it for your school" recipe (the commands between its school-recipe markers)
# against a fresh binary, as a school's technician would, then checks what the section promises:
# HTTPS on the self-signed certificate openssl made (HTTP/2, HSTS, Secure sign-in cookies), the
# school's name served and any other name refused, a backup in the data folder's backups/, and a
# clear refusal of wrong certificate files. Only loopback is ever called (the name resolves to
# 127.0.0.1 through curl --resolve); the port is 0 instead of 443, and the data in a temporary folder.
#
#   scripts/school_network_check.sh [BINARY]     (default: the debug build's tessera)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-"$(swift build --show-bin-path)/tessera"}
work=$(mktemp -d)
serve_pid=""
cleanup() {
  if [ -n "$serve_pid" ]; then kill "$serve_pid" 2>/dev/null || true; wait "$serve_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
passed=0 failed=0
check() {  # check WHAT CONDITION-COMMAND…
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $what"; else failed=$((failed + 1)); echo "FAILED: $what"; fi
}

# The recipe, continuation lines joined, without the two lines that name the school's own machine.
recipe=$(awk '/<!-- school-recipe:begin -->/{on=1; next} /<!-- school-recipe:end -->/{on=0} on && !/^```/' README.md |
  sed -e ':a' -e '/\\$/N; s/\\\n//; ta')
[ -n "$recipe" ] || { echo "README.md has no school-recipe block"; exit 1; }
NAME=tessera.school.test
DATA="$work/data"
export NAME DATA
serve_line=""
while IFS= read -r line; do
  case "$line" in
    NAME=*|DATA=*|"") ;;
    "tessera serve "*) serve_line=$line ;;
    *) echo "+ $line"; bash -c "$line" ;;
  esac
done <<<"$recipe"
[ -n "$serve_line" ] || { echo "the recipe starts no server"; exit 1; }
serve_line=${serve_line/--port 443/--port 0}
serve_line=${serve_line/#tessera /\"\$bin\" }
echo "+ $serve_line"
bin="$bin" bash -c "exec $serve_line" >"$work/serve.log" 2>&1 &
serve_pid=$!
base=""
for _ in $(seq 1 600); do
  base=$(grep -oE 'Tessera on https://[^/ ]+' "$work/serve.log" | head -1 | sed 's/Tessera on //' || true)
  [ -n "$base" ] && break
  kill -0 "$serve_pid" 2>/dev/null || break
  sleep 0.1
done
[ -n "$base" ] || { echo "the server did not start over HTTPS:"; tail -20 "$work/serve.log"; exit 1; }
port=${base##*:}
echo "listening on $base (as https://$NAME:$port/)"
as_school=(--silent --max-time 10 --cacert "$DATA/tls/cert.pem" --resolve "$NAME:$port:127.0.0.1")

health=$(curl "${as_school[@]}" --dump-header "$work/health.headers" --write-out ' %{http_code} %{http_version}' "https://$NAME:$port/health")
check "https://$NAME/health answers 200 over HTTP/2 on the certificate openssl made" grep -q '"status":"ok"} 200 2' <<<"$health"
check "answers over HTTPS carry HSTS" grep -qi '^strict-transport-security: max-age=31536000' "$work/health.headers"
refused=$(curl --silent --max-time 10 --insecure --resolve "rebound.evil.example:$port:127.0.0.1" \
  --write-out ' %{http_code}' "https://rebound.evil.example:$port/health")
check "another name (DNS rebinding) is refused with 403 host_not_allowed" grep -q 'host_not_allowed.* 403$' <<<"$refused"
loopback=$(curl --silent --max-time 10 --insecure --output /dev/null --write-out '%{http_code}' "https://127.0.0.1:$port/health")
check "loopback is still served" test "$loopback" = 200
curl "${as_school[@]}" --output /dev/null --dump-header "$work/signup.headers" -H 'Content-Type: application/json' \
  --data '{"name":"Ms Ann Rivera","email":"ann@school.test","password":"a long enough password"}' "https://$NAME:$port/api/auth/teachers"
check "a teacher's sign-in cookies are Secure" bash -c "grep -i '^set-cookie: tessera_session=' '$work/signup.headers' | grep -qi '; *secure'"
backup=""
for _ in $(seq 1 300); do
  backup=$(ls "$DATA/backups/"tessera-*.sqlite 2>/dev/null | head -1 || true)
  [ -n "$backup" ] && break
  sleep 0.1
done
check "a backup is in the data folder's backups/ ($(basename "${backup:-none}"))" test -n "$backup"
check "the server logged the backup" grep -q 'Backup written to' "$work/serve.log"
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true
serve_pid=""

# Wrong files: one sentence and a non-zero exit, before anything listens.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -keyout "$work/other-key.pem" \
  -out "$work/other-cert.pem" -subj "/CN=other.test" 2>/dev/null
refuse() {  # refuse EXPECTED-WORDS serve-options…
  local expected=$1 rc=0 out; shift
  out=$(timeout 60 "$bin" serve --port 0 --data-dir "$work/refused" "$@" 2>&1) || rc=$?
  [ "$rc" -ne 0 ] && grep -q -- "$expected" <<<"$out"
}
check "a missing certificate file stops serve with a reason" refuse "no such file" --tls-cert "$work/missing.pem" --tls-key "$DATA/tls/key.pem"
check "a key that is not the certificate's stops serve with a reason" refuse "does not belong" --tls-cert "$DATA/tls/cert.pem" --tls-key "$work/other-key.pem"
check "--tls-cert without --tls-key is a usage error" refuse "needs --tls-key" --tls-cert "$DATA/tls/cert.pem"
check "--backup-every with PostgreSQL is refused" refuse "pg_dump" --database postgres://nobody@127.0.0.1:1/none --backup-every 1d

echo "school network check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
