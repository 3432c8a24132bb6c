// The create-zone form: shared rules checked beside each field before submit, and the service's
// errors put on the field they concern (or above the form for a missing scope).
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, errorBody, renderApp, type FetchHandler } from '../../test/render';
import { testZone } from '../../test/zone';
import { CreateZoneForm } from './create-zone-form';

const zone = testZone({ id: 'zone_abc123' });

beforeEach(() => {
  // jsdom lays nothing out: the virtualised error list gets a box to draw its items in.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  Element.prototype.scrollIntoView = vi.fn();
});

function setup(
  handler: FetchHandler = () => ({ status: 201, body: { status: 'success', data: zone } }),
) {
  const fetch = answerFetch(handler);
  const onCreated = vi.fn();
  renderApp(<CreateZoneForm onCreated={onCreated} cancel={null} />);
  const user = userEvent.setup();
  const name = screen.getByLabelText('Name');
  const ttl = screen.getByLabelText('TTL');
  const submit = screen.getByRole('button', { name: 'Create zone' });
  return { fetch, onCreated, user, name, ttl, submit };
}

/** The error text tied to a control through aria-describedby. */
function describedError(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((el) => el?.classList.contains('field-error'))
    .map((el) => el!.textContent)
    .join(' ');
}

describe('create zone form: validation before submit', () => {
  it('shows a bad name beside the field as soon as the field is left', async () => {
    const { user, name, fetch } = setup();
    await user.type(name, 'not a domain');
    await user.tab();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(describedError(name)).toMatch(/Zone name "not a domain" is invalid/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['299', /at least 300 seconds/],
    ['86401', /at most 86400 seconds/],
    ['3600.5', /whole number of seconds/],
    ['', /whole number of seconds/],
  ])('TTL %j is refused beside the field', async (value, message) => {
    const { user, ttl } = setup();
    await user.clear(ttl);
    if (value) await user.type(ttl, value);
    await user.tab();
    expect(ttl).toHaveAttribute('aria-invalid', 'true');
    expect(describedError(ttl)).toMatch(message);
  });

  it.each(['300', '86400'])('TTL %s (a bound) is accepted', async (value) => {
    const { user, ttl } = setup();
    await user.clear(ttl);
    await user.type(ttl, value);
    await user.tab();
    expect(ttl).not.toHaveAttribute('aria-invalid');
    expect(describedError(ttl)).toBe('');
  });

  it('does not send an invalid form, and focuses the first invalid field', async () => {
    const { user, name, submit, fetch } = setup();
    await user.click(submit);
    await waitFor(() => expect(name).toHaveFocus());
    expect(describedError(name)).toMatch(/must not be empty/);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the normalised name, and no region for "Account default"', async () => {
    const { user, name, submit, fetch, onCreated } = setup();
    await user.type(name, 'Example.COM.');
    await user.click(submit);
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: zone.id })),
    );
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/v1/zones');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'example.com', ttl: 3600 });
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer zd_test');
  });

  it('sends the chosen region', async () => {
    const { user, name, submit, fetch } = setup();
    await user.type(name, 'example.com');
    await user.click(screen.getByRole('radio', { name: 'GLOBAL' }));
    await user.click(submit);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ region: 'GLOBAL' });
  });
});

describe('create zone form: errors from the service', () => {
  it('zone_already_exists (details.field name) lands beside Name, focused', async () => {
    const msg =
      'The zone example.com is already hosted here; pick another name or delete the existing zone first.';
    const { user, name, submit } = setup(() => ({
      status: 409,
      body: errorBody('zone_already_exists', msg, { field: 'name' }),
    }));
    await user.type(name, 'example.com');
    await user.click(submit);
    await waitFor(() => expect(describedError(name)).toBe(msg));
    expect(name).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a code without details.field lands on its usual field (invalid_zone_ttl → TTL)', async () => {
    const { user, name, ttl, submit } = setup(() => ({
      status: 400,
      body: errorBody('invalid_zone_ttl', 'TTL must be at most 86400 seconds (1 day).'),
    }));
    await user.type(name, 'example.com');
    await user.click(submit);
    await waitFor(() => expect(describedError(ttl)).toMatch(/at most 86400/));
    expect(describedError(name)).toBe('');
  });

  it('a 403 says which scope is missing, above the form; the input stays and Create stays usable', async () => {
    const { user, name, submit, fetch } = setup(() => ({
      status: 403,
      body: errorBody('insufficient_scope', 'This route needs zones:write.', {
        required: ['zones:write'],
      }),
    }));
    await user.type(name, 'example.com');
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Missing permission');
    expect(alert).toHaveTextContent(
      'This needs the zones:write scope, which your API key does not have.',
    );
    expect(name).toHaveValue('example.com');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('an error about no field of the form (a 500) is shown above it', async () => {
    const { user, name, submit } = setup(() => ({
      status: 500,
      body: errorBody('internal_error', 'Something failed on our side; try again.'),
    }));
    await user.type(name, 'example.com');
    await user.click(submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The service had a problem');
    expect(alert).toHaveTextContent('Something failed on our side; try again.');
  });
});

describe('create zone form: drafts', () => {
  it('keeps what was typed in sessionStorage, and restores it', async () => {
    const first = setup();
    await first.user.type(first.name, 'draft.example');
    expect(sessionStorage.getItem('zonedeck.draft.create-zone')).toContain('draft.example');
    document.body.innerHTML = '';
    renderApp(<CreateZoneForm onCreated={vi.fn()} cancel={null} />);
    expect(screen.getAllByLabelText('Name').at(-1)).toHaveValue('draft.example');
  });
});

describe('create zone form: from a zone file', () => {
  const FILE = [
    '$ORIGIN shop.example.',
    '@ 3600 IN SOA ns1.example.net. hostmaster.example.net. 1 7200 3600 1209600 300',
    'www 300 IN A 192.0.2.1',
    'bad 300 IN A 300.1.1.1',
    '',
  ].join('\n');

  async function fromFile(t: ReturnType<typeof setup>, text = FILE) {
    await t.user.click(screen.getByRole('checkbox', { name: /Start from a zone file/ }));
    const box = screen.getByLabelText('Zone file');
    await t.user.click(box);
    if (text) await t.user.paste(text);
    return box;
  }

  it('fills Name from the file and sends the file with the zone', async () => {
    const t = setup();
    await fromFile(t);
    await waitFor(() => expect(t.name).toHaveValue('shop.example'));
    expect(screen.getByLabelText('Zone file')).toHaveAccessibleDescription(
      /It is the zone file of shop\.example/,
    );
    await t.user.click(t.submit);
    await waitFor(() => expect(t.onCreated).toHaveBeenCalled());
    expect(JSON.parse(String(t.fetch.mock.calls[0]![1]?.body))).toEqual({
      name: 'shop.example',
      ttl: 3600,
      zone_file: FILE,
    });
  });

  it('leaves a name the user typed as it is', async () => {
    const t = setup();
    await t.user.type(t.name, 'mine.example');
    await fromFile(t);
    await waitFor(() =>
      expect(screen.getByLabelText('Zone file')).toHaveAccessibleDescription(/shop\.example/),
    );
    expect(t.name).toHaveValue('mine.example');
  });

  it('asks for the file when the box is ticked but empty, and sends nothing', async () => {
    const t = setup();
    await t.user.type(t.name, 'shop.example');
    const box = await fromFile(t, '');
    await t.user.click(t.submit);
    expect(box).toHaveAccessibleDescription(/Paste the zone file or choose it/);
    expect(t.fetch).not.toHaveBeenCalled();
  });

  it('a 400 zone_file_invalid shows each error on its line, and the text stays', async () => {
    const t = setup(() => ({
      status: 400,
      body: errorBody('zone_file_invalid', 'The zone file has 1 error.', {
        errors: [{ line: 4, message: 'A record content must be an IPv4 address.' }],
      }),
    }));
    const box = await fromFile(t);
    await waitFor(() => expect(t.name).toHaveValue('shop.example'));
    await t.user.click(t.submit);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The zone was not created: line 4 of the file has an error. Fix it above and create again.',
    );
    expect(alert).toHaveTextContent('Line 4');
    expect(alert).toHaveTextContent('bad 300 IN A 300.1.1.1');
    expect(alert).toHaveTextContent('A record content must be an IPv4 address.');
    expect(box).toHaveValue(FILE);
    expect(t.onCreated).not.toHaveBeenCalled();
  });
});
