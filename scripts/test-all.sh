#!/usr/bin/env bash
# The one test command (npm test): lint, typecheck, build, unit + integration (real PostgreSQL and
# Redis), then end-to-end in Chromium against the production build. Fails loudly, never skips.
set -euo pipefail
cd "$(dirname "$0")/.."

node scripts/check-services.mjs
npm run lint
# The typecheck runs beside the build and the first Vitest files: the integration files leave part of a core
# waiting on their servers, which the typecheck uses. Its verdict is awaited before the end-to-end suite.
npm run typecheck > .typecheck.log 2>&1 &
typecheck=$!
npm run build
npx vitest run
if ! wait "$typecheck"; then
  cat .typecheck.log
  echo "npm test: the typecheck failed (above)" >&2
  exit 1
fi
cat .typecheck.log
npx playwright test
