// TSIG against the real tools: queries signed by dig and kdig verify (and fail for a wrong
// secret, an unknown key, another algorithm, a clock off by more than the fudge); answers we sign
// (single, UDP and TCP, and a multi-message AXFR) are accepted by both tools, and a wrong key or
// a broken chain is reported by them, so these tests can fail.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  requireTool,
  runTool,
  startResponder,
  TSIG_FAILURE,
  type Responder,
  type Tool,
} from '../../test-support/tsig-tools';
import { TSIG_ERROR, verifyRequest } from './tsig';
import { AXFR_RECORDS, keyring, serveZone, ZONE, type ServeOptions } from './tsig-fixture';
import { locateTsig } from './tsig-wire';

const KEY = 'xfr-key.tsig.test';
const SECRET = randomBytes(32).toString('base64');
const SECRET_512 = randomBytes(64).toString('base64');
const KEYS = keyring(`${KEY}:hmac-sha256:${SECRET},Other.TSIG.test:hmac-sha512:${SECRET_512}`);
const SPEC = `hmac-sha256:${KEY}:${SECRET}`;
const TOOLS: Tool[] = ['dig', 'kdig'];

let responder: Responder | null = null;
afterEach(async () => {
  await responder?.close();
  responder = null;
});
beforeAll(() => TOOLS.forEach(requireTool));

async function serve(options: ServeOptions = {}) {
  responder = await startResponder(serveZone(KEYS, options));
  return responder;
}

/** The query a tool sent (to a correct server), verified now and at its Time Signed + `skew`. */
async function queryOf(tool: Tool, spec: string) {
  const r = await serve();
  await runTool(tool, r.port, spec, [ZONE, 'SOA']);
  expect(r.queries.length).toBeGreaterThan(0);
  const query = r.queries[0]!;
  const located = locateTsig(query);
  if (located.kind !== 'found') throw new Error(`${tool} sent no TSIG`);
  const signedAt = located.record.timeSigned;
  return {
    first: verifyRequest(query, KEYS),
    at: (skew: number) => verifyRequest(query, KEYS, { now: signedAt + skew }),
  };
}

describe.each(TOOLS)('requests signed by %s', (tool) => {
  it('verify with the right key, and yield the MAC the answer must chain', async () => {
    const { first } = await queryOf(tool, SPEC);
    expect(first.kind).toBe('ok');
    if (first.kind !== 'ok') return;
    expect(first.key.name).toBe(`${KEY}.`);
    expect(first.requestMac).toHaveLength(32);
  });

  it('a key name in other case and hmac-sha512 verify too', async () => {
    const { first } = await queryOf(tool, `hmac-sha512:other.tsig.TEST:${SECRET_512}`);
    expect(first.kind).toBe('ok');
  });

  it('a wrong secret is BADSIG, answered unsigned', async () => {
    const { first } = await queryOf(
      tool,
      `hmac-sha256:${KEY}:${randomBytes(32).toString('base64')}`,
    );
    expect(first).toMatchObject({ kind: 'error', error: TSIG_ERROR.BADSIG, signWith: null });
  });

  it('an unknown key, or a known key with another algorithm, is BADKEY', async () => {
    const unknown = await queryOf(tool, `hmac-sha256:nobody.tsig.test:${SECRET}`);
    expect(unknown.first).toMatchObject({
      kind: 'error',
      error: TSIG_ERROR.BADKEY,
      signWith: null,
    });
    const otherAlg = await queryOf(tool, `hmac-sha512:${KEY}:${SECRET}`);
    expect(otherAlg.first).toMatchObject({ kind: 'error', error: TSIG_ERROR.BADKEY });
  });

  it('a clock more than the fudge (300 s) away is BADTIME, answered signed; 300 s is still fine', async () => {
    const { at } = await queryOf(tool, SPEC);
    expect(at(300).kind).toBe('ok');
    expect(at(-300).kind).toBe('ok');
    for (const skew of [301, -301, 86_400]) {
      const v = at(skew);
      expect(v).toMatchObject({ kind: 'error', error: TSIG_ERROR.BADTIME });
      expect(v.kind === 'error' && v.signWith !== null).toBe(true);
    }
  });
});

describe.each(TOOLS)('answers we sign, judged by %s', (tool) => {
  const accepted = (run: { code: number; output: string }) => {
    expect(run.output).not.toMatch(TSIG_FAILURE);
    expect(run.code).toBe(0);
  };

  it('a signed SOA answer over UDP and over TCP is accepted', async () => {
    const r = await serve();
    for (const transport of [[], ['+tcp']]) {
      const run = await runTool(tool, r.port, SPEC, [...transport, ZONE, 'SOA']);
      accepted(run);
      expect(run.output).toMatch(/SOA\s+ns1\.tsig\.test\. hostmaster\.tsig\.test\. 2026112401/);
      expect(run.output).toMatch(/TSIG\s+hmac-sha256\./);
    }
  });

  it('an answer signed with the wrong secret is reported', async () => {
    const wrong = keyring(`${KEY}:hmac-sha256:${randomBytes(32).toString('base64')}`).get(
      `${KEY}.`,
    )!;
    const r = await serve({ signWith: wrong });
    const run = await runTool(tool, r.port, SPEC, [ZONE, 'SOA']);
    expect(run.output).toMatch(TSIG_FAILURE);
  });

  it('BADSIG and BADKEY come back unsigned, as the tool shows', async () => {
    const r = await serve();
    const badSig = await runTool(
      tool,
      r.port,
      `hmac-sha256:${KEY}:${randomBytes(32).toString('base64')}`,
      [ZONE, 'SOA'],
    );
    expect(badSig.output).toMatch(/TSIG\s+hmac-sha256\. \d+ 300 0 \d+ BADSIG 0/);
    const badKey = await runTool(tool, r.port, `hmac-sha256:nobody.tsig.test:${SECRET}`, [
      ZONE,
      'SOA',
    ]);
    expect(badKey.output).toMatch(/BADKEY/);
  });

  it('BADTIME from a server whose clock is an hour ahead is signed, and carries its time', async () => {
    const r = await serve({ clockOffset: 3600 });
    const run = await runTool(tool, r.port, SPEC, [ZONE, 'SOA']);
    // Signed with the request's Time Signed and 6 octets of our time as Other Data (RFC 8945 5.2.3).
    expect(run.output).toMatch(/TSIG\s+hmac-sha256\. \d+ 300 32 \S+ \d+ BADTIME 6 /);
    expect(run.output).not.toMatch(/tsig verify failure|failed to verify TSIG/i);
  });

  it('a MAC truncated as dig allows (hmac-sha256-128) is BADTRUNC by default, accepted when the policy allows 16 octets', async () => {
    if (tool === 'kdig') return; // kdig has no truncated algorithms; dig does
    const strict = await serve();
    const refused = await runTool(tool, strict.port, `hmac-sha256-128:${KEY}:${SECRET}`, [
      ZONE,
      'SOA',
    ]);
    expect(refused.output).toMatch(/BADTRUNC/);
    await strict.close();
    responder = null;
    const lenient = await serve({ minMacLength: 16 });
    accepted(await runTool(tool, lenient.port, `hmac-sha256-128:${KEY}:${SECRET}`, [ZONE, 'SOA']));
  });

  it('an AXFR in several messages, each signed and chained, is accepted whole', async () => {
    const r = await serve();
    const run = await runTool(tool, r.port, SPEC, [ZONE, 'AXFR']);
    accepted(run);
    const soas = run.output.match(/^tsig\.test\.\s+\d+\s+IN\s+SOA/gm) ?? [];
    expect(soas).toHaveLength(2);
    expect(run.output).toMatch(/txt\.tsig\.test\.\s+\d+\s+IN\s+TXT\s+"signed by zonedeck"/);
    const count =
      tool === 'dig'
        ? /XFR size: (\d+) records \(messages (\d+)/.exec(run.output)
        : /\((\d+) messages, (\d+) records\)/.exec(run.output);
    expect(count).not.toBeNull();
    const [records, messages] = tool === 'dig' ? [count![1], count![2]] : [count![2], count![1]];
    expect(Number(records)).toBe(AXFR_RECORDS);
    expect(Number(messages)).toBeGreaterThanOrEqual(3);
  });

  it('an AXFR whose first message has a bad MAC is refused', async () => {
    const r = await serve({ tamperMessage: 0 });
    const run = await runTool(tool, r.port, SPEC, [ZONE, 'AXFR']);
    expect(run.output).toMatch(TSIG_FAILURE);
  });
});

// kdig 3.2 checks the TSIG of the first message of a transfer only (a bad MAC on a later one
// passes unnoticed), so only dig can judge the chaining of later messages.
describe('the chain of a multi-message answer, judged by dig', () => {
  it.each([
    ['later messages chaining the request MAC instead of the previous MAC', { breakChain: true }],
    ['the last message with a bad MAC', { tamperMessage: 2 }],
    ['a middle message with a bad MAC', { tamperMessage: 1 }],
  ])('%s: refused', async (_, options: ServeOptions) => {
    const r = await serve(options);
    const run = await runTool('dig', r.port, SPEC, [ZONE, 'AXFR']);
    expect(run.output).toMatch(/tsig verify failure/);
  });
});
