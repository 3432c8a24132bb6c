// DNSSEC: the query-key factory, query options and hooks of a zone's state, keys and DS records.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Cryptokey, DnssecStatus, DsAnswer } from '../../shared/api/usage-dnssec';
import { CDS_DIGEST_TYPE, DELETE_CDS_TEXT } from '../../shared/dns/dnssec-names';
import { apiRequest } from './client';
import { zoneKeys } from './zones';

const parsers = () => import('./dnssec-parsers');
const base = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/dnssec`;

export const dnssecKeys = {
  all: ['dnssec'] as const,
  zone: (zoneId: string) => [...dnssecKeys.all, zoneId] as const,
  status: (zoneId: string) => [...dnssecKeys.zone(zoneId), 'status'] as const,
  cryptokeys: (zoneId: string) => [...dnssecKeys.zone(zoneId), 'cryptokeys'] as const,
  ds: (zoneId: string) => [...dnssecKeys.zone(zoneId), 'ds'] as const,
};

export const dnssecStatusQuery = (zoneId: string) =>
  queryOptions({
    queryKey: dnssecKeys.status(zoneId),
    queryFn: async ({ signal }): Promise<DnssecStatus> =>
      apiRequest(`${base(zoneId)}/status`, {
        schema: (await parsers()).dnssecStatusParser,
        signal,
      }),
  });

export const cryptokeysQuery = (zoneId: string) =>
  queryOptions({
    queryKey: dnssecKeys.cryptokeys(zoneId),
    queryFn: async ({ signal }): Promise<Cryptokey[]> =>
      (
        await apiRequest(`${base(zoneId)}/cryptokeys`, {
          schema: (await parsers()).cryptokeysParser,
          signal,
        })
      ).cryptokeys,
  });

/**
 * DS records for the registrar, the CDS and CDNSKEY the zone publishes for its parent, and the
 * parent zone when it is hosted here too (ADR 0030).
 */
export type { DsAnswer };

export const dsQuery = (zoneId: string) =>
  queryOptions({
    queryKey: dnssecKeys.ds(zoneId),
    queryFn: async ({ signal }): Promise<DsAnswer> =>
      apiRequest(`${base(zoneId)}/ds`, { schema: (await parsers()).dsParser, signal }),
  });

export function useDnssecStatus(zoneId: string) {
  return useQuery(dnssecStatusQuery(zoneId));
}

/** The zone's keys; an empty list while DNSSEC is off. Asked for beside the status, not after. */
export function useCryptokeys(zoneId: string) {
  return useQuery(cryptokeysQuery(zoneId));
}

/** The DS records for the registrar (and the CDS published); empty lists while DNSSEC is off. */
export function useDsRecords(zoneId: string) {
  return useQuery(dsQuery(zoneId));
}

/** Asks the parent to remove the DS (RFC 8078's delete signal as CDS), or stops asking. */
export function useSetDsRemoval(zoneId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (requested: boolean): Promise<DnssecStatus> =>
      apiRequest(`${base(zoneId)}/status`, {
        method: 'PATCH',
        body: { ds_removal: requested },
        schema: (await parsers()).dnssecStatusParser,
      }),
    onSuccess: (status, requested) => {
      qc.setQueryData(dnssecKeys.status(zoneId), status);
      // What the zone now publishes, until the refetch says it: the delete signal, or the key's
      // SHA-256 DS again (never the other one for a moment).
      qc.setQueryData<DsAnswer>(dnssecKeys.ds(zoneId), (old) =>
        old
          ? {
              ...old,
              cds_records: requested
                ? [DELETE_CDS_TEXT]
                : old.ds_records.filter((d) => d.split(' ')[2] === String(CDS_DIGEST_TYPE)),
            }
          : old,
      );
    },
    // Refused too (DNSSEC turned off elsewhere): read the state again. The serial moved.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: dnssecKeys.zone(zoneId) }),
        qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId) }),
      ]),
  });
}

export function useSetDnssec(zoneId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean): Promise<DnssecStatus> =>
      apiRequest(`${base(zoneId)}/status`, {
        method: 'PATCH',
        body: { enabled },
        schema: (await parsers()).dnssecStatusParser,
      }),
    onSuccess: async (status) => {
      qc.setQueryData(dnssecKeys.status(zoneId), status);
      const lists = [dnssecKeys.cryptokeys(zoneId), dnssecKeys.ds(zoneId)];
      if (!status.enabled) {
        // Turning off deletes the keys: nothing old may stay on screen while the refetch runs.
        qc.setQueryData(dnssecKeys.cryptokeys(zoneId), []);
        qc.setQueryData(dnssecKeys.ds(zoneId), {
          ds_records: [],
          cds_records: [],
          cdnskey_records: [],
        });
      }
      await Promise.all([
        // Turning on: back to "loading" (not the empty lists of before) until the new key is read.
        ...lists.map((queryKey) =>
          status.enabled ? qc.resetQueries({ queryKey }) : qc.invalidateQueries({ queryKey }),
        ),
        // The zone's header badge and the list's DNSSEC column read the zone.
        qc.invalidateQueries({ queryKey: zoneKeys.detail(zoneId) }),
        qc.invalidateQueries({ queryKey: zoneKeys.lists() }),
      ]);
    },
  });
}
