// TLSA (RFC 6698) and SSHFP (RFC 4255): small numbers then hex data, canonical lower-case hex.

import { err, inField, ok, show } from '../result';
import type { Result } from '../result';
import { fieldCountError, parseHex, parseUint, requireContent, splitFields } from './fields';
import { options, structuredForm } from './parts';
import type { SelectPart } from './parts';
import type { RecordTypeSpec } from './types';

export interface TlsaFields {
  usage: number;
  selector: number;
  matchingType: number;
  data: string;
}

export interface SshfpFields {
  algorithm: number;
  fingerprintType: number;
  fingerprint: string;
}

const TLSA_EXPECTED = '<usage 0-3> <selector 0-1> <matching type 0-2> <hex data>';
const TLSA_EXAMPLE = `3 1 1 ${'0123456789abcdef'.repeat(4)}`;
const SSHFP_EXPECTED = '<algorithm 1-4 or 6> <fingerprint type 1-2> <hex fingerprint>';
const SSHFP_EXAMPLE = `4 2 ${'0123456789abcdef'.repeat(4)}`;
/** Digest sizes: TLSA 1 = SHA-256, 2 = SHA-512; SSHFP 1 = SHA-1, 2 = SHA-256. */
const TLSA_BYTES: Record<number, number | undefined> = { 1: 32, 2: 64 };
const SSHFP_BYTES: Record<number, number | undefined> = { 1: 20, 2: 32 };
/** The SSH key algorithms with a number (RFC 4255, 6594, 7479, 8709). */
const SSHFP_ALGORITHMS: ReadonlyArray<readonly [number, string]> = [
  [1, 'RSA'],
  [2, 'DSA'],
  [3, 'ECDSA'],
  [4, 'Ed25519'],
  [6, 'Ed448'],
];
const ALGORITHM_LIST = SSHFP_ALGORITHMS.map(([n, name]) => `${n} (${name})`);

const numbers = (
  label: string,
  choices: ReadonlyArray<readonly [number, string]>,
  chosen: number,
): SelectPart<'number'> => ({
  kind: 'select',
  of: 'number',
  label,
  options: options(choices),
  default: String(chosen),
});
const hexPart = (label: string) =>
  ({ kind: 'text', label, placeholder: '64 hex digits for SHA-256', wide: true }) as const;

function parseTlsa(content: string): Result<TlsaFields> {
  const present = requireContent(content, 'TLSA', TLSA_EXPECTED);
  if (!present.ok) return present;
  const fields = splitFields(present.value);
  if (fields.length > 4) {
    return inField(
      'data',
      err(
        'TLSA certificate data must be one block of hex digits; remove the spaces inside it.',
        TLSA_EXPECTED,
      ),
    );
  }
  if (fields.length !== 4) {
    return fieldCountError(
      'TLSA',
      fields.length,
      'usage, selector, matching type and hex data',
      TLSA_EXPECTED,
      TLSA_EXAMPLE,
    );
  }
  const [u = '', s = '', m = '', hex = ''] = fields;
  const usage = parseUint(u, 0, 3, 'TLSA usage', TLSA_EXPECTED);
  if (!usage.ok) return inField('usage', usage);
  const selector = parseUint(s, 0, 1, 'TLSA selector', TLSA_EXPECTED);
  if (!selector.ok) return inField('selector', selector);
  const matchingType = parseUint(m, 0, 2, 'TLSA matching type', TLSA_EXPECTED);
  if (!matchingType.ok) return inField('matchingType', matchingType);
  const bytes = TLSA_BYTES[matchingType.value];
  const what =
    bytes === undefined
      ? 'TLSA certificate data'
      : `TLSA data for matching type ${matchingType.value}`;
  const data = parseHex(hex, what, TLSA_EXPECTED, bytes);
  if (!data.ok) return inField('data', data);
  return ok({
    usage: usage.value,
    selector: selector.value,
    matchingType: matchingType.value,
    data: data.value,
  });
}

function parseSshfp(content: string): Result<SshfpFields> {
  const present = requireContent(content, 'SSHFP', SSHFP_EXPECTED);
  if (!present.ok) return present;
  const fields = splitFields(present.value);
  if (fields.length > 3) {
    return inField(
      'fingerprint',
      err(
        'SSHFP fingerprint must be one block of hex digits; remove the spaces inside it.',
        SSHFP_EXPECTED,
      ),
    );
  }
  if (fields.length !== 3) {
    return fieldCountError(
      'SSHFP',
      fields.length,
      'algorithm, fingerprint type and hex fingerprint',
      SSHFP_EXPECTED,
      SSHFP_EXAMPLE,
    );
  }
  const [a = '', t = '', hex = ''] = fields;
  const algorithm = parseUint(a, 1, 6, 'SSHFP algorithm', SSHFP_EXPECTED);
  if (!algorithm.ok || !SSHFP_ALGORITHMS.some(([n]) => n === algorithm.value)) {
    return inField(
      'algorithm',
      err(
        `SSHFP algorithm must be ${ALGORITHM_LIST.slice(0, -1).join(', ')} or ${ALGORITHM_LIST.at(-1)}, got ${show(a)}.`,
        SSHFP_EXPECTED,
      ),
    );
  }
  const fingerprintType = parseUint(t, 1, 2, 'SSHFP fingerprint type', SSHFP_EXPECTED);
  if (!fingerprintType.ok) return inField('fingerprintType', fingerprintType);
  const fingerprint = parseHex(
    hex,
    `SSHFP fingerprint of type ${fingerprintType.value}`,
    SSHFP_EXPECTED,
    SSHFP_BYTES[fingerprintType.value],
  );
  if (!fingerprint.ok) return inField('fingerprint', fingerprint);
  return ok({
    algorithm: algorithm.value,
    fingerprintType: fingerprintType.value,
    fingerprint: fingerprint.value,
  });
}

export const tlsaSpec: RecordTypeSpec<TlsaFields> = {
  type: 'TLSA',
  singleValue: false,
  description: 'TLS certificate association (DANE)',
  expected: TLSA_EXPECTED,
  example: TLSA_EXAMPLE,
  longContent: true,
  parse: parseTlsa,
  format: (f) => `${f.usage} ${f.selector} ${f.matchingType} ${f.data.trim().toLowerCase()}`,
  wireBytes: (f) => 3 + f.data.length / 2,
  // A new TLSA record starts as "3 1 1": DANE-EE, public key, SHA-256, the usual choice.
  form: structuredForm<TlsaFields>({
    usage: numbers(
      'Usage',
      [
        [0, '0: PKIX-TA (CA constraint)'],
        [1, '1: PKIX-EE (service certificate)'],
        [2, '2: DANE-TA (trust anchor)'],
        [3, '3: DANE-EE (domain-issued)'],
      ],
      3,
    ),
    selector: numbers(
      'Selector',
      [
        [0, '0: Full certificate'],
        [1, '1: Public key (SPKI)'],
      ],
      1,
    ),
    matchingType: numbers(
      'Matching type',
      [
        [0, '0: Exact match'],
        [1, '1: SHA-256'],
        [2, '2: SHA-512'],
      ],
      1,
    ),
    data: hexPart('Certificate data (hex)'),
  }),
};

export const sshfpSpec: RecordTypeSpec<SshfpFields> = {
  type: 'SSHFP',
  singleValue: false,
  description: 'SSH host key fingerprint',
  expected: SSHFP_EXPECTED,
  example: SSHFP_EXAMPLE,
  longContent: true,
  parse: parseSshfp,
  format: (f) => `${f.algorithm} ${f.fingerprintType} ${f.fingerprint.trim().toLowerCase()}`,
  wireBytes: (f) => 2 + f.fingerprint.length / 2,
  // A new SSHFP record starts as "4 2": an Ed25519 key's SHA-256 fingerprint.
  form: structuredForm<SshfpFields>({
    algorithm: numbers(
      'Algorithm',
      SSHFP_ALGORITHMS.map(([n, name]) => [n, `${n}: ${name}`] as const),
      4,
    ),
    fingerprintType: numbers(
      'Fingerprint type',
      [
        [1, '1: SHA-1'],
        [2, '2: SHA-256'],
      ],
      2,
    ),
    fingerprint: hexPart('Fingerprint (hex)'),
  }),
};
