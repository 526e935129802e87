#!/usr/bin/env bash
# The storage commands (`posts`, `router`, `accounts`, `classes`) read a PostgreSQL database that a server wrote.
#
#   scripts/cli_on_postgres.sh BIN DATABASE_URL
#
# Starts `serve --database URL` (its own schema-less tables in the given database), lets it sync
# the reader from its own /origin and save a custom Rapid Router level through the API, stops it,
# signs up a teacher with a class whose pupil finishes level 1, stops it, then checks that
# `tessera posts list`, `router levels`, `accounts teachers`, `classes scoreboard` and `classes activity` with `--database URL`
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
python3 - "$base" "$email" "$data/class-code" <<'PY'
import sys
sys.path.insert(0, "scripts")
from tessera_server import Browser
base = sys.argv[1]
browser = lambda: Browser(base, headers={"X-Tessera-Owner-Key": "0123456789abcdef0123456789abcdef"})
teacher = browser()
call = teacher.call
teacher.open("POST", "/api/posts/sync", timeout=120).read()  # an event stream: read to its end, the sync has committed
level = call("GET", "/api/router/levels/1")
level["name"] = "Stored on PostgreSQL"
saved = call("POST", "/api/router/levels", level)
call("POST", "/api/auth/teachers", {"name": "Ms Postgres", "email": sys.argv[2], "password": "a long enough password"})
made = call("POST", "/api/classes", {"name": "Oaks"})
call("POST", "/api/schools", {"name": "Postgres Primary"})
pupil = call("POST", "/api/classes/%s/pupils" % made["id"], {"names": ["Robin"]})["pupils"][0]
pupil_call = browser().call
pupil_call("POST", "/api/auth/login", {"classCode": made["code"], "name": "Robin", "password": pupil["password"]})
pupil_call("POST", "/api/router/levels/1/runs", {"program": {"blocks": [{"type": "move_forwards"}, {"type": "move_forwards"}]}})
open(sys.argv[3], "w").write(made["code"])
with open(sys.argv[3] + ".level.json", "wb") as save:  # a level-editor save, for `router import --teacher`
    save.write(teacher.open("GET", "/api/router/levels/1/export").read())
print("server: synced the reader, saved level %s, signed up a teacher, class %s, a pupil finished level 1" % (saved["id"], made["code"]))
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
board=$("$bin" classes scoreboard "$(cat "$data/class-code")" --episode 1 --database "$url")
if grep -q "Robin .*20/20" <<<"$board"; then
  echo "tessera classes scoreboard --database: shows the pupil's finished level ok"
else
  echo "tessera classes scoreboard --database: the pupil's run is missing WRONG"; echo "$board"; exit 1
fi
activity=$("$bin" classes activity "$(cat "$data/class-code")" --database "$url")
if grep -q "playing  Robin — level 1" <<<"$activity"; then
  echo "tessera classes activity --database: shows the pupil playing level 1 ok"
else
  echo "tessera classes activity --database: the pupil's state is wrong WRONG"; echo "$activity"; exit 1
fi
if "$bin" schools list --database "$url" | grep -q "admin  $email"; then
  echo "tessera schools list --database: lists the school and its admin ok"
else
  echo "tessera schools list --database: the school or its admin is missing WRONG"; exit 1
fi
"$bin" schools make-admin "$email" --database "$url" | grep -q "is now an admin of Postgres Primary" \
  && echo "tessera schools make-admin --database ok" || { echo "tessera schools make-admin --database WRONG"; exit 1; }
if "$bin" router import "$data/class-code.level.json" --teacher "nobody-$email" --database "$url" >/dev/null 2>&1; then
  echo "tessera router import --teacher with an unknown email succeeded WRONG"; exit 1
fi
"$bin" router import "$data/class-code.level.json" --teacher "$email" --database "$url" >/dev/null
"$bin" serve --host 127.0.0.1 --port 0 --database "$url" --log-level warning >"$data/serve2.log" 2>&1 &
pid=$!
base=$(python3 scripts/tessera_server.py url "$data/serve2.log" 60 "$pid")
python3 - "$base" "$email" <<'PY'
import sys
sys.path.insert(0, "scripts")
from tessera_server import Browser
teacher = Browser(sys.argv[1])
teacher.call("POST", "/api/auth/login", {"email": sys.argv[2], "password": "a long enough password"})
mine = teacher.call("GET", "/api/router/levels?scope=mine")["levels"]
ok = any(level["id"].startswith("import-") for level in mine)
print("tessera router import --teacher --database: the level is in the teacher's My levels %s" % ("ok" if ok else "WRONG"))
sys.exit(0 if ok else 1)
PY
kill "$pid"; wait "$pid" 2>/dev/null || true
