// The DNSSEC panel with the real client and parsers; `fetch` plays a service holding one zone.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerFetch, errorBody, renderApp } from '../../test/render';
import { testZone } from '../../test/zone';
import type { DsAnswer } from '../../../shared/api/usage-dnssec';
import { DnssecPage } from './dnssec-page';

const D256 = 'A1'.repeat(32);
const D384 = 'B2'.repeat(48);
const key = {
  id: 'key_1',
  keytype: 'csk',
  active: true,
  published: true,
  algorithm: 'ECDSAP256SHA256',
  bits: 256,
  flags: 257,
  keytag: 2371,
  dnskey:
    '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
  ds: [`2371 13 2 ${D256}`, `2371 13 4 ${D384}`],
};

/** A fake service: DNSSEC state that PATCH changes; keys and DS follow it. */
const REMOVAL_SINCE = '2026-11-20T10:00:00.000Z';

type ParentZone = NonNullable<DsAnswer['parent_zone']>;

function service(opts: { enabled: boolean; patchStatus?: number; parent?: ParentZone }) {
  let enabled = opts.enabled;
  let removal: string | null = null;
  const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });
  const status = () => ({
    zone_id: 'zone_1',
    enabled,
    algorithm: enabled ? 'ECDSAP256SHA256' : null,
    key_count: enabled ? 1 : 0,
    ds_removal_requested_at: removal,
  });
  return answerFetch(({ method, url, body }) => {
    if (url.endsWith('/dnssec/status') && method === 'PATCH') {
      if (opts.patchStatus === 403) {
        return {
          status: 403,
          body: errorBody('insufficient_scope', 'x', { required: ['zones:write'] }),
        };
      }
      const b = body as { enabled?: boolean; ds_removal?: boolean };
      if (b.enabled !== undefined) enabled = b.enabled;
      if (!enabled) removal = null;
      if (b.ds_removal !== undefined) removal = b.ds_removal ? REMOVAL_SINCE : null;
      return ok(status());
    }
    if (url.endsWith('/dnssec/status')) return ok(status());
    if (url.endsWith('/dnssec/cryptokeys')) return ok({ cryptokeys: enabled ? [key] : [] });
    if (url.endsWith('/dnssec/ds')) {
      const cds = removal ? '0 0 0 00' : key.ds[0];
      return ok({
        ds_records: enabled ? key.ds : [],
        cds_records: enabled ? [cds] : [],
        cdnskey_records: enabled ? [removal ? '0 3 0 AA==' : key.dnskey] : [],
        parent_zone: opts.parent
          ? { ...opts.parent, holds_ds: opts.parent.holds_ds && enabled && !removal }
          : null,
      });
    }
    return ok(
      testZone({
        id: 'zone_1',
        dnssec_enabled: enabled,
        settings: { dnssec_enabled: enabled },
      }),
    );
  });
}

function renderPage() {
  renderApp(<DnssecPage />, { path: '/zones/:zoneId/dnssec', url: '/zones/zone_1/dnssec' });
  return userEvent.setup();
}

describe('DNSSEC panel', () => {
  it('shows one card per DS record, each field on its own line with names', async () => {
    service({ enabled: true });
    renderPage();
    const card = await screen.findByRole('region', { name: 'DS record · SHA-256' });
    expect(within(card).getByText('Recommended')).toBeVisible();
    expect(within(card).getByText(`2371 13 2 ${D256}`)).toBeVisible();
    expect(within(card).getByText(`example.com. IN DS 2371 13 2 ${D256}`)).toBeVisible();
    const fields = within(card)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(fields).toEqual(['2371', '13ECDSAP256SHA256', '2SHA-256', D256]);
    expect(screen.getByRole('region', { name: 'DS record · SHA-384' })).toHaveTextContent(D384);
    const keys = await screen.findByRole('region', { name: 'Signing keys' });
    expect(within(keys).getAllByRole('row')[1]).toHaveTextContent(
      /CSK.*13 \(ECDSAP256SHA256\).*256.*2371.*Yes.*Yes/,
    );
    expect(within(keys).getByText(key.dnskey)).toBeVisible();
  });

  it('turns DNSSEC on with PATCH {enabled: true}, then shows the new DS records', async () => {
    const fetch = service({ enabled: false });
    const user = renderPage();
    expect(await screen.findByRole('heading', { name: 'No keys, no DS records' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn on DNSSEC' }));
    expect(await screen.findByRole('region', { name: 'DS record · SHA-256' })).toBeVisible();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ enabled: true });
  });

  it('turning off asks first, says what happens, and then empties the panel', async () => {
    const fetch = service({ enabled: true });
    const user = renderPage();
    await screen.findByRole('region', { name: 'DS record · SHA-256' });
    await user.click(screen.getByRole('button', { name: 'Turn off DNSSEC' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off DNSSEC for example.com?' });
    expect(dialog).toHaveTextContent('The signing keys are deleted');
    expect(dialog).toHaveTextContent('Remove the DS record at your registrar first');
    expect(dialog).toHaveTextContent('validating resolvers reject the unsigned answers');
    expect(dialog).toHaveTextContent('new key and a new DS record');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete keys and turn off' }));
    expect(await screen.findByRole('heading', { name: 'DNSSEC is off' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: /^DS record/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Signing keys' })).toBeNull();
  });

  it('Cancel keeps DNSSEC on and sends nothing', async () => {
    const fetch = service({ enabled: true });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn off DNSSEC' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'DNSSEC is on' })).toBeVisible();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('a key without zones:write is told which scope switching needs', async () => {
    service({ enabled: false, patchStatus: 403 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn on DNSSEC' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This needs the zones:write scope');
    expect(screen.getByRole('heading', { name: 'DNSSEC is off' })).toBeVisible();
  });

  it('shows the CDS, and asking the parent to remove the DS keeps DNSSEC on', async () => {
    const fetch = service({ enabled: true });
    const user = renderPage();
    const card = await screen.findByRole('region', { name: 'Automatic DS updates (CDS)' });
    expect(within(card).getByText(`2371 13 2 ${D256}`)).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Ask the parent to remove the DS' }));
    expect(await within(card).findByText('Removal requested')).toBeVisible();
    expect(card).toHaveTextContent('The zone stays signed meanwhile');
    // Nothing on the page asks to add the DS now.
    expect(
      screen.getByRole('heading', { name: 'DS records the parent may still hold' }),
    ).toBeVisible();
    expect(screen.queryByText(/Add one DS record, the SHA-256 one/)).toBeNull();
    expect(
      screen.getByText(/The zone asks its parent to remove the DS record: once it is gone/),
    ).toBeVisible();
    expect(card).toHaveTextContent('dig +short DS example.com');
    expect(screen.getByRole('heading', { name: 'DNSSEC is on' })).toBeVisible();
    const patches = fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { ds_removal: true },
    ]);

    // The turn-off dialog says since when the parent has been asked.
    await user.click(screen.getByRole('button', { name: 'Turn off DNSSEC' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off DNSSEC for example.com?' });
    expect(dialog).toHaveTextContent('This zone has asked its parent to remove the DS since');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(
      within(card).getByRole('button', { name: 'Stop asking (publish the key’s CDS again)' }),
    );
    expect(await within(card).findByText(`2371 13 2 ${D256}`)).toBeVisible();
    expect(within(card).queryByText('Removal requested')).toBeNull();
  });

  describe('a parent zone hosted here too (ADR 0030)', () => {
    const parent: ParentZone = {
      zone_id: 'zone_parent',
      name: 'com.example',
      holds_ds: true,
      delegated_elsewhere: false,
      enabled: true,
      signed: true,
    };

    it('says the parent publishes the DS, and asks nothing of a registrar', async () => {
      service({ enabled: true, parent });
      renderPage();
      expect(
        await screen.findByRole('heading', { name: 'DS record published by com.example' }),
      ).toBeVisible();
      expect(
        screen.getByText(/publishes this DS itself, so there is nothing to give a registrar/),
      ).toBeVisible();
      expect(screen.queryByText(/Add one DS record, the SHA-256 one/)).toBeNull();
      expect(screen.getByText(/com\.example is signed: once its own DS/)).toBeVisible();
      expect(
        screen.getByText(
          /com\.example, hosted here too, publishes this zone’s DS record: resolvers that trust com\.example validate/,
        ),
      ).toBeVisible();
      const links = screen.getAllByRole('link', { name: 'com.example (DNSSEC)' });
      expect(links[0]).toHaveAttribute('href', '/zones/zone_parent/dnssec');
      // The DS itself stays on show.
      expect(screen.getByRole('region', { name: 'DS record · SHA-256' })).toBeVisible();
    });

    it('warns when the parent is not signed', async () => {
      service({ enabled: true, parent: { ...parent, signed: false } });
      renderPage();
      await waitFor(() => expect(screen.getByText('com.example is not signed')).toBeVisible());
      // The status line claims no validation the unsigned parent cannot give.
      expect(
        screen.getByText(/resolvers validate the answers once com\.example is signed too/),
      ).toBeVisible();
      expect(screen.queryByText(/resolvers that trust com\.example validate/)).toBeNull();
    });

    it('says when the parent’s NS records send the zone elsewhere, with the registrar steps', async () => {
      service({
        enabled: true,
        parent: { ...parent, holds_ds: false, delegated_elsewhere: true },
      });
      renderPage();
      expect(
        await screen.findByText(
          'com.example is hosted here, but sends example.com to other nameservers',
        ),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'com.example (records)' })).toHaveAttribute(
        'href',
        '/zones/zone_parent/records',
      );
      expect(screen.getByRole('heading', { name: 'DS records for your registrar' })).toBeVisible();
    });

    it('says the hosted parent withdrew the DS when removal is asked', async () => {
      service({ enabled: true, parent });
      const user = renderPage();
      const card = await screen.findByRole('region', { name: 'Automatic DS updates (CDS)' });
      await user.click(
        within(card).getByRole('button', { name: 'Ask the parent to remove the DS' }),
      );
      expect(
        await screen.findByText(/hosted here, withdrew this zone’s DS as soon as it was asked/),
      ).toBeVisible();
      expect(card).toHaveTextContent('com.example, hosted here, no longer lists a DS record');
      await user.click(screen.getByRole('button', { name: 'Turn off DNSSEC' }));
      const dialog = screen.getByRole('dialog', { name: 'Turn off DNSSEC for example.com?' });
      expect(dialog).toHaveTextContent(
        'com.example, hosted here, withdrew the DS when this zone asked',
      );
      expect(dialog).not.toHaveTextContent('at your registrar');
    });
  });
});
