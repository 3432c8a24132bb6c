// What usage counts an answer as: a property of the cached answer, computed once when it is built.
import type { UsageOutcome } from '../../shared/api/usage';
import { RCODE, type Resolution } from './resolve';

export function outcomeOf(res: Resolution): UsageOutcome {
  if (res.rcode === RCODE.REFUSED) return 'refused';
  // A CNAME whose target does not exist is NXDOMAIN with the CNAME in the answer (RFC 6604).
  if (res.rcode === RCODE.NXDOMAIN) return 'nxdomain';
  if (res.answer.length) return 'answer';
  // Not authoritative with nothing to answer: the name is below a delegation (RFC 1034 4.3.2).
  return res.aa ? 'nodata' : 'referral';
}
