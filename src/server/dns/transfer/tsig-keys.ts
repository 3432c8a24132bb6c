// TSIG keys (RFC 8945) from the operator setting DNS_TSIG_KEYS: `name:algorithm:base64secret`,
// comma-separated. Key names are DNS names compared without case; internally lower case with the
// trailing dot. Error messages never repeat a secret, since they end up in logs.
import { z } from 'zod';

export type TsigAlgorithm = 'hmac-sha256' | 'hmac-sha512';

interface AlgorithmSpec {
  /** node:crypto's name of the hash. */
  hash: 'sha256' | 'sha512';
  /** Octets of the full MAC. */
  macLength: number;
}

export const TSIG_ALGORITHMS: Readonly<Record<TsigAlgorithm, AlgorithmSpec>> = {
  'hmac-sha256': { hash: 'sha256', macLength: 32 },
  'hmac-sha512': { hash: 'sha512', macLength: 64 },
};

export interface TsigKey {
  /** Canonical: lower case, trailing dot (`transfer.example.`). */
  name: string;
  algorithm: TsigAlgorithm;
  secret: Buffer;
}

/** Keys by canonical name. */
export type TsigKeyring = ReadonlyMap<string, TsigKey>;

/**
 * The shortest secret accepted. RFC 8945 6 asks for secrets as long as the MAC; we refuse only
 * what is plainly not a key (a typo, a password), so that keys made elsewhere keep working.
 */
export const MIN_SECRET_BYTES = 16;

const EXAMPLE =
  'transfer-key.example:hmac-sha256:<base64 secret, e.g. from `tsig-keygen transfer-key.example`>';

/** `Transfer.Example` → `transfer.example.`: the form keys are looked up by. */
export function canonicalKeyName(name: string): string {
  const lower = name.trim().replace(/[A-Z]+/g, (m) => m.toLowerCase());
  return lower.endsWith('.') ? lower : `${lower}.`;
}

/** Why `name` is not a usable key name, or null. */
function keyNameProblem(name: string): string | null {
  if (!name) return 'the key name is empty';
  const bare = name.endsWith('.') ? name.slice(0, -1) : name;
  if (!bare) return 'the key name cannot be the root';
  const labels = bare.split('.');
  if (labels.some((l) => l === '')) return `the key name "${name}" has an empty label`;
  const bad = labels.find((l) => !/^[A-Za-z0-9_-]+$/.test(l));
  if (bad !== undefined) {
    return `the key name "${name}" has the label "${bad}"; use letters, digits, '-' and '_'`;
  }
  if (labels.some((l) => l.length > 63)) return `a label of "${name}" is longer than 63 octets`;
  if (bare.length + 2 > 255) return `the key name "${name}" is longer than 255 octets`;
  return null;
}

function decodeSecret(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const bytes = Buffer.from(text, 'base64');
  // Non-canonical padding bits would decode "successfully" to a different secret than meant.
  return bytes.toString('base64') === text ? bytes : null;
}

export type TsigKeysParse = { ok: true; keys: TsigKeyring } | { ok: false; message: string };

/** Parses DNS_TSIG_KEYS; '' (or only commas and spaces) is no keys. */
export function parseTsigKeys(value: string): TsigKeysParse {
  const keys = new Map<string, TsigKey>();
  const entries = value.split(',').map((e) => e.trim());
  let position = 0;
  for (const entry of entries) {
    if (!entry) continue;
    position += 1;
    const parts = entry.split(':');
    const shown = `entry ${position} ("${parts.slice(0, 2).join(':')}${parts.length > 2 ? ':…' : ''}")`;
    const fail = (what: string): TsigKeysParse => ({
      ok: false,
      message: `DNS_TSIG_KEYS ${shown}: ${what}. Expected name:algorithm:base64secret, e.g. ${EXAMPLE}`,
    });
    if (parts.length !== 3) {
      return fail(
        `has ${parts.length} part${parts.length === 1 ? '' : 's'} separated by ':', not 3`,
      );
    }
    const [rawName, rawAlgorithm, rawSecret] = parts as [string, string, string];
    const nameProblem = keyNameProblem(rawName);
    if (nameProblem) return fail(nameProblem);
    const algorithm = rawAlgorithm.toLowerCase();
    if (!(algorithm in TSIG_ALGORITHMS)) {
      return fail(
        `the algorithm "${rawAlgorithm}" is not supported; use hmac-sha256 or hmac-sha512`,
      );
    }
    const secret = decodeSecret(rawSecret);
    if (!secret) return fail('the secret is not valid base64');
    if (secret.length < MIN_SECRET_BYTES) {
      return fail(
        `the secret is ${secret.length} bytes; at least ${MIN_SECRET_BYTES} are needed (32 for hmac-sha256, 64 for hmac-sha512 are usual)`,
      );
    }
    const name = canonicalKeyName(rawName);
    if (keys.has(name)) return fail(`the key name "${name}" is listed twice`);
    keys.set(name, { name, algorithm: algorithm as TsigAlgorithm, secret });
  }
  return { ok: true, keys };
}

/** DNS_TSIG_KEYS for the zod config: a string in, a keyring out, one issue per bad setting. */
export const tsigKeysSchema = z.string().transform((value, ctx): TsigKeyring => {
  const parsed = parseTsigKeys(value);
  if (parsed.ok) return parsed.keys;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});
