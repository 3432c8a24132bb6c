// A new serial for each zone whose cut of a zone hosted below it changed (ADR 0030): the child
// was created or deleted, switched DNSSEC on or off, or asked for its DS to be removed. The
// parent's transferred form holds the child's NS and DS, and a secondary transfers a zone again
// only when its serial moves.
import type { ZoneEvent } from '../../events';
import { parentOf } from '../names';
import type { ViewStore } from '../view-store';
import type { ChildCut } from '../zone-view';

interface Cut {
  parentId: string;
  /** The NS and DS the parent holds for the child, as text. */
  fingerprint: string;
}

function fingerprintOf(cut: ChildCut): string {
  const hex = (rdatas: readonly Buffer[]) => rdatas.map((r) => r.toString('hex')).join(',');
  return `${cut.ns.ttl}:${hex(cut.ns.rdatas)}:${cut.ds ? `${cut.ds.ttl}:${hex(cut.ds.rdatas)}` : ''}`;
}

export class ChildCutSerials {
  /** Child zone id → the cut its parent holds for it. */
  private readonly cuts = new Map<string, Cut>();

  constructor(
    private readonly views: ViewStore,
    /** Called for each parent zone whose cut of a child changed. */
    private readonly bump: (zoneId: string) => void,
  ) {
    for (const view of views.zones()) {
      const cut = this.cutOf(view.id);
      if (cut) this.cuts.set(view.id, cut);
    }
  }

  /** Takes in one store event, after the view store applied it. */
  onEvent(e: ZoneEvent): void {
    // A zone's records never move its cut in the zone above: its NS there are the service's.
    if (e.kind === 'rrsets') return;
    const before = this.cuts.get(e.zoneId);
    const now = e.kind === 'deleted' ? undefined : this.cutOf(e.zoneId);
    if (now) this.cuts.set(e.zoneId, now);
    else this.cuts.delete(e.zoneId);
    if (before && before.parentId !== now?.parentId) this.bump(before.parentId);
    if (now && (before?.parentId !== now.parentId || before.fingerprint !== now.fingerprint))
      this.bump(now.parentId);
  }

  private cutOf(zoneId: string): Cut | undefined {
    const view = this.views.byZoneId(zoneId);
    if (!view) return undefined;
    const parent = this.views.findZone(parentOf(view.name));
    const cut = parent?.childCut(view.name);
    return parent && cut ? { parentId: parent.id, fingerprint: fingerprintOf(cut) } : undefined;
  }
}
