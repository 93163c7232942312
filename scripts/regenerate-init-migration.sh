#!/usr/bin/env bash
# TEMPORARY, first session only (nothing has landed yet): rebuilds the single initial migration from the schema.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf apps/server/src/db/migrations
npx drizzle-kit generate --config apps/server/drizzle.config.ts --name init
