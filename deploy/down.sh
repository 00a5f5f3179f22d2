#!/usr/bin/env bash
# Stops what deploy/up.sh started (the pids it recorded in BP_RUN_DIR/pids, nothing else): nginx
# first (no new requests), then the instances and the worker with SIGTERM (in-flight requests and
# deliveries finish), SIGKILL after BP_STOP_TIMEOUT seconds (default 15).
set -uo pipefail

BP_PROXY_PORT=${BP_PROXY_PORT:-8080}
BP_RUN_DIR=${BP_RUN_DIR:-${TMPDIR:-/tmp}/bp-deploy-$BP_PROXY_PORT}
BP_STOP_TIMEOUT=${BP_STOP_TIMEOUT:-15}
PIDS=$BP_RUN_DIR/pids

if [[ ! -f $PIDS ]]; then
  echo "nothing to stop: no $PIDS"
  exit 0
fi

stop() {
  local name=$1 pid=$2
  kill -0 "$pid" 2>/dev/null || { echo "$name (pid $pid): not running"; return; }
  kill -TERM "$pid" 2>/dev/null
  local deadline=$((SECONDS + BP_STOP_TIMEOUT))
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
  if kill -0 "$pid" 2>/dev/null; then
    kill -KILL "$pid" 2>/dev/null
    echo "$name (pid $pid): killed after ${BP_STOP_TIMEOUT}s"
  else
    echo "$name (pid $pid): stopped"
  fi
}

# nginx first, then everything else in parallel
while read -r name pid; do [[ $name == nginx ]] && stop "$name" "$pid"; done < "$PIDS"
while read -r name pid; do [[ $name != nginx && -n $name ]] && stop "$name" "$pid" & done < "$PIDS"
wait
rm -f "$PIDS"
