#!/usr/bin/env bash
# Makes a local PostgreSQL ≥ 15 ready for the tests and benches: installs Debian's `postgresql` when
# it is missing (root only), starts the cluster when it is down, and creates the role `exchange`
# (password `exchange`, may create databases). Prints the URL the test set-up uses by default.
# Idempotent; a laptop with its own PostgreSQL can skip this and set TEST_DATABASE_URL instead.
set -euo pipefail

ROLE=exchange
PASSWORD=exchange

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    echo "PostgreSQL is not installed and this is not root: install it or set TEST_DATABASE_URL" >&2
    exit 1
  fi
  echo "Installing Debian's postgresql for the PostgreSQL test suite"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

# The newest cluster on the machine (Debian 12: 15 main).
read -r VERSION CLUSTER PORT STATUS _ < <(pg_lsclusters --no-header | sort -V | tail -n 1)
if [ -z "${VERSION:-}" ]; then
  echo "no PostgreSQL cluster found (pg_createcluster 15 main)" >&2
  exit 1
fi
if [ "$STATUS" != online ]; then
  pg_ctlcluster "$VERSION" "$CLUSTER" start
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}
for _ in $(seq 1 50); do
  as_postgres pg_isready -q -p "$PORT" && break
  sleep 0.2
done
as_postgres psql -q -p "$PORT" -v ON_ERROR_STOP=1 <<SQL
do \$\$ begin
  if not exists (select from pg_roles where rolname = '$ROLE') then
    create role $ROLE login createdb password '$PASSWORD';
  end if;
end \$\$;
-- The tests drop their databases WITH (FORCE), which must end any session still on them.
grant pg_signal_backend to $ROLE;
SQL
echo "postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/postgres"
