// Statements built once (PostgreSQL's hot path, issue 16). Kysely builds a statement's tree and
// compiles it to text on every call: about a tenth of a node's CPU per record create, in a CPU
// profile of a node under bench:nodes' create load (ADR 0031). A statement whose shape never
// depends on its values is built here once per dialect, with markers in place of the values,
// and then only its parameters are filled in: the same text each time, which prepared.ts then
// names once per connection.
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { dialectOf, type DialectName } from './dialect';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** A value that stands for the argument `name` while the statement is built. */
const marker = (name: string) => `\u0000zonedeck-template-${name}\u0000`;

interface Slot {
  arg: string;
}

export class StatementTemplate<Row, Name extends string> {
  /** Per dialect: the text differs (PostgreSQL's $1, SQLite's ?). */
  private readonly built = new Map<DialectName, { sql: string; slots: Slot[] }>();

  /**
   * `build` gets a marker string for each argument and must build the same statement whatever
   * the values: no branch on them, each passed as a value (never written into the text).
   */
  constructor(
    private readonly names: readonly Name[],
    private readonly build: (db: Db, args: Record<Name, string>) => Compilable,
  ) {}

  /** Runs the statement in `db` with `args` as its parameters. */
  run(db: Db, args: Record<Name, unknown>): Promise<QueryResult<Row>> {
    const dialect = dialectOf(db);
    let built = this.built.get(dialect);
    if (!built) this.built.set(dialect, (built = this.compile(db)));
    const parameters = built.slots.map((s) => {
      const value = args[s.arg as Name];
      // A name left out would be sent as NULL: a mistake, never a value.
      if (value === undefined) throw new Error(`statement template: no value for ${s.arg}`);
      return value;
    });
    return db.executeQuery<Row>(CompiledQuery.raw(built.sql, parameters));
  }

  private compile(db: Db): { sql: string; slots: Slot[] } {
    const markers = Object.fromEntries(this.names.map((n) => [n, marker(n)])) as Record<
      Name,
      string
    >;
    const byMarker = new Map<unknown, string>(this.names.map((n) => [markers[n], n]));
    const compiled = this.build(db, markers).compile();
    const slots = compiled.parameters.map((p): Slot => {
      const arg = byMarker.get(p);
      // A value of the build's own (Date.now() in a helper) would be kept for every call.
      if (arg === undefined)
        throw new Error(`statement template: a parameter is not an argument (${String(p)})`);
      return { arg };
    });
    const used = new Set(slots.map((s) => s.arg));
    const lost = this.names.find((n) => !used.has(n) || compiled.sql.includes(markers[n]));
    if (lost !== undefined)
      throw new Error(
        `statement template: the argument ${lost} is not a parameter of its statement`,
      );
    return { sql: compiled.sql, slots };
  }
}
