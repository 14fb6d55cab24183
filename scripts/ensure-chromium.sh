#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests: Playwright's
# journeys and Vitest's component tests (we never download a browser with `playwright install`).
# Silent when it is already there.
set -euo pipefail

[[ -x /usr/bin/chromium ]] && exit 0

if [[ $(id -u) -eq 0 ]]; then
  echo "[ensure-chromium] /usr/bin/chromium is missing: installing Debian's chromium package"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [[ -x /usr/bin/chromium ]] || { echo "[ensure-chromium] chromium installed but /usr/bin/chromium is still missing" >&2; exit 1; }
  exit 0
fi

cat >&2 <<'MSG'
[ensure-chromium] The browser tests (Vitest's component tests, Playwright's journeys) need Debian's Chromium at /usr/bin/chromium. Install it with:
  sudo apt-get update && sudo apt-get install -y chromium
MSG
exit 1
