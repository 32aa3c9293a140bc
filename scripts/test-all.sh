#!/usr/bin/env bash
# The one test command (npm test): lint, typecheck, build, unit + integration (real PostgreSQL and
# Redis), then end-to-end in Chromium against the production build. Fails loudly, never skips.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-services.mjs
npm run lint
# The typecheck and the build side by side: each keeps about one core busy.
npm run typecheck &
typecheck=$!
npm run build
wait "$typecheck"
npx vitest run
npx playwright test
