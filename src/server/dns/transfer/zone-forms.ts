// The transferred forms of the zones secondaries take, kept between transfers, and the
// differences between successive forms, from which IXFR (RFC 1995) is answered where the journal
// cannot: a signed zone (its signatures and NSEC chain are in no journal) and a zone with ALIAS
// records (their addresses come from other zones). The differences live in memory: after a
// restart, a secondary's serial is unknown here and it gets an AXFR.
import type { ZoneFinder } from '../resolve';
import type { ZoneView } from '../zone-view';
import { serialNewer } from './ixfr';
import { splitRecords } from './wire';
import { buildForm, sameKey, type FormEntry, type ZoneForm } from './zone-form';

/** How one form became the next: the records to delete and to add, between their SOAs. */
export interface FormDiff {
  fromSoa: Buffer;
  toSoa: Buffer;
  from: number;
  to: number;
  deleted: Buffer[];
  added: Buffer[];
}

/** Differences kept per zone: this many at most, and no more records than a form holds. */
const MAX_DIFFS = 64;

export class ZoneForms {
  private readonly forms = new Map<string, { view: ZoneView; form: ZoneForm }>();
  private readonly building = new Map<string, Promise<ZoneForm>>();
  private readonly diffs = new Map<string, FormDiff[]>();

  constructor(private readonly views: ZoneFinder) {}

  /** The zone's form as its view is now; made only when the view changed since the last one. */
  async current(zone: ZoneView): Promise<ZoneForm> {
    for (;;) {
      const have = this.forms.get(zone.id);
      if (
        have?.view === zone &&
        have.form.version === zone.version &&
        sameKey(have.form.key, zone.key)
      )
        return have.form;
      const pending = this.building.get(zone.id);
      if (pending) {
        await pending.catch(() => undefined);
        continue;
      }
      const made = this.build(zone, have?.form ?? null);
      this.building.set(zone.id, made);
      try {
        return await made;
      } finally {
        this.building.delete(zone.id);
      }
    }
  }

  /** The differences from `serial` to `form`, oldest first; null when they are not all here. */
  since(form: ZoneForm, serial: number): FormDiff[] | null {
    const list = this.diffs.get(form.zoneId) ?? [];
    const start = list.findIndex((d) => d.from === serial);
    if (start < 0) return null;
    const chain = list.slice(start);
    const last = chain[chain.length - 1]!;
    return last.to === form.serial ? chain : null;
  }

  /** Forgets a zone that was deleted. */
  drop(zoneId: string): void {
    this.forms.delete(zoneId);
    this.diffs.delete(zoneId);
  }

  private async build(zone: ZoneView, prev: ZoneForm | null): Promise<ZoneForm> {
    const form = await buildForm(this.views, zone, prev);
    this.forms.set(zone.id, { view: zone, form });
    if (prev && prev.serial !== form.serial) this.remember(prev, form);
    // The content moved under the same serial (another zone's change, whose new serial for this
    // one is still on its way: ALIAS targets, a hosted child's cut): the differences kept would
    // leave it out, so the next IXFR is answered whole.
    else if (prev && prev.version !== form.version) this.diffs.delete(zone.id);
    return form;
  }

  private remember(prev: ZoneForm, form: ZoneForm): void {
    let list = this.diffs.get(form.zoneId) ?? [];
    // A serial that went back (a zone made again under the same id cannot, but be safe) or a
    // difference as large as the zone (new signatures everywhere): AXFR is the better answer.
    const resigned = prev.window !== form.window || !sameKey(prev.key, form.key);
    const diff = serialNewer(form.serial, prev.serial) && !resigned ? formDiff(prev, form) : null;
    if (!diff || diff.deleted.length + diff.added.length > form.count) list = [];
    else list.push(diff);
    let records = list.reduce((n, d) => n + d.deleted.length + d.added.length, 0);
    while (list.length > MAX_DIFFS || (list.length && records > form.count)) {
      const old = list.shift()!;
      records -= old.deleted.length + old.added.length;
    }
    this.diffs.set(form.zoneId, list);
  }
}

/** What changed from form `a` to form `b`, record by record. */
export function formDiff(a: ZoneForm, b: ZoneForm): FormDiff {
  const deleted: Buffer[] = [];
  const added: Buffer[] = [];
  for (const [name, entry] of b.entries) {
    const old = a.entries.get(name);
    if (old !== entry) entryDiff(old, entry, deleted, added);
  }
  for (const [name, old] of a.entries) {
    if (!b.entries.has(name)) deleted.push(...splitRecords(old.wire));
  }
  if (a.soaSig) deleted.push(a.soaSig);
  if (b.soaSig) added.push(b.soaSig);
  return { fromSoa: a.soa, toSoa: b.soa, from: a.serial, to: b.serial, deleted, added };
}

function entryDiff(old: FormEntry | undefined, now: FormEntry, deleted: Buffer[], added: Buffer[]) {
  const before = old ? splitRecords(old.wire) : [];
  const after = splitRecords(now.wire);
  const kept = new Set(after.map((r) => r.toString('latin1')));
  const had = new Set<string>();
  for (const r of before) {
    const k = r.toString('latin1');
    had.add(k);
    if (!kept.has(k)) deleted.push(r);
  }
  for (const r of after) if (!had.has(r.toString('latin1'))) added.push(r);
}
