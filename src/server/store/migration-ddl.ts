// The DDL that differs between SQLite and PostgreSQL, for the one list of migrations.
import {
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
} from 'kysely';
import type { DialectName } from './dialect';

export interface Ddl {
  /**
   * Text compared byte by byte on both: SQLite's BINARY, PostgreSQL's "C" (whatever the
   * database's locale), so that name ranges (zone-claims.ts) and list orders agree with the code.
   */
  text: 'text' | Expression<unknown>;
  /** Integers, 64 bits on PostgreSQL: serials pass 2^31 in 2038, counts over years. */
  int: 'integer' | 'bigint';
  /** The journal's ordering key: SQLite's rowid alias, PostgreSQL's identity column. */
  sequence: 'integer' | 'bigint';
  sequenceColumn(c: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /** Keeps zone_record_counts in step with `records` (migration 0003). */
  recordCountTriggers(db: Kysely<unknown>): Promise<void>;
  /**
   * A table stored in its primary key's order (SQLite's WITHOUT ROWID: a range read of one
   * RRset's days is one seek); PostgreSQL's primary-key index serves the same reads.
   */
  clustered(t: CreateTableBuilder<string, never>): CreateTableBuilder<string, never>;
  /** Deletes an RRset's usage rows with the RRset (migration 0007). */
  rrsetUsageTrigger(db: Kysely<unknown>): Promise<void>;
}

const RRSET_USAGE_GONE = `
  DELETE FROM usage_rrsets_daily
    WHERE zone_id = old.zone_id AND name = old.name AND type = old.type;
  DELETE FROM usage_rrsets_last
    WHERE zone_id = old.zone_id AND name = old.name AND type = old.type;`;

const sqliteDdl: Ddl = {
  text: 'text',
  int: 'integer',
  sequence: 'integer',
  sequenceColumn: (c) => c,
  clustered: (t) => t.modifyEnd(sql`without rowid`),
  async rrsetUsageTrigger(db) {
    await sql`CREATE TRIGGER rrsets_usage_gone AFTER DELETE ON rrsets BEGIN ${sql.raw(RRSET_USAGE_GONE)} END`.execute(
      db,
    );
  },
  async recordCountTriggers(db) {
    await sql`create trigger records_count_insert after insert on records begin
        insert into zone_record_counts (zone_id, records) values (new.zone_id, 1)
          on conflict (zone_id) do update set records = records + 1;
      end`.execute(db);
    await sql`create trigger records_count_delete after delete on records begin
        update zone_record_counts set records = records - 1 where zone_id = old.zone_id;
      end`.execute(db);
    await sql`create trigger zones_count_delete after delete on zones begin
        delete from zone_record_counts where zone_id = old.id;
      end`.execute(db);
  },
};

const postgresDdl: Ddl = {
  text: sql`text collate "C"`,
  int: 'bigint',
  sequence: 'bigint',
  sequenceColumn: (c) => c.generatedByDefaultAsIdentity(),
  clustered: (t) => t,
  async rrsetUsageTrigger(db) {
    await sql`create function rrsets_usage_gone() returns trigger language plpgsql as $$
      begin ${sql.raw(RRSET_USAGE_GONE)}
        return null;
      end $$`.execute(db);
    await sql`create trigger rrsets_usage_gone after delete on rrsets
      for each row execute function rrsets_usage_gone()`.execute(db);
  },
  async recordCountTriggers(db) {
    await sql`create function records_count_insert() returns trigger language plpgsql as $$
      begin
        insert into zone_record_counts (zone_id, records) values (new.zone_id, 1)
          on conflict (zone_id) do update set records = zone_record_counts.records + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger records_count_insert after insert on records
      for each row execute function records_count_insert()`.execute(db);
    await sql`create function records_count_delete() returns trigger language plpgsql as $$
      begin
        update zone_record_counts set records = records - 1 where zone_id = old.zone_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger records_count_delete after delete on records
      for each row execute function records_count_delete()`.execute(db);
    await sql`create function zones_count_delete() returns trigger language plpgsql as $$
      begin
        delete from zone_record_counts where zone_id = old.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger zones_count_delete after delete on zones
      for each row execute function zones_count_delete()`.execute(db);
  },
};

export function ddlFor(dialect: DialectName): Ddl {
  return dialect === 'postgres' ? postgresDdl : sqliteDdl;
}
