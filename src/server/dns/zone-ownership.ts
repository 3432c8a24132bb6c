// Which zone answers when zones of different customers overlap (one inside the other). The API
// refuses such zones now, but a database may hold some from before: of each pair the zone
// created first is served and the other withheld, so that no customer's records answer for a
// name below another customer's zone, and the pairs are reported for the operator.
import { parentOf } from './names';
import type { ZoneView } from './zone-view';

/** Two zones of different customers, one inside the other; the later one is not served. */
export interface OwnershipConflict {
  served: { name: string; customerId: string };
  withheld: { name: string; customerId: string };
}

interface Owner {
  customerId: string;
  createdAt: string;
}

export class ZoneOwnership {
  private readonly owners = new Map<string, Owner>();
  /** Ids of zones never answered from. */
  private withheld = new Set<string>();
  private conflictList: OwnershipConflict[] = [];
  /** For each name, how many zones lie below it: a new zone with none needs no full check. */
  private readonly zonesBelow = new Map<string, number>();

  constructor(private readonly byName: ReadonlyMap<string, ZoneView>) {}

  get conflicts(): readonly OwnershipConflict[] {
    return this.conflictList;
  }

  isWithheld(zoneId: string): boolean {
    return this.withheld.size > 0 && this.withheld.has(zoneId);
  }

  /** Whether any zone loaded lies strictly below `name` (served or withheld). */
  anyBelow(name: string): boolean {
    return this.zonesBelow.has(name);
  }

  /** Records a zone new to the view; true when it may overlap another, see `check`. */
  add(view: ZoneView, owner: Owner): boolean {
    this.owners.set(view.id, owner);
    const below = this.zonesBelow.has(view.name);
    let foreignAbove = false;
    for (let n = parentOf(view.name); n; n = parentOf(n)) {
      this.zonesBelow.set(n, (this.zonesBelow.get(n) ?? 0) + 1);
      const z = this.byName.get(n);
      if (z && this.owners.get(z.id)?.customerId !== owner.customerId) foreignAbove = true;
    }
    return below || foreignAbove;
  }

  /** Forgets a zone that left the view; true when a withheld zone may now be served. */
  remove(view: ZoneView): boolean {
    this.owners.delete(view.id);
    for (let n = parentOf(view.name); n; n = parentOf(n)) {
      const count = (this.zonesBelow.get(n) ?? 0) - 1;
      if (count > 0) this.zonesBelow.set(n, count);
      else this.zonesBelow.delete(n);
    }
    return this.withheld.size > 0;
  }

  /**
   * Decides which zones are served, oldest first: a zone inside or around a zone of another
   * customer that is already served is withheld (a withheld zone withholds nothing). Linear in
   * zones × labels, after a sort.
   */
  check(): void {
    const zones = [...this.byName.values()]
      .map((view) => ({ view, owner: this.owners.get(view.id)! }))
      .filter((z) => z.owner)
      .sort((a, b) =>
        a.owner.createdAt === b.owner.createdAt
          ? a.view.id < b.view.id
            ? -1
            : 1
          : a.owner.createdAt < b.owner.createdAt
            ? -1
            : 1,
      );
    /** Served zone name → its customer; and name → (customer → a served zone below it). */
    const served = new Map<string, string>();
    const servedBelow = new Map<string, Map<string, string>>();
    const withheld = new Set<string>();
    const conflicts: OwnershipConflict[] = [];
    for (const { view, owner } of zones) {
      const other = this.foreignServed(view.name, owner.customerId, served, servedBelow);
      if (other) {
        withheld.add(view.id);
        conflicts.push({
          served: { name: other, customerId: served.get(other)! },
          withheld: { name: view.name, customerId: owner.customerId },
        });
        continue;
      }
      served.set(view.name, owner.customerId);
      for (let n = parentOf(view.name); n; n = parentOf(n)) {
        let below = servedBelow.get(n);
        if (!below) servedBelow.set(n, (below = new Map()));
        if (!below.has(owner.customerId)) below.set(owner.customerId, view.name);
      }
    }
    this.withheld = withheld;
    this.conflictList = conflicts;
  }

  /** A served zone of another customer above or below `name`. */
  private foreignServed(
    name: string,
    customerId: string,
    served: ReadonlyMap<string, string>,
    servedBelow: ReadonlyMap<string, ReadonlyMap<string, string>>,
  ): string | undefined {
    for (let n = parentOf(name); n; n = parentOf(n)) {
      const c = served.get(n);
      if (c !== undefined && c !== customerId) return n;
    }
    for (const [c, zone] of servedBelow.get(name) ?? []) if (c !== customerId) return zone;
    return undefined;
  }
}
