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
  const ns = await db
    .selectFrom('records')
    .select('content')
    .where('zone_id', '=', parent.id)
    .where('name', '=', `${zone.name}.`)
    .where('type', '=', 'NS')
    .where('disabled', '=', 0)
    .execute();
  return { ...parent, ns: ns.map((r) => r.content) };
}
