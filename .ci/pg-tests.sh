#!/usr/bin/env bash
# The PostgreSQL tests of issue 21 against a real server: installs PostgreSQL from Debian when
# missing, then runs the database tests inside pg_virtualenv (a throw-away cluster that exports
# PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE); each test creates a schema of its own.
# CI=true makes a missing database a failure instead of a skip.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pg_virtualenv >/dev/null || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql postgresql-common >/dev/null
fi

# Build first, outside the cluster's lifetime.
cargo test -p loopwright-store-pg -p loopwright-cli --test pg --test pg_fleet --test pg_run --test pg_run_budget --test pg_worktree --no-run

CI="${CI:-true}" pg_virtualenv -t -- \
  cargo test -p loopwright-store-pg -p loopwright-cli --test pg --test pg_fleet --test pg_run --test pg_run_budget --test pg_worktree -- --test-threads=2
