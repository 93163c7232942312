#!/bin/sh
# compose.yaml's primary, first start only (docker-entrypoint-initdb.d): the app's role and database, the standby's
# replication role and slot. Each statement commits locally: the standby does not exist yet, and with
# synchronous_standby_names set a commit would otherwise wait for it.
set -eu
psql -v ON_ERROR_STOP=1 --username postgres --dbname postgres \
  -v app_password="$PRSP_DB_PASSWORD" -v replication_password="$REPLICATION_PASSWORD" <<'SQL'
SET synchronous_commit = local;
CREATE ROLE prsp LOGIN PASSWORD :'app_password';
CREATE DATABASE prsp OWNER prsp;
CREATE ROLE replicator REPLICATION LOGIN PASSWORD :'replication_password';
SELECT pg_create_physical_replication_slot('standby1');
SQL
psql -v ON_ERROR_STOP=1 --username postgres --dbname prsp -c 'SET synchronous_commit = local' -c 'CREATE EXTENSION IF NOT EXISTS btree_gist'
