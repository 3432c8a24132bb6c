// CNAME, ALIAS, NS and PTR: a single host name, stored fully qualified with its trailing dot.

import { normalizeHostname } from '../names';
import { err, ok } from '../result';
import type { Result } from '../result';
import { requireContent, splitFields } from './fields';
import type { RecordType, RecordTypeSpec } from './types';
import { nameWireBytes } from './wire-size';

export interface HostFields {
  host: string;
}

/** The form's host, canonical when valid; left as typed otherwise so that parse reports it. */
export function formatHost(host: string, allowRoot = false): string {
  const r = normalizeHostname(host, { allowRoot });
  return r.ok ? r.value : host.trim();
}

function hostSpec(
  type: RecordType,
  description: string,
  what: string,
  example: string,
  singleValue: boolean,
): RecordTypeSpec<HostFields> {
  const expected = `<${what}>`;
  return {
    type,
    singleValue,
    description,
    expected,
    example,
    parse(content: string): Result<HostFields> {
      const present = requireContent(content, type, expected);
      if (!present.ok) return present;
      if (splitFields(present.value).length > 1) {
        return err(`${type} content is one host name without spaces, such as ${example}`, expected);
      }
      const host = normalizeHostname(present.value, { what: `${type} ${what}` });
      return host.ok ? ok({ host: host.value }) : { ...host, expected };
    },
    format: (f) => formatHost(f.host),
    // ALIAS is answered as A/AAAA; its target name is what it stores.
    wireBytes: (f) => nameWireBytes(f.host),
  };
}

export const cnameSpec = hostSpec(
  'CNAME',
  'Canonical name (alias of another name)',
  'target host',
  'www.example.net.',
  true,
);
export const aliasSpec = hostSpec(
  'ALIAS',
  'Alias resolved by the server, allowed at the apex',
  'target host',
  'lb.example.net.',
  true,
);
export const nsSpec = hostSpec(
  'NS',
  'Delegation to a name server',
  'name server host',
  'ns1.example.net.',
  false,
);
export const ptrSpec = hostSpec(
  'PTR',
  'Pointer to a host name',
  'host name',
  'host.example.com.',
  false,
);
