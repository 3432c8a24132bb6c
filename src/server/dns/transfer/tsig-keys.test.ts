import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalKeyName, parseTsigKeys, tsigKeysSchema } from './tsig-keys';

const S32 = Buffer.alloc(32, 1).toString('base64');
const S64 = Buffer.alloc(64, 2).toString('base64');

describe('DNS_TSIG_KEYS', () => {
  it('reads keys by canonical name (lower case, trailing dot), with their secrets decoded', () => {
    const parsed = parseTsigKeys(
      ` Xfr.Example:HMAC-SHA256:${S32} , notify.example.:hmac-sha512:${S64},`,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect([...parsed.keys.keys()]).toEqual(['xfr.example.', 'notify.example.']);
    expect(parsed.keys.get('xfr.example.')).toEqual({
      name: 'xfr.example.',
      algorithm: 'hmac-sha256',
      secret: Buffer.alloc(32, 1),
    });
    expect(parsed.keys.get('notify.example.')?.algorithm).toBe('hmac-sha512');
  });

  it('an empty setting is no keys', () => {
    expect(parseTsigKeys('')).toEqual({ ok: true, keys: new Map() });
    expect(parseTsigKeys(' , ')).toEqual({ ok: true, keys: new Map() });
  });

  it.each([
    ['xfr.example', 'entry 1 ("xfr.example"): has 1 part separated by \':\', not 3'],
    [`xfr.example:hmac-sha256:${S32}:x`, "has 4 parts separated by ':', not 3"],
    [`:hmac-sha256:${S32}`, 'the key name is empty'],
    [`a..b:hmac-sha256:${S32}`, 'the key name "a..b" has an empty label'],
    [`bad name:hmac-sha256:${S32}`, 'has the label "bad name"'],
    [`${'a'.repeat(64)}.example:hmac-sha256:${S32}`, 'longer than 63 octets'],
    [`${'abcdefghi.'.repeat(26)}example:hmac-sha256:${S32}`, 'longer than 255 octets'],
    [`.:hmac-sha256:${S32}`, 'cannot be the root'],
    [
      `xfr.example:hmac-md5:${S32}`,
      'the algorithm "hmac-md5" is not supported; use hmac-sha256 or hmac-sha512',
    ],
    ['xfr.example:hmac-sha256:not base64!', 'the secret is not valid base64'],
    ['xfr.example:hmac-sha256:QQ', 'the secret is not valid base64'],
    ['xfr.example:hmac-sha256:QR==', 'the secret is not valid base64'], // padding bits set
    ['xfr.example:hmac-sha256:', 'the secret is not valid base64'],
    ['xfr.example:hmac-sha256:c2VjcmV0', 'the secret is 6 bytes; at least 16 are needed'],
    [
      `a.example:hmac-sha256:${S32},A.Example.:hmac-sha512:${S64}`,
      'entry 2 ("A.Example.:hmac-sha512:…"): the key name "a.example." is listed twice',
    ],
  ])('%s is refused: %s', (value, expected) => {
    const parsed = parseTsigKeys(value);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.message).toContain(expected);
    expect(parsed.message).toMatch(/^DNS_TSIG_KEYS entry \d+ /);
    expect(parsed.message).toContain('e.g. transfer-key.example:hmac-sha256:');
  });

  it('never repeats a secret in an error message (they end up in logs)', () => {
    const secret = Buffer.alloc(32, 3).toString('base64');
    const parsed = parseTsigKeys(`ok.example:hmac-sha256:${S32},bad key:hmac-sha256:${secret}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).not.toContain(secret);
  });

  it('plugs into the zod config: keys out, or the message as the issue', () => {
    const schema = z.object({ DNS_TSIG_KEYS: tsigKeysSchema.default(new Map()) });
    const good = schema.parse({ DNS_TSIG_KEYS: `xfr.example:hmac-sha256:${S32}` });
    expect(good.DNS_TSIG_KEYS.get('xfr.example.')?.algorithm).toBe('hmac-sha256');
    expect(schema.parse({}).DNS_TSIG_KEYS.size).toBe(0);
    const bad = schema.safeParse({ DNS_TSIG_KEYS: 'xfr.example:hmac-md5:x' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['DNS_TSIG_KEYS'] });
    expect(bad.error?.issues[0]?.message).toContain('"hmac-md5" is not supported');
  });

  it('canonical key names compare without case and with the trailing dot', () => {
    expect(canonicalKeyName('Xfr.EXAMPLE')).toBe('xfr.example.');
    expect(canonicalKeyName('xfr.example.')).toBe('xfr.example.');
  });
});
