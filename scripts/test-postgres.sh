#!/usr/bin/env bash
# `npm run test:postgres`: the whole server suite (Vitest, src/server) against a throwaway
# PostgreSQL on loopback (scripts/with-postgres.sh; or TEST_DATABASE_URL when it is set).
# Its JSON report goes to $TEST_RESULTS_DIR/vitest-postgres.json (a per-run folder, see test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
results=${TEST_RESULTS_DIR:-.tmp/run-$$}
mkdir -p "$results"
# What this pass adds is the other dialect (docs/decisions/085): the SQLite read pool's own tests
# have nothing to run on PostgreSQL, and the fuzz tests try a quarter of their generated inputs
# (still thousands, drawn afresh each run) unless FUZZ_RUNS says otherwise.
export FUZZ_RUNS=${FUZZ_RUNS:-0.25}
exec bash scripts/with-postgres.sh node_modules/.bin/vitest run src/server --exclude src/server/db/sqlite-read-pool.test.ts \
  --reporter=default --reporter=json --outputFile.json="$results/vitest-postgres.json" "$@"
