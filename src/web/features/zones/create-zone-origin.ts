// The zone a zone file is for: its SOA's owner, else its first absolute $ORIGIN. Loaded on demand
// (it brings the zone-file parser), and reads only the head of the file: the SOA comes first.
import { parseZoneFile } from '../../../shared/dns/zone-file';

const HEAD_CHARS = 64 * 1024;

export function zoneNameOfFile(text: string): string | null {
  const cut = text.length > HEAD_CHARS ? text.lastIndexOf('\n', HEAD_CHARS) : -1;
  const head = cut > 0 ? text.slice(0, cut + 1) : text.slice(0, HEAD_CHARS);
  const soa = parseZoneFile(head, { origin: '.' }).skipped.find(
    (s) => s.reason === 'soa' && s.name !== undefined && s.name !== '.',
  );
  if (soa?.name) return soa.name.replace(/\.$/, '');
  const origin = /^\$ORIGIN[ \t]+(\S+\.)[ \t]*(;.*)?$/im.exec(head)?.[1];
  return origin && origin !== '.' ? origin.replace(/\.$/, '').toLowerCase() : null;
}
