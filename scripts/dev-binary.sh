#!/usr/bin/env bash
# Builds a private copy of bin/tramita (web app included) from the working tree
# into /tmp/tramita-NAME/bin/tramita, without touching web/dist or bin/ here, so
# several people (or agents) can run end-to-end tests against their own build
# of a shared tree:
#   scripts/dev-binary.sh NAME && TRAMITA_E2E_BINARY=/tmp/tramita-NAME/bin/tramita npx playwright test ...
set -euo pipefail
name=${1:?usage: scripts/dev-binary.sh NAME}
root=$(cd "$(dirname "$0")/.." && pwd)
out=/tmp/tramita-$name
rm -rf "$out" && mkdir -p "$out"
tar -C "$root" --exclude=./.git --exclude=./bin --exclude=./data --exclude=./tools \
  --exclude=node_modules --exclude=./web/dist --exclude=test-results -cf - . | tar -C "$out" -xf -
ln -sfn "$root/web/node_modules" "$out/web/node_modules"
# The binary looks for the embedded PostgreSQL next to itself (tools/postgres).
ln -sfn "$root/tools" "$out/tools"
mkdir -p "$out/web/dist" && touch "$out/web/dist/.gitkeep"
# Type-check what `npm run build` checks (its tsc -b covers the tests too), without the incremental
# build info, which lives in the shared node_modules and would mix this copy with the tree's; then bundle.
(cd "$out/web" && npx tsc -p tsconfig.app.json --noEmit --incremental false && npx tsc -p tsconfig.node.json --noEmit --incremental false && npx vite build --logLevel error)
(cd "$out" && go build -trimpath -o bin/tramita ./cmd/tramita)
echo "$out/bin/tramita"
