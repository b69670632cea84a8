#!/usr/bin/env bash
# Sourced by .ci/run: starts a throwaway PostgreSQL server on loopback for the
# sign-in storage test (lib/auth/postgres.test.ts), installing Debian's package when
# it is missing, and exports AUTH_TEST_POSTGRES_URL and AUTH_TEST_POSTGRES_REQUIRED=1.
# The server and its folder go when the CI shell exits. If it cannot start, CI goes
# on and says so loudly; that test is then skipped.

start_ci_postgres() {
  if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
    echo "--- installing Debian's postgresql for the sign-in storage test"
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql || return 1
  fi
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  CI_PG_DIR=$(mktemp -d /tmp/ci-postgres-XXXXXX)
  # PostgreSQL refuses to run as root: as root, run it as the package's user.
  local as=()
  if [ "$(id -u)" = 0 ]; then
    chown postgres "$CI_PG_DIR"
    as=(runuser -u postgres --)
  fi
  local port=55432
  while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  "${as[@]}" "$bin/initdb" -D "$CI_PG_DIR/data" -A trust -U postgres >"$CI_PG_DIR/initdb.log" 2>&1 || return 1
  "${as[@]}" "$bin/pg_ctl" -D "$CI_PG_DIR/data" -l "$CI_PG_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $CI_PG_DIR" start >/dev/null || return 1
  CI_PG_STOP=("${as[@]}" "$bin/pg_ctl" -D "$CI_PG_DIR/data" -m fast stop)
  export AUTH_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
  export AUTH_TEST_POSTGRES_REQUIRED=1
  echo "--- PostgreSQL for the sign-in storage test on 127.0.0.1:$port"
}

stop_ci_postgres() {
  if [ -n "${CI_PG_STOP+x}" ]; then "${CI_PG_STOP[@]}" >/dev/null 2>&1 || true; fi
  if [ -n "${CI_PG_DIR:-}" ]; then rm -rf "$CI_PG_DIR"; fi
}
