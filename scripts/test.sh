#!/usr/bin/env bash
# `npm test`: Vitest (domain, server and web logic in Node, and the web app's component tests in
# Debian's Chromium: the two projects of vitest.config.ts), the server tests again on PostgreSQL
# when one can be had (`npm run test:postgres`), then the web build, the board's size budgets
# (scripts/check-bundle-budget.ts) and the Playwright journeys in Debian's Chromium. Every part
# runs even if an earlier one failed; the exit code is non-zero if any failed.
# JSON results (vitest.json, vitest-postgres.json, playwright.json, test-results/) land in one
# folder per run, $TEST_RESULTS_DIR (default .tmp/run-<pid>), so runs side by side on one machine
# never mix their reports; scripts/count-results.ts reads them from there.
set -uo pipefail
cd "$(dirname "$0")/.."
export TEST_RESULTS_DIR=${TEST_RESULTS_DIR:-.tmp/run-$$}
mkdir -p "$TEST_RESULTS_DIR"
rm -f "$TEST_RESULTS_DIR"/vitest.json "$TEST_RESULTS_DIR"/vitest-postgres.json "$TEST_RESULTS_DIR"/playwright.json
# Folders of runs older than a day are left-overs.
find .tmp -mindepth 1 -maxdepth 1 -type d -name 'run-*' -mmin +1440 -exec rm -rf {} + 2>/dev/null
echo "[test] reports in $TEST_RESULTS_DIR"

bin=node_modules/.bin
failed=()

echo "== Vitest: Node, and component tests in Chromium =="
if bash scripts/ensure-chromium.sh; then
  "$bin/vitest" run --reporter=default --reporter=json --outputFile.json="$TEST_RESULTS_DIR/vitest.json" || failed+=("vitest")
else
  failed+=("vitest (set-up)")
fi

# The server tests run a second time on PostgreSQL (docs/decisions/002; tests/support/server.ts
# reads TEST_DATABASE_URL). A throwaway cluster needs root and Debian's postgresql package; else
# set TEST_DATABASE_URL yourself, or the pass is skipped.
if [[ -n ${TEST_DATABASE_URL:-} ]] || { [[ $(id -u) -eq 0 ]] && compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }; then
  echo "== Vitest: server tests on PostgreSQL =="
  bash scripts/test-postgres.sh || failed+=("vitest on PostgreSQL")
else
  echo "== Vitest on PostgreSQL: skipped (not root and no TEST_DATABASE_URL) =="
fi

echo "== Playwright =="
# The web build `npm start` made (CI's smoke check) is reused while no source is newer than it.
if bash scripts/ensure-chromium.sh && { node -e 'import("./scripts/build-inputs.js").then((m) => process.exit(m.isWebBuildStale(process.cwd()) ? 1 : 0))' || "$bin/vite" build --logLevel warn; }; then
  # The board's size budgets, read from the build just made (docs/decisions/074): a second.
  echo "== The board's JavaScript against its budgets =="
  "$bin/tsx" scripts/check-bundle-budget.ts || failed+=("board size budget")
  "$bin/playwright" test || failed+=("playwright")
else
  failed+=("playwright (set-up)")
fi

if ((${#failed[@]})); then
  echo "npm test: failed: ${failed[*]}" >&2
  exit 1
fi
