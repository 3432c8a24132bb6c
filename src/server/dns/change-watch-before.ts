// What the server answered for a change's names just before the change is applied (ADR 0018):
// asked of the zone's view itself, so the watch's "before" is the server's own answer, never a
// guess. Runs while the change's event is announced, before the view applies it.
import type { UsageOutcome } from '../../shared/api/usage';
import { WATCH_NAMES_MAX } from '../../shared/api/usage-watch';
import type { RRsetChange } from '../events';
import { asciiLower, bare, isAtOrBelow } from './names';
import { TYPE, typeName } from './rdata';
import { resolve, type ZoneFinder } from './resolve';
import { outcomeOf } from './usage-outcome';
import type { ZoneView } from './zone-view';

/** A type of the private-use range no record holds: what "any other type" got. */
const PROBE_TYPE = 65_280;

export interface Before {
  /** Query types (their names, as usage counts them) answered before. */
  readonly answered: ReadonlySet<string>;
  /** Every type was answered (a CNAME or a wildcard CNAME covers the name). */
  readonly everyType: boolean;
  /** What a type not in `answered` got. */
  readonly other: UsageOutcome;
}

/**
 * The names a change touched that are worth watching, at most WATCH_NAMES_MAX: names whose RRset
 * the change emptied come first (they are the ones that can stop answering), then the others, in
 * the order the change lists them. Wildcard owners are left out: nobody asks for `*` itself.
 */
export function namesToWatch(zone: ZoneView, rrsets: readonly RRsetChange[]) {
  const emptied: string[] = [];
  const others: string[] = [];
  const seen = new Set<string>();
  for (const r of rrsets) {
    const name = asciiLower(bare(r.name));
    if (seen.has(name) || name.startsWith('*.') || !isAtOrBelow(name, zone.name)) continue;
    seen.add(name);
    (r.rows.some((v) => !v.disabled) ? others : emptied).push(name);
  }
  const names = [...emptied, ...others].slice(0, WATCH_NAMES_MAX);
  return { names, total: seen.size };
}

/**
 * What each name got before the change: every type the name holds or the change touches, and A
 * and AAAA (an ALIAS answers those), is asked of the view as a query would be; one more query of
 * a type nobody holds says what every other type got.
 */
export function answersBefore(
  views: ZoneFinder,
  zone: ZoneView,
  name: string,
  changedTypes: Iterable<string>,
): Before {
  const candidates = new Set<number>([TYPE.A!, TYPE.AAAA!]);
  for (const t of zone.typesAt(name)) candidates.add(t);
  for (const t of changedTypes) if (TYPE[t] !== undefined) candidates.add(TYPE[t]);
  const answered = new Set<string>();
  for (const t of candidates)
    if (outcomeOf(resolve(views, name, t)) === 'answer') answered.add(typeName(t));
  const other = outcomeOf(resolve(views, name, PROBE_TYPE));
  return { answered, everyType: other === 'answer', other };
}

/** The types the change touched at each name. */
export function changedTypesByName(rrsets: readonly RRsetChange[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of rrsets) {
    const name = asciiLower(bare(r.name));
    let list = out.get(name);
    if (!list) out.set(name, (list = []));
    list.push(r.type);
  }
  return out;
}
