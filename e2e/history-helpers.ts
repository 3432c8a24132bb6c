// Helpers of the History specs: a zone with a small, varied history made through the API (records
// created and edited, a value disabled, the zone's TTL changed), and the History tab opened.
import { expect, type Page } from '@playwright/test';
import { server, signInWithLink } from './fixtures';
import { newZone, recordsApi, recordsKey, type ApiRecord } from './records-helpers';

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: { Authorization: `Bearer ${await recordsKey()}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as { data: unknown };
}

/** A zone whose newest change is an edit of `www A`, with a later-edit conflict on `api A`. */
export async function zoneWithHistory(label: string) {
  const zone = await newZone(label);
  const www = await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.10' });
  await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.11' });
  await recordsApi.create(zone.id, {
    name: '@',
    type: 'MX',
    content: '10 mail.example.net.',
    comment: 'Primary mail',
  });
  await recordsApi.create(zone.id, {
    name: '@',
    type: 'TXT',
    content: '"v=spf1 include:_spf.example.net ~all"',
  });
  await call('PUT', `/v1/zones/${zone.id}`, { ttl: 7200 });
  const api = await recordsApi.create(zone.id, { name: 'api', type: 'A', content: '192.0.2.20' });
  await recordsApi.create(zone.id, { name: 'api', type: 'A', content: '192.0.2.21' });
  const { data } = await call('PUT', `/v1/zones/${zone.id}/records/${www.id}`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.12',
    ttl: 600,
    disabled: true,
  });
  return { zone, www: (data as { record: ApiRecord }).record, api };
}

export async function openHistory(page: Page, zoneId: string) {
  await signInWithLink(page, await recordsKey(), `/zones/${zoneId}/history`);
  await expect(page.getByRole('list', { name: 'Changes, newest first' })).toBeVisible({
    timeout: 20_000,
  });
}

export function changeItems(page: Page) {
  return page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
}
