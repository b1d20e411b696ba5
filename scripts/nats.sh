#!/usr/bin/env bash
# Makes NATS available for the cluster tests and `npm run cluster`: installs Debian's `nats-server`
# when it is missing (root only). With `--start`, also starts one on 127.0.0.1:4222 with JetStream
# (data under data/nats) unless something already answers there, and prints its URL.
# Idempotent; a laptop with its own NATS can skip this and set NATS_URL instead.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nats-server >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "nats-server is not installed and this is not root: install it or set NATS_URL" >&2
    exit 1
  fi
  echo "Installing Debian's nats-server for the cluster tests" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq nats-server >/dev/null
fi

if [ "${1:-}" = --start ]; then
  if ! (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null; then
    mkdir -p data/nats
    nohup nats-server -a 127.0.0.1 -p 4222 -js -sd data/nats -c scripts/nats.conf >data/nats/server.log 2>&1 &
    for _ in $(seq 1 50); do
      (exec 3<>/dev/tcp/127.0.0.1/4222) 2>/dev/null && break
      sleep 0.1
    done
  fi
  echo "nats://127.0.0.1:4222"
fi
