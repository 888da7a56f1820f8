#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL:
#   scripts/with-postgres.sh npx vitest run --project server
# Starts a private cluster (temp dir, free port, 127.0.0.1 only, socket in the temp dir), exports
# DATABASE_URL for the command, then stops the server and deletes the cluster however it ends.
# Needs PostgreSQL's server binaries (Debian: apt-get install -y postgresql). PostgreSQL refuses to
# run as root, so as root the server runs as the postgres user.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

find_bin_dir() {
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    pg_config --bindir
    return
  fi
  # Debian/Ubuntu keep the server binaries out of PATH, one directory per major version.
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
    echo "$newest"
    return
  fi
  if command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  echo "PostgreSQL server binaries not found (Debian: apt-get install -y postgresql)" >&2
  exit 1
}

BIN_DIR=$(find_bin_dir)
CLUSTER_DIR=$(mktemp -d "${TMPDIR:-/tmp}/nechasim-pg.XXXXXX")
DATA="$CLUSTER_DIR/data"
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
DB_USER=$(id -un)

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  DB_USER=postgres
  chown postgres "$CLUSTER_DIR"
fi

cleanup() {
  local status=$?
  if [ -f "$DATA/postmaster.pid" ]; then
    as_owner "$BIN_DIR/pg_ctl" -D "$DATA" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$CLUSTER_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_owner "$BIN_DIR/initdb" -D "$DATA" --auth=trust -E UTF8 --locale=C.UTF-8 -U "$DB_USER" >"$CLUSTER_DIR/initdb.log" 2>&1 ||
  { cat "$CLUSTER_DIR/initdb.log" >&2; exit 1; }
# Durability is pointless for a cluster that is deleted at exit; turning it off makes tests faster.
as_owner "$BIN_DIR/pg_ctl" -D "$DATA" -l "$CLUSTER_DIR/server.log" -w -t 30 \
  -o "-p $PORT -k $CLUSTER_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || { cat "$CLUSTER_DIR/server.log" >&2; exit 1; }

export DATABASE_URL="postgres://$DB_USER@127.0.0.1:$PORT/postgres"
echo "[with-postgres] PostgreSQL $("$BIN_DIR/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
