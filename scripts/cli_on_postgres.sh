#!/usr/bin/env bash
# `tessera posts …` and `tessera router …` read a PostgreSQL database that a server wrote.
#
#   scripts/cli_on_postgres.sh BIN DATABASE_URL
#
# Starts `serve --database URL` (its own schema-less tables in the given database), lets it sync
# the reader from its own /origin and save a custom Rapid Router level through the API, stops it,
# and sign up a teacher, stops it, then checks that `tessera posts list --database URL`,
# `tessera router levels --database URL` and `tessera accounts teachers --database URL`
# (which open the storage directly, no server) show what the server stored. Exits non-zero on any
# difference.
set -euo pipefail
bin=$1
url=$2
data=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$data"' EXIT

"$bin" serve --host 127.0.0.1 --port 0 --database "$url" --log-level warning >"$data/serve.log" 2>&1 &
pid=$!
base=$(python3 scripts/tessera_server.py url "$data/serve.log" 60 "$pid")

email="cli-check-$RANDOM$RANDOM@school.org"
python3 - "$base" "$email" <<'PY'
import json, sys, urllib.request
base = sys.argv[1]
def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", "Origin": base})
    with urllib.request.urlopen(request, timeout=120) as answer:
        return answer.read().decode()
call("POST", "/api/posts/sync")  # an event stream: read to its end, the sync has committed
level = json.loads(call("GET", "/api/router/levels/1"))
level["name"] = "Stored on PostgreSQL"
saved = json.loads(call("POST", "/api/router/levels", level))
call("POST", "/api/auth/teachers", {"name": "Ms Postgres", "email": sys.argv[2], "password": "a long enough password"})
print("server: synced the reader, saved level %s, signed up a teacher" % saved["id"])
PY
kill "$pid"; wait "$pid" 2>/dev/null || true

posts=$("$bin" posts list --database "$url" --json)
echo "$posts" | python3 -c '
import json, sys
got = json.load(sys.stdin)
ok = got["total"] == 100 and len(got["posts"]) == 100
print("tessera posts list --database: %d posts %s" % (got["total"], "ok" if ok else "WRONG"))
sys.exit(0 if ok else 1)'
levels=$("$bin" router levels --database "$url")
if grep -q "Stored on PostgreSQL" <<<"$levels"; then
  echo "tessera router levels --database: lists the level the server saved ok"
else
  echo "tessera router levels --database: the saved level is missing WRONG"; echo "$levels" | tail -5; exit 1
fi
if "$bin" accounts teachers --database "$url" | grep -q "$email"; then
  echo "tessera accounts teachers --database: lists the teacher the server signed up ok"
else
  echo "tessera accounts teachers --database: the teacher is missing WRONG"; exit 1
fi
