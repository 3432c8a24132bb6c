// The Overview's Secondaries card on the shared e2e server, which has no DNS_NOTIFY targets: the
// empty state says who configures secondaries, and the page stays accessible with it.
import { expectAccessible } from './axe';
import { api, expect, signInWithLink, test, uniqueZoneName } from './fixtures';

test('without secondaries the Overview says the operator configures them', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('secondaries'));
  const answered: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith(`/v1/zones/${zone.id}/secondaries`)) answered.push(r.status());
  });
  await signInWithLink(page, undefined, `/zones/${zone.id}`);
  const card = page.getByRole('region', { name: 'Secondaries' });
  await expect(card.getByRole('heading', { name: 'No secondaries configured' })).toBeVisible();
  await expect(card).toContainText(
    /Only the operator of this service can add secondaries.*DNS_NOTIFY/,
  );
  await expect(card).toContainText('docs/secondaries.md');
  await expect(card).toContainText('Queries answered by secondaries are not counted in Usage.');
  await expect(card.getByRole('button', { name: 'Send NOTIFY' })).toHaveCount(0);
  expect(answered).toContain(200);
  await expectAccessible(page, 'overview without secondaries');
});
