// Test-only: zones written into a temporary real database and loaded by the ViewStore the
// server uses, so that resolve() can be asked directly; answers summed up as a reader would
// describe them (owner and type per section, the NSEC denials).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCustomer } from '../store/customers';
import { openTestStore } from '../test-support/test-store';
import { createZone } from '../store/zones';
import { seedRecords, type SeedRow } from '../test-support/seed';
import { TYPE, typeName } from './rdata';
import { RCODE, resolve, type Resolution, type Section } from './resolve';
import { ViewStore } from './view-store';

/** Records per zone name: owner relative to the zone ('@' for the apex), type, content. */
export type Zones = Record<string, [owner: string, type: string, content: string][]>;

export interface LoadedZones {
  views: ViewStore;
  ask(name: string, type: string): Resolution;
  close(): Promise<void>;
}

export async function loadZones(zones: Zones, disabled: string[] = []): Promise<LoadedZones> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-resolve-'));
  const store = await openTestStore(dir);
  await ensureCustomer(store.db, 'acme', 'EU_GLOBAL');
  for (const [name, records] of Object.entries(zones)) {
    const zone = await createZone(store, { customerId: 'acme', name, region: 'EU', ttl: 3600 });
    const rows: SeedRow[] = records.map(([owner, type, content]) => ({
      name: owner === '@' ? `${name}.` : `${owner}.${name}.`,
      type,
      content,
    }));
    await seedRecords(store.db, zone.id, rows.length, (i) => rows[i]!);
    if (disabled.includes(name)) {
      const status = { status: 'disabled' };
      await store.db.updateTable('zones').set(status).where('id', '=', zone.id).execute();
    }
  }
  const views = new ViewStore(store.db, {
    NAMESERVERS_EU: ['ns1.eu.zonedeck.example'],
    NAMESERVERS_GLOBAL: ['ns1.global.zonedeck.example'],
  });
  await views.loadAll();
  return {
    views,
    ask: (name, type) => resolve(views, name, TYPE[type]!),
    close: async () => {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const RCODE_NAME = Object.fromEntries(Object.entries(RCODE).map(([k, v]) => [v, k]));
const rrs = (sections: Section[]) =>
  sections.map((s) => `${s.owner} ${typeName(s.rrset.type)}${s.wildcard ? ` <${s.wildcard}` : ''}`);

export interface Summary {
  rcode: string | undefined;
  aa: boolean;
  answer: string[];
  authority: string[];
  additional: string[];
  /** `covers <name>` for a range, `<owner>: <types>` for a name that exists. */
  denials: string[];
}

export function summary(res: Resolution): Summary {
  return {
    rcode: RCODE_NAME[res.rcode],
    aa: res.aa,
    answer: rrs(res.answer),
    authority: rrs(res.authority),
    additional: rrs(res.additional),
    denials: res.denials.map((d) =>
      'covers' in d
        ? `covers ${d.covers}`
        : `${d.owner}: ${d.types.map(typeName).sort().join(' ')}`,
    ),
  };
}

/** An authoritative answer of these `owner TYPE` sections, nothing else. */
export const answer = (...owners: string[]): Summary => ({
  rcode: 'NOERROR',
  aa: true,
  answer: owners,
  authority: [],
  additional: [],
  denials: [],
});

/** NODATA in `zone`: the SOA, and the types that `owner` has ('' for none). */
export const nodata = (zone: string, owner: string, types: string): Summary => ({
  ...answer(),
  authority: [`${zone} SOA`],
  denials: [`${owner}: ${types}`],
});

export const nxdomain = (zone: string, nextCloser: string, wildcard: string): Summary => ({
  ...nodata(zone, '', ''),
  rcode: 'NXDOMAIN',
  denials: [`covers ${nextCloser}`, `covers ${wildcard}`],
});

export const refused: Summary = { ...answer(), rcode: 'REFUSED', aa: false };
