// Schema migrations, applied in order at start. Never edit a landed migration: add one.
// One list for both databases; where their DDL differs (column types, the journal's sequence,
// triggers) the migration asks `d`, the dialect's forms (ADR 0019).
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from './dialect';
import { ddlFor, type Ddl } from './migration-ddl';

const migrationsFor = (d: Ddl): Record<string, Migration> => ({
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('customers')
        .addColumn('id', d.text, (c) => c.primaryKey())
        .addColumn('default_region', d.text, (c) => c.notNull())
        .addColumn('created_at', d.text, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', d.text, (c) => c.primaryKey())
        .addColumn('customer_id', d.text, (c) => c.notNull().references('customers.id'))
        .addColumn('key_hash', d.text, (c) => c.notNull().unique())
        .addColumn('scopes', d.text, (c) => c.notNull())
        .addColumn('label', d.text)
        .addColumn('created_at', d.text, (c) => c.notNull())
        .addColumn('revoked_at', d.text)
        .execute();

      await db.schema
        .createTable('zones')
        .addColumn('id', d.text, (c) => c.primaryKey())
        .addColumn('customer_id', d.text, (c) => c.notNull().references('customers.id'))
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('type', d.text, (c) => c.notNull())
        .addColumn('region', d.text, (c) => c.notNull())
        .addColumn('ttl', d.int, (c) => c.notNull())
        .addColumn('status', d.text, (c) => c.notNull())
        .addColumn('dnssec_enabled', d.int, (c) => c.notNull().defaultTo(0))
        .addColumn('serial', d.int, (c) => c.notNull())
        .addColumn('created_at', d.text, (c) => c.notNull())
        .addColumn('updated_at', d.text, (c) => c.notNull())
        .addColumn('deleted_at', d.text)
        .execute();
      // A name is hosted once in the whole service, deleted zones excepted.
      await db.schema
        .createIndex('zones_live_name')
        .on('zones')
        .column('name')
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('zones_customer_name')
        .on('zones')
        .columns(['customer_id', 'name'])
        .execute();

      await db.schema
        .createTable('rrsets')
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('type', d.text, (c) => c.notNull())
        .addColumn('ttl', d.int, (c) => c.notNull())
        .addColumn('comment', d.text)
        .addPrimaryKeyConstraint('rrsets_pk', ['zone_id', 'name', 'type'])
        .execute();

      await db.schema
        .createTable('records')
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('id', d.text, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('type', d.text, (c) => c.notNull())
        .addColumn('content', d.text, (c) => c.notNull())
        .addColumn('disabled', d.int, (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', d.text, (c) => c.notNull())
        .addColumn('updated_at', d.text, (c) => c.notNull())
        .addPrimaryKeyConstraint('records_pk', ['zone_id', 'id'])
        .execute();
      // The list order (name, type, content) served straight from an index.
      await db.schema
        .createIndex('records_order')
        .on('records')
        .columns(['zone_id', 'name', 'type', 'content'])
        .unique()
        .execute();

      await db.schema
        .createTable('dnssec_keys')
        .addColumn('id', d.text, (c) => c.primaryKey())
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('flags', d.int, (c) => c.notNull())
        .addColumn('algorithm', d.int, (c) => c.notNull())
        .addColumn('keytag', d.int, (c) => c.notNull())
        .addColumn('public_key', d.text, (c) => c.notNull())
        .addColumn('private_key', d.text, (c) => c.notNull())
        .addColumn('active', d.int, (c) => c.notNull())
        .addColumn('published', d.int, (c) => c.notNull())
        .addColumn('created_at', d.text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('dnssec_keys_zone').on('dnssec_keys').column('zone_id').execute();

      await db.schema
        .createTable('usage_daily')
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('day', d.text, (c) => c.notNull())
        .addColumn('qtype', d.text, (c) => c.notNull())
        .addColumn('count', d.int, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_daily_pk', ['zone_id', 'day', 'qtype'])
        .execute();

      await db.schema
        .createTable('meta')
        .addColumn('key', d.text, (c) => c.primaryKey())
        .addColumn('value', d.text, (c) => c.notNull())
        .execute();
    },
  },
  // Zone names with their labels reversed ("com.example." for example.com), so that the zones
  // below a name are one index range: a zone of one customer may not sit inside another's.
  '0002_zone_reversed_names': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('zones').addColumn('rname', d.text).execute();
      const rows = await sql<{ id: string; name: string }>`select id, name from zones`.execute(db);
      for (const { id, name } of rows.rows) {
        await sql`update zones set rname = ${reversedName(name)} where id = ${id}`.execute(db);
      }
      await db.schema
        .createIndex('zones_live_rname')
        .on('zones')
        .column('rname')
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
    },
  },
  // Records per zone, for the quota: counting a 100,000-record zone on every create took 17 ms,
  // ten times the create itself. Triggers keep the count in step with every write of `records`
  // (the API, seeds, the purge), inside the writing transaction, so it is never off by a race.
  '0003_zone_record_counts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('zone_record_counts')
        .addColumn('zone_id', d.text, (c) => c.primaryKey())
        .addColumn('records', d.int, (c) => c.notNull())
        .execute();
      await sql`insert into zone_record_counts (zone_id, records)
        select zone_id, count(*) from records group by zone_id`.execute(db);
      await d.recordCountTriggers(db);
    },
  },
  // The change journal (ADR 0011): one row per write of a zone, and per RRset it touched the
  // state before and after (JSON). seq orders the history; deleting a change drops its RRsets.
  '0004_change_journal': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('changes')
        .addColumn('seq', d.sequence, (c) => d.sequenceColumn(c.primaryKey()))
        .addColumn('id', d.text, (c) => c.notNull().unique())
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('created_at', d.text, (c) => c.notNull())
        .addColumn('kind', d.text, (c) => c.notNull())
        .addColumn('actor_key_id', d.text)
        .addColumn('actor_label', d.text)
        .addColumn('summary', d.text, (c) => c.notNull())
        .addColumn('serial', d.int, (c) => c.notNull())
        .addColumn('added', d.int, (c) => c.notNull())
        .addColumn('changed', d.int, (c) => c.notNull())
        .addColumn('removed', d.int, (c) => c.notNull())
        .addColumn('reverts', d.text)
        .addColumn('revertible', d.int, (c) => c.notNull())
        .addColumn('settings', d.text, (c) => c.notNull())
        // The RRset diff, one JSON array on the change's own row: a journaled write adds one row
        // to one table (and its two indexes), which keeps single writes within the create budget.
        .addColumn('rrsets', d.text, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('changes_zone_seq')
        .on('changes')
        .columns(['zone_id', 'seq'])
        .execute();
    },
  },
  // Usage by UTC hour, query type and outcome (ADR 0015), kept 35 days; and per day by
  // outcome, beside usage_daily (per day by type), kept for years. Days counted before this
  // migration have types but no outcomes: they were not recorded.
  '0005_usage_hourly_outcomes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_hourly')
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('hour', d.text, (c) => c.notNull())
        .addColumn('qtype', d.text, (c) => c.notNull())
        .addColumn('outcome', d.text, (c) => c.notNull())
        .addColumn('count', d.int, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_hourly_pk', ['zone_id', 'hour', 'qtype', 'outcome'])
        .execute();
      // The hourly prune deletes by hour and day across zones: a scan would hold the (single)
      // thread that also answers DNS.
      await db.schema.createIndex('usage_hourly_hour').on('usage_hourly').column('hour').execute();
      await db.schema.createIndex('usage_daily_day').on('usage_daily').column('day').execute();
      await db.schema
        .createTable('usage_daily_outcomes')
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('day', d.text, (c) => c.notNull())
        .addColumn('outcome', d.text, (c) => c.notNull())
        .addColumn('count', d.int, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_daily_outcomes_pk', ['zone_id', 'day', 'outcome'])
        .execute();
      await db.schema
        .createIndex('usage_daily_outcomes_day')
        .on('usage_daily_outcomes')
        .column('day')
        .execute();
    },
  },
  // The top names asked and that got NXDOMAIN per zone and UTC day: each day's space-saving
  // sketch (ADR 0016), a bounded number of slots, with each name's over-count bound.
  '0006_usage_top_names': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_top_names')
        .addColumn('day', d.text, (c) => c.notNull())
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('kind', d.text, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('count', d.int, (c) => c.notNull())
        .addColumn('error', d.int, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_top_names_pk', ['zone_id', 'day', 'kind', 'name'])
        .execute();
      await db.schema
        .createIndex('usage_top_names_day')
        .on('usage_top_names')
        .column('day')
        .execute();
    },
  },
  // Queries per RRset and UTC day (kept 35 days) and each RRset's last query (kept while the
  // RRset lives), ADR 0017. Rows of an RRset go with it: a trigger on rrsets deletes them, so
  // every path that drops an RRset (record delete, batch, revert, import, zone purge) is covered.
  '0007_usage_rrsets': {
    async up(db: Kysely<unknown>) {
      await d
        .clustered(
          db.schema
            .createTable('usage_rrsets_daily')
            .addColumn('zone_id', d.text, (c) => c.notNull())
            .addColumn('name', d.text, (c) => c.notNull())
            .addColumn('type', d.text, (c) => c.notNull())
            .addColumn('day', d.text, (c) => c.notNull())
            .addColumn('count', d.int, (c) => c.notNull())
            .addPrimaryKeyConstraint('usage_rrsets_daily_pk', ['zone_id', 'name', 'type', 'day']),
        )
        .execute();
      await db.schema
        .createIndex('usage_rrsets_daily_day')
        .on('usage_rrsets_daily')
        .column('day')
        .execute();
      await d
        .clustered(
          db.schema
            .createTable('usage_rrsets_last')
            .addColumn('zone_id', d.text, (c) => c.notNull())
            .addColumn('name', d.text, (c) => c.notNull())
            .addColumn('type', d.text, (c) => c.notNull())
            .addColumn('last_queried_at', d.text, (c) => c.notNull())
            .addPrimaryKeyConstraint('usage_rrsets_last_pk', ['zone_id', 'name', 'type']),
        )
        .execute();
      await d.rrsetUsageTrigger(db);
    },
  },
  // Top names per node (ADR 0021): several nodes on one PostgreSQL each write their own day's
  // sketches, which reads merge; a single node is the node '' and keeps its rows.
  '0008_top_names_per_node': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_top_names_nodes')
        .addColumn('day', d.text, (c) => c.notNull())
        .addColumn('zone_id', d.text, (c) => c.notNull())
        .addColumn('kind', d.text, (c) => c.notNull())
        .addColumn('node', d.text, (c) => c.notNull())
        .addColumn('name', d.text, (c) => c.notNull())
        .addColumn('count', d.int, (c) => c.notNull())
        .addColumn('error', d.int, (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_top_names_nodes_pk', [
          'zone_id',
          'day',
          'kind',
          'node',
          'name',
        ])
        .execute();
      await sql`insert into usage_top_names_nodes (day, zone_id, kind, node, name, count, error)
        select day, zone_id, kind, '', name, count, error from usage_top_names`.execute(db);
      await db.schema.dropTable('usage_top_names').execute();
      await db.schema.alterTable('usage_top_names_nodes').renameTo('usage_top_names').execute();
      await db.schema
        .createIndex('usage_top_names_node_day')
        .on('usage_top_names')
        .column('day')
        .execute();
    },
  },
  // RFC 8078's delete signal (ADR 0029): while set, the signed zone's CDS and CDNSKEY ask the
  // parent to remove its DS, ahead of DNSSEC being turned off.
  '0009_dnssec_ds_removal': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('zones').addColumn('dnssec_ds_removal_at', d.text).execute();
    },
  },
  // Zones with a live zone of the same account below them transfer its cut from now on (ADR
  // 0030): a new serial, so that their secondaries take them again.
  '0010_hosted_child_cuts': { up: bumpParentsOfHostedZones },
});

/** One more serial for each live zone with a live zone of its own account below it. */
export async function bumpParentsOfHostedZones(db: Kysely<unknown>): Promise<void> {
  // Below a zone: the reversed names between its own and the same with "/" (after ".").
  await sql`update zones set serial = serial + 1
    where deleted_at is null and exists (
      select 1 from zones c
      where c.customer_id = zones.customer_id and c.deleted_at is null
        and c.rname > zones.rname
        and c.rname < substr(zones.rname, 1, length(zones.rname) - 1) || '/')`.execute(db);
}

/** "shop.example.com" → "com.example.shop.": a zone's subtree is the range of its prefix. */
export function reversedName(name: string): string {
  return `${name.split('.').reverse().join('.')}.`;
}

export function migrationProvider(dialect: DialectName): MigrationProvider {
  return { getMigrations: () => Promise.resolve(migrationsFor(ddlFor(dialect))) };
}
