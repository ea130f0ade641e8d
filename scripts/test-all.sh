#!/usr/bin/env bash
# `npm test`: every check there is, in stages, each with its wall time, then the total.
# Typecheck, lint and format run side by side (they only read); the unit and API tests run on
# PGlite, then the API tests again on PostgreSQL when DATABASE_URL is set; one `vite build`
# serves both the bundle budgets and the e2e server (E2E_WEB_ROOT, playwright.config.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

start_all=$(date +%s)
names=()
seconds=()
summary() {
  echo "::: test stage times"
  local i
  for i in "${!names[@]}"; do printf ':::   %-24s %6s s\n' "${names[$i]}" "${seconds[$i]}"; done
  printf ':::   %-24s %6s s\n' total "$(($(date +%s) - start_all))"
}
trap summary EXIT
stage() {
  local name=$1 start
  shift
  start=$(date +%s)
  echo "::: stage ${name}: started $(date -u +%H:%M:%S)"
  "$@"
  names+=("$name")
  seconds+=("$(($(date +%s) - start))")
  echo "::: stage ${name}: ${seconds[-1]} s"
}

static_checks() {
  local pids=() failed=0 pid
  npm run --silent typecheck & pids+=($!)
  npm run --silent lint & pids+=($!)
  npm run --silent format:check & pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  return "$failed"
}

web_root=dist/web

# The JavaScript each route downloads, and what a booking costs PostgreSQL in instructions (on a
# small seed of its own, against scripts/booking-instructions.json; it needs valgrind and a server).
budgets() {
  npx tsx scripts/check-bundle-budgets.ts "$web_root"
  if [ -n "${DATABASE_URL:-}" ] && command -v valgrind >/dev/null 2>&1; then
    npx tsx scripts/count-booking-instructions.ts --seed=small --count=60 --budget
  else
    echo "::: no DATABASE_URL or no valgrind: a booking's instructions were not counted (CI counts them)."
  fi
}

stage typecheck-lint-format static_checks
# Every test file on PGlite (the few that need a PostgreSQL server skip without DATABASE_URL).
stage unit-and-api-pglite env DATABASE_URL= TEST_DATABASES=pglite npx vitest run
if [ -n "${DATABASE_URL:-}" ]; then
  stage api-postgres env TEST_DATABASES=postgres npx vitest run src/server
else
  echo "::: DATABASE_URL is not set: the API tests ran on PGlite only (CI always sets it)."
fi
stage build npx vite build --logLevel warn
stage budgets budgets
stage e2e env E2E_WEB_ROOT="$web_root" npx playwright test
