// Which names a customer may host: a zone may not sit inside, or around, a live zone of another
// customer, or that customer could answer (and break DNSSEC for) names it does not own. Checked
// inside the write that creates the zone, so two concurrent creates cannot both pass.
import type { Trx } from './group-commit';
import { reversedName } from './migrations';

export interface ZoneOverlap {
  /** The other customer's zone. */
  name: string;
  /** Where it is: the new zone would be inside it, or around it. */
  relation: 'ancestor' | 'descendant';
}

/** Every proper ancestor of `name` that could be a zone (two labels or more). */
function ancestorsOf(name: string): string[] {
  const out: string[] = [];
  for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) {
    const parent = name.slice(dot + 1);
    if (parent.includes('.')) out.push(parent);
  }
  return out;
}

/** A live zone of another customer that `name` would overlap, if any (the closest first). */
export async function findOverlap(
  trx: Trx,
  customerId: string,
  name: string,
): Promise<ZoneOverlap | undefined> {
  const ancestors = ancestorsOf(name);
  if (ancestors.length) {
    const above = await trx
      .selectFrom('zones')
      .select('name')
      .where('name', 'in', ancestors)
      .where('deleted_at', 'is', null)
      .where('customer_id', '!=', customerId)
      .orderBy('rname', 'desc')
      .executeTakeFirst();
    if (above) return { name: above.name, relation: 'ancestor' };
  }
  // Below `name`: reversed names that start with its reversed name ("com.example." then "/",
  // the character after ".", bounds the range).
  const prefix = reversedName(name);
  const below = await trx
    .selectFrom('zones')
    .select('name')
    .where('rname', '>', prefix)
    .where('rname', '<', `${prefix.slice(0, -1)}/`)
    .where('deleted_at', 'is', null)
    .where('customer_id', '!=', customerId)
    .orderBy('rname')
    .executeTakeFirst();
  return below ? { name: below.name, relation: 'descendant' } : undefined;
}

export async function countLiveZones(trx: Trx, customerId: string): Promise<number> {
  const r = await trx
    .selectFrom('zones')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
