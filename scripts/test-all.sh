#!/usr/bin/env bash
# The one test command (npm test): lint, typecheck, build, unit + integration (real PostgreSQL and
# Redis) beside end-to-end in Chromium against the production build. Fails loudly, never skips.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-services.mjs
npm run lint
# The typecheck and the build side by side: each keeps about one core busy.
npm run typecheck &
typecheck=$!
npm run build
wait "$typecheck"
# Unit + integration and end-to-end side by side: each spends much of its time waiting (on PostgreSQL, the
# servers, the browser), so together they keep both cores busy (docs/decisions/037). Each line says whose it is;
# both always run to the end, and either failing fails the command.
npx vitest run 2>&1 | sed -u 's/^/[vitest] /' &
vitest=$!
npx playwright test 2>&1 | sed -u 's/^/[e2e] /' &
e2e=$!
status=0
wait "$vitest" || status=1
wait "$e2e" || status=1
exit "$status"
