// The zone's BIND zone file, as the export route answers it.
import { apiText } from './client';

export function fetchZoneFile(zoneId: string): Promise<string> {
  return apiText(`/v1/zones/${encodeURIComponent(zoneId)}/export`, { accept: 'text/dns' });
}
