// The delegation rule (src/shared/dns/delegation.ts) on the records the page has loaded, for the
// record form: said under Name as the user types a name and picks a type, before the service
// would refuse the save (409 delegation_conflict, still mapped onto Name when the list did not
// show the delegation).
import { useMemo } from 'react';
import {
  delegationMessage,
  delegationProblem,
  zoneFromRecords,
} from '../../../shared/dns/delegation';
import type { DnsRecord } from '../../api/records';

/** Names as the form shows them in full: without their final dot. */
const show = (name: string) => name.replace(/\.$/, '');

/**
 * What a delegation would make of `type` at `fqdn`, in words; null when the loaded records show
 * nothing. A problem found is one: its NS records (or the record they would hide) are in the
 * list. Nothing found is no promise while a large zone still loads, so nothing is said then
 * either way, and the service's answer decides.
 */
export function useDelegationNote(
  zoneName: string,
  records: readonly DnsRecord[],
  fqdn: string | null,
  type: string,
): string | null {
  const zone = useMemo(() => zoneFromRecords(records), [records]);
  return useMemo(() => {
    if (!fqdn) return null;
    const problem = delegationProblem({ name: fqdn, type }, `${zoneName}.`, zone);
    return problem && delegationMessage(problem, show);
  }, [zone, zoneName, fqdn, type]);
}
