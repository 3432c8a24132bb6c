// Helpers of the records specs: a customer of their own (so that their zones stay out of the
// default account's zone list, which other specs page through), records through the API (one by
// one or in batches), and the records page opened signed in.
import { expect, type Locator, type Page } from '@playwright/test';
import { api, createKey, server, signInWithLink, uniqueZoneName, type ApiZone } from './fixtures';

let keyPromise: Promise<string> | undefined;
/** One key per worker, of a customer only the records specs use. */
export function recordsKey(): Promise<string> {
  const customer = `records-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  keyPromise ??= createKey(customer, 'all').then((k) => k.key);
  return keyPromise;
}

export interface ApiRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  disabled: boolean;
  comment: string | null;
}

/** One API request with the records key; the JSON body and status, whatever the status. */
export async function callApi(method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      Authorization: `Bearer ${await recordsKey()}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: unknown } };
}

export const recordsApi = {
  async create(zoneId: string, record: Record<string, unknown>): Promise<ApiRecord> {
    const r = await callApi('POST', `/v1/zones/${zoneId}/records`, record);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return (r.body.data as { record: ApiRecord }).record;
  },
  async list(zoneId: string): Promise<ApiRecord[]> {
    const r = await callApi('GET', `/v1/zones/${zoneId}/records?limit=1000`);
    expect(r.status).toBe(200);
    return (r.body.data as { records: ApiRecord[] }).records;
  },
  async get(zoneId: string, id: string) {
    return callApi('GET', `/v1/zones/${zoneId}/records/${id}`);
  },
  /**
   * Creates `records` through the batch route, 1,000 to a request: one request per record took
   * a third of a 5,000-record spec's time on an idle machine and all of it on a loaded one.
   */
  async seed(zoneId: string, records: Array<Record<string, unknown>>) {
    for (let i = 0; i < records.length; i += 1000) {
      const operations = records.slice(i, i + 1000).map((r) => ({ op: 'create', ...r }));
      const r = await callApi('POST', `/v1/zones/${zoneId}/records/batch`, { operations });
      if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    }
  },
};

export async function newZone(label: string): Promise<ApiZone> {
  return api(await recordsKey()).createZone(uniqueZoneName(label));
}

/** Opens the records page of a zone and waits until the list (or its empty state) is there. */
export async function openRecords(page: Page, zoneId: string) {
  await signInWithLink(page, await recordsKey(), `/zones/${zoneId}/records`);
  await recordsListed(page);
}

/** Waits until the records page shows its list or its empty state (the "n" key waits for it). */
async function recordsListed(page: Page) {
  // Generous: another worker may be seeding thousands of records into the same server.
  await expect(
    page.getByRole('table', { name: /Records/ }).or(page.getByText('No records yet')),
  ).toBeVisible({ timeout: 20_000 });
}

/** The <tbody> of one RRset, by relative name and type ("www A"). */
export function rrset(page: Page, label: string): Locator {
  return page.locator(`tbody.rrset[data-rrset="${label}"]`);
}

/**
 * Opens the new-record dialog with the `n` key, once the records page has its list: the key is
 * live only from then (a press while the page still loads opens nothing, as CI once saw).
 */
export async function openNewRecord(page: Page): Promise<Locator> {
  await recordsListed(page);
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New record' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Counts the record writes the page sends (to prove a client-side error stopped one). */
export function countWrites(page: Page): () => number {
  let n = 0;
  page.on('request', (req) => {
    if (req.method() !== 'GET' && req.url().includes('/records')) n++;
  });
  return () => n;
}
