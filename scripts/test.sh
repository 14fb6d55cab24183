#!/usr/bin/env bash
# `npm test`: Vitest (domain + server; needs nothing outside the repo), the server tests again on
# PostgreSQL when one can be had, then the Playwright journeys in Debian's Chromium.
# Every part runs even if an earlier one failed; the exit code is non-zero if any failed.
# JSON results land in .tmp/ (vitest*.json, playwright.json) for scripts/count-results.ts.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
rm -f .tmp/vitest.json .tmp/vitest-postgres.json .tmp/playwright.json

bin=node_modules/.bin
failed=()

echo "== Vitest =="
"$bin/vitest" run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || failed+=("vitest")

# The server tests run a second time on PostgreSQL (STYLE.md section 4; tests/support/server.ts
# reads TEST_DATABASE_URL). A throwaway cluster needs root and Debian's postgresql package; else
# set TEST_DATABASE_URL yourself, or the pass is skipped.
if [[ -n ${TEST_DATABASE_URL:-} ]] || { [[ $(id -u) -eq 0 ]] && compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }; then
  echo "== Vitest: server tests on PostgreSQL =="
  bash scripts/with-postgres.sh "$bin/vitest" run src/server --reporter=default --reporter=json --outputFile.json=.tmp/vitest-postgres.json ||
    failed+=("vitest on PostgreSQL")
else
  echo "== Vitest on PostgreSQL: skipped (not root and no TEST_DATABASE_URL) =="
fi

echo "== Playwright =="
if bash scripts/ensure-chromium.sh && "$bin/vite" build --logLevel warn; then
  "$bin/playwright" test || failed+=("playwright")
else
  failed+=("playwright (set-up)")
fi

if ((${#failed[@]})); then
  echo "npm test: failed: ${failed[*]}" >&2
  exit 1
fi
