#!/bin/sh
# compose.yaml's standby: the first start copies the primary (pg_basebackup, which also writes standby.signal and
# primary_conninfo); every start then runs PostgreSQL as a hot standby, read-only until promoted
# (`docker compose exec db-standby psql -U postgres -c 'SELECT pg_promote()'`).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h db-primary -U replicator -q; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h db-primary -U replicator -D "$PGDATA" -X stream -S standby1 -R
  chmod 700 "$PGDATA"
fi
exec postgres -c config_file=/etc/postgresql/standby.conf -c hba_file=/etc/postgresql/pg_hba.conf
