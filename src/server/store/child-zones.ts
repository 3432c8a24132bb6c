// The zone hosted above a zone (ADR 0030), as the API reports it: the nearest of the customer's
// live zones whose name the zone lies below, and the NS records it holds at the zone's name.
import { sql } from 'kysely';
import type { Db } from './db';
import type { ZoneRow } from './zones';

export interface HostedParent {
  id: string;
  name: string;
  status: string;
  dnssec_enabled: number;
  /** The enabled NS records the parent holds at the child's name (none: the cut is automatic). */
  ns: string[];
  /** NS records of the parent at a name between it and the child delegate the child's name away. */
  delegatedAbove: boolean;
}

/** Every name above `name`, nearest first (`a.b.c` → `b.c`, `c`). */
function namesAbove(name: string): string[] {
  const labels = name.split('.');
  return labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
}

export async function hostedParent(
  db: Db,
  zone: Pick<ZoneRow, 'name' | 'customer_id'>,
): Promise<HostedParent | null> {
  const above = namesAbove(zone.name);
  if (!above.length) return null;
  const parent = await db
    .selectFrom('zones')
    .select(['id', 'name', 'status', 'dnssec_enabled'])
    .where('customer_id', '=', zone.customer_id)
    .where('deleted_at', 'is', null)
    .where('name', 'in', above)
    .orderBy(sql`length(name)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!parent) return null;
  // The child's name and those between it and the parent: NS records at any of them.
  const between = [zone.name, ...above.slice(0, above.indexOf(parent.name))];
  const ns = await db
    .selectFrom('records')
    .select(['name', 'content'])
    .where('zone_id', '=', parent.id)
    .where(
      'name',
      'in',
      between.map((n) => `${n}.`),
    )
    .where('type', '=', 'NS')
    .where('disabled', '=', 0)
    .execute();
  return {
    ...parent,
    ns: ns.filter((r) => r.name === `${zone.name}.`).map((r) => r.content),
    delegatedAbove: ns.some((r) => r.name !== `${zone.name}.`),
  };
}
