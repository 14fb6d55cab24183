#!/usr/bin/env bash
# `npm run test:postgres`: the whole server suite (Vitest, src/server) against a throwaway
# PostgreSQL on loopback (scripts/with-postgres.sh; or TEST_DATABASE_URL when it is set).
# Its JSON report goes to $TEST_RESULTS_DIR/vitest-postgres.json (a per-run folder, see test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
results=${TEST_RESULTS_DIR:-.tmp/run-$$}
mkdir -p "$results"
exec bash scripts/with-postgres.sh node_modules/.bin/vitest run src/server --reporter=default --reporter=json \
  --outputFile.json="$results/vitest-postgres.json" "$@"
