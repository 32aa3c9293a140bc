#!/usr/bin/env bash
# Starts one production-build server for the Playwright suite, on its own fresh PostgreSQL
# database and its own fresh DATA_DIR (the outbox of system mail is read by the tests).
#
#   tests/e2e/start-server.sh PORT DATABASE [SESSION_TTL_MINUTES] [--no-admin]
#
# With --no-admin no ADMIN_EMAIL is given, so the database starts without users and /setup is open.
set -euo pipefail
cd "$(dirname "$0")/../.."

PORT="${1:?usage: start-server.sh PORT DATABASE [SESSION_TTL_MINUTES] [--no-admin]}"
DATABASE="${2:?usage: start-server.sh PORT DATABASE [SESSION_TTL_MINUTES] [--no-admin]}"
TTL="${3:-1440}"
WITH_ADMIN=1
[[ "${4:-}" == "--no-admin" ]] && WITH_ADMIN=0

if [[ ! -f build/server/index.js || ! -f build/bin/server.js || ! -d build/client ]]; then
  echo "start-server.sh: build/ is missing. Run 'npm run build' before 'npx playwright test'." >&2
  exit 1
fi
if ! [[ "$DATABASE" =~ ^[a-z_][a-z0-9_]*$ ]]; then
  echo "start-server.sh: database name '$DATABASE' must be a plain lower-case identifier" >&2
  exit 1
fi

PGHOST="${E2E_PGHOST:-127.0.0.1}"
PGPORT="${E2E_PGPORT:-5432}"
PGUSER="${E2E_PGUSER:-postgres}"
PGOPTIONS="-c client_min_messages=warning" psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -d postgres -v ON_ERROR_STOP=1 -q \
  -c "DROP DATABASE IF EXISTS \"$DATABASE\" WITH (FORCE)" \
  -c "CREATE DATABASE \"$DATABASE\""

ROOT="$(pwd)"
DATA_DIR="/tmp/np-e2e/$PORT"
rm -rf "$DATA_DIR"
mkdir -p "$DATA_DIR"

# The server runs from a copy of the build taken now, so a rebuild during the run (another terminal,
# another test command) cannot swap the assets under it. It reads build/ and drizzle/ relative to its working
# directory, and package.json says its files are ES modules; node_modules is shared.
RUNTIME="$DATA_DIR/runtime"
mkdir -p "$RUNTIME"
cp -R build drizzle package.json "$RUNTIME/"
ln -s "$ROOT/node_modules" "$RUNTIME/node_modules"
if [[ ! -f "$RUNTIME/build/server/index.js" || ! -f "$RUNTIME/build/bin/server.js" ||
  -z "$(ls -A "$RUNTIME/build/client/assets" 2>/dev/null)" ]]; then
  echo "start-server.sh: build/ is incomplete (is a build running right now?). Run 'npm run build' again." >&2
  exit 1
fi

export NODE_ENV=production
export PORT
export HOST=127.0.0.1
export APP_URL="http://localhost:$PORT"
export DATA_DIR
export DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$DATABASE"
export SESSION_TTL_MINUTES="$TTL"
export SESSION_SECRET="e2e-session-secret-0123456789abcdef0123456789"
export ENCRYPTION_KEY="0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
export LOG_LEVEL=warn
# Jobs run in-process and rate limits are counted in memory: nothing is shared with other runs.
unset REDIS_URL SMTP_URL ALLOW_SIGNUP
# email.spec.ts points a store's SMTP settings at a sink on 127.0.0.1, which the app refuses otherwise.
export ALLOW_PRIVATE_NETWORK_TARGETS=true
# Every spec subscribes from 127.0.0.1: the default 20 per minute per IP is a storefront limit, not a test one.
export SUBSCRIBE_LIMIT_PER_IP=1000
# The same for popup views: three workers in parallel open storefront pages faster than a shopper does.
export IMPRESSION_LIMIT_PER_IP=10000
# campaigns.spec.ts holds a campaign's messages to pause it: they are tried again in seconds, not half a minute.
export CAMPAIGN_RETRY_SECONDS=2
if [[ "$WITH_ADMIN" == 1 ]]; then
  export ADMIN_EMAIL="${E2E_ADMIN_EMAIL:-admin@e2e.test}"
  export ADMIN_PASSWORD="${E2E_ADMIN_PASSWORD:-admin-password-1}"
  export ADMIN_ORGANIZATION="E2E Shop"
else
  unset ADMIN_EMAIL ADMIN_PASSWORD
fi

cd "$RUNTIME"
# npm start: the bundled server, no TypeScript to transpile.
exec node build/bin/server.js
