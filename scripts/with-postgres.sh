#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at PostgreSQL. Uses TEST_DATABASE_URL when it is
# already set; otherwise (root only) starts a throwaway cluster on loopback and removes it after,
# whether the command passes, fails or is interrupted (Ctrl-C, SIGTERM, SIGHUP).
set -euo pipefail

if [[ -n ${TEST_DATABASE_URL:-} ]]; then
  exec "$@"
fi

initdb=$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1 || true)
if [[ -z $initdb || $(id -u) -ne 0 ]]; then
  echo "[with-postgres] needs root and Debian's postgresql package, or TEST_DATABASE_URL=postgres://..." >&2
  exit 1
fi
pgbin=$(dirname "$initdb")

# The socket and log folder must belong to postgres, or start-up fails with "Permission denied".
base=$(mktemp -d)
chmod 755 "$base"
data=$base/pg
run=$base/run
child=

stop() {
  if [[ -f $data/postmaster.pid ]]; then
    su postgres -s /bin/sh -c "$pgbin/pg_ctl -D '$data' -m immediate -w -t 30 stop" >/dev/null 2>&1 ||
      echo "[with-postgres] could not stop the cluster in $data" >&2
  fi
  rm -rf "$base"
}
trap stop EXIT
# A signal stops the command first (it runs in the background so the trap fires at once), then
# the EXIT trap stops the cluster.
on_signal() {
  [[ -n $child ]] && kill -TERM "$child" 2>/dev/null && wait "$child" 2>/dev/null
  exit "$1"
}
trap 'on_signal 130' INT
trap 'on_signal 143' TERM
trap 'on_signal 129' HUP

install -d -o postgres -g postgres -m 700 "$data"
install -d -o postgres -g postgres -m 755 "$run"
port=$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

su postgres -s /bin/sh -c "$pgbin/initdb -D '$data' -U postgres -A trust -E UTF8 --locale=C.UTF-8" >/dev/null
su postgres -s /bin/sh -c "$pgbin/pg_ctl -D '$data' -l '$run/server.log' -w -t 30 -o \"-k $run -c listen_addresses=127.0.0.1 -p $port -c fsync=off\" start" >/dev/null ||
  { cat "$run/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "[with-postgres] PostgreSQL on 127.0.0.1:$port (stopped and removed when this ends)"
status=0
"$@" &
child=$!
wait "$child" || status=$?
child=
exit "$status"
