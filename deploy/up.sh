#!/usr/bin/env bash
# Starts the two-instance set-up (README, "Two instances"): one webhook delivery worker
# (`npm run worker`), BP_INSTANCES application instances (`npm start`: server/main.mjs, production,
# their in-process worker off) and nginx in front of them, on the given ports. Nothing needs root:
# pid files, logs and nginx's temporary files live in BP_RUN_DIR. Stop it with deploy/down.sh.
#
# Needs: a production build (`npm run build`), nginx (Debian: apt-get install -y nginx), a
# PostgreSQL database (DATABASE_URL) and Redis (REDIS_URL). Settings come from the environment and,
# when given, BP_ENV_FILE (KEY=VALUE lines; see deploy/env.example):
#   BP_PROXY_PORT     the proxy's port                        (default 8080)
#   BP_PROXY_HOST     the proxy's address                     (default 127.0.0.1)
#   BP_APP_PORTS      the instances' ports, space-separated   (default "3001 3002")
#   BP_WORKER_METRICS_PORT  the worker's GET /api/metrics port (WORKER_METRICS_PORT; default: none)
#   BP_RUN_DIR        pid files, logs, nginx.conf              (default ${TMPDIR:-/tmp}/bp-deploy-<proxy port>)
#   BP_START_TIMEOUT  seconds to wait for every part           (default 120)
#   NGINX_BIN         the nginx binary                         (default: nginx on PATH, else /usr/sbin/nginx)
# plus the application's own variables (README, "Configuration"); these are set here:
#   WEBHOOK_WORKER=false on the instances, TRUSTED_PROXIES (default 127.0.0.1: the proxy's address
#   as the instances see it), HOSTNAME=127.0.0.1 (instances reachable only on this host),
#   NEXTAUTH_URL (default http://<proxy host>:<proxy port>, the public URL).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

if [[ -n ${BP_ENV_FILE:-} ]]; then
  [[ -f $BP_ENV_FILE ]] || { echo "BP_ENV_FILE=$BP_ENV_FILE: no such file" >&2; exit 2; }
  set -a
  # shellcheck disable=SC1090
  source "$BP_ENV_FILE"
  set +a
fi

BP_PROXY_PORT=${BP_PROXY_PORT:-8080}
BP_PROXY_HOST=${BP_PROXY_HOST:-127.0.0.1}
BP_APP_PORTS=${BP_APP_PORTS:-3001 3002}
BP_RUN_DIR=${BP_RUN_DIR:-${TMPDIR:-/tmp}/bp-deploy-$BP_PROXY_PORT}
BP_START_TIMEOUT=${BP_START_TIMEOUT:-120}
NGINX_BIN=${NGINX_BIN:-$(command -v nginx || echo /usr/sbin/nginx)}

export NEXTAUTH_URL=${NEXTAUTH_URL:-http://$BP_PROXY_HOST:$BP_PROXY_PORT}
export TRUSTED_PROXIES=${TRUSTED_PROXIES:-127.0.0.1}
export HOSTNAME=${BP_APP_HOST:-127.0.0.1}
export NODE_ENV=production

fail() { echo "deploy/up.sh: $*" >&2; exit 1; }

[[ -f $ROOT/.next/BUILD_ID ]] || fail "no production build in .next: run npm run build first"
[[ -x $NGINX_BIN ]] || fail "no nginx at $NGINX_BIN: apt-get install -y nginx (or set NGINX_BIN)"
[[ -n ${DATABASE_URL:-} ]] || fail "DATABASE_URL is required: every instance and the worker share one PostgreSQL database"
[[ -n ${REDIS_URL:-} ]] || fail "REDIS_URL is required: the instances share rate limits through Redis"
if [[ -f $BP_RUN_DIR/pids ]] && grep -q . "$BP_RUN_DIR/pids"; then
  fail "$BP_RUN_DIR/pids exists: the set-up may be running; deploy/down.sh first (BP_RUN_DIR=$BP_RUN_DIR)"
fi
mkdir -p "$BP_RUN_DIR/tmp"
: > "$BP_RUN_DIR/pids"

# every process started here is recorded (name pid), so down.sh stops exactly these
record() { echo "$1 $2" >> "$BP_RUN_DIR/pids"; }

cleanup_on_failure() {
  local status=$?
  if [[ $status != 0 ]]; then
    echo "deploy/up.sh: start-up failed; stopping what was started (logs in $BP_RUN_DIR)" >&2
    BP_RUN_DIR=$BP_RUN_DIR "$ROOT/deploy/down.sh" >&2 || true
  fi
}
trap cleanup_on_failure EXIT

# wait_until NAME PID WHAT COMMAND...: until COMMAND succeeds; fails when the process PID (if given)
# has exited, or after BP_START_TIMEOUT seconds saying NAME did not WHAT
wait_until() {
  local name=$1 pid=$2 what=$3
  shift 3
  local deadline=$((SECONDS + BP_START_TIMEOUT))
  until "$@"; do
    if [[ -n $pid ]] && ! kill -0 "$pid" 2>/dev/null; then fail "$name exited during start-up; see $BP_RUN_DIR/$name.log"; fi
    ((SECONDS < deadline)) || fail "$name did not $what within ${BP_START_TIMEOUT}s; see $BP_RUN_DIR/$name.log"
    sleep 0.3
  done
}

answers() { curl -fsS -o /dev/null --max-time 2 "$1" 2>/dev/null; }

wait_http() {
  local url=$1 name=$2 pid=${3:-}
  wait_until "$name" "$pid" "answer $url" answers "$url"
}

# 1. the migrations, once, before anything serves (every process would take the advisory lock and
#    find nothing to do; doing it first keeps the instances' start-up short)
node --import tsx scripts/db-migrate.ts > "$BP_RUN_DIR/migrate.log" 2>&1 || fail "migrations failed; see $BP_RUN_DIR/migrate.log"

# 2. the delivery worker: webhook deliveries, retention sweeps, reconciliation
WORKER_METRICS_PORT=${BP_WORKER_METRICS_PORT:-} nohup node --import tsx scripts/worker.ts > "$BP_RUN_DIR/worker.log" 2>&1 < /dev/null &
record worker $!
worker_pid=$!

# 3. the application instances, without their in-process worker
upstreams=''
i=0
for port in $BP_APP_PORTS; do
  i=$((i + 1))
  PORT=$port WEBHOOK_WORKER=false nohup node server/main.mjs > "$BP_RUN_DIR/app-$i.log" 2>&1 < /dev/null &
  record "app-$i" $!
  upstreams+="        server $HOSTNAME:$port max_fails=1 fail_timeout=5s;"$'\n'
done

# 4. nginx, rendered from the template into the run directory
sed -e "s#__RUN_DIR__#$BP_RUN_DIR#g" -e "s#__LISTEN__#$BP_PROXY_HOST:$BP_PROXY_PORT#g" deploy/nginx.conf.template |
  awk -v ups="$upstreams" '{ if ($0 == "__UPSTREAMS__") printf "%s", ups; else print }' > "$BP_RUN_DIR/nginx.conf"
nginx_args=(-p "$BP_RUN_DIR" -c "$BP_RUN_DIR/nginx.conf" -e "$BP_RUN_DIR/nginx-error.log")
"$NGINX_BIN" -t -q "${nginx_args[@]}" || fail "nginx refused $BP_RUN_DIR/nginx.conf"

i=0
for port in $BP_APP_PORTS; do
  i=$((i + 1))
  wait_http "http://$HOSTNAME:$port/api/health" "app-$i" "$(awk -v n="app-$i" '$1 == n { print $2 }' "$BP_RUN_DIR/pids")"
done
# the worker is up once it says so (its banner, after its queue, maintenance and AML monitoring have
# started): an instance can be ready before it, and "running" below must hold for every process
wait_until worker "$worker_pid" start grep -q '^webhook worker started' "$BP_RUN_DIR/worker.log"

"$NGINX_BIN" "${nginx_args[@]}" < /dev/null >> "$BP_RUN_DIR/nginx-error.log" 2>&1
for _ in $(seq 1 50); do [[ -s $BP_RUN_DIR/nginx.pid ]] && break; sleep 0.1; done
record nginx "$(cat "$BP_RUN_DIR/nginx.pid")"
wait_http "http://$BP_PROXY_HOST:$BP_PROXY_PORT/api/health" nginx

cat <<INFO
two-instance set-up running (stop: BP_RUN_DIR=$BP_RUN_DIR deploy/down.sh)
  proxy:     http://$BP_PROXY_HOST:$BP_PROXY_PORT  (nginx, $BP_RUN_DIR/nginx.conf)
  instances: $(for p in $BP_APP_PORTS; do printf 'http://%s:%s ' "$HOSTNAME" "$p"; done)
  worker:    pid $worker_pid${BP_WORKER_METRICS_PORT:+, metrics http://127.0.0.1:$BP_WORKER_METRICS_PORT/api/metrics}
  run dir:   $BP_RUN_DIR (pids, *.log)
INFO
