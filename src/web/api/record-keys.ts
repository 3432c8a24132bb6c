// Where the records live: their query keys, the write mutations' key and the API paths.
export const recordKeys = {
  all: ['records'] as const,
  lists: () => [...recordKeys.all, 'list'] as const,
  list: (zoneId: string) => [...recordKeys.lists(), zoneId] as const,
};

/** Every write to one zone's records: settle waits for the last of overlapping ones. */
export const recordWriteKey = (zoneId: string) => [...recordKeys.all, 'write', zoneId] as const;
/** The one-record writes among them (useRecordChange): their variables are a RecordChange. */
export const recordChangeKey = (zoneId: string) => [...recordWriteKey(zoneId), 'change'] as const;

export const recordsPath = (zoneId: string) => `/v1/zones/${encodeURIComponent(zoneId)}/records`;
export const recordPath = (zoneId: string, id: string) =>
  `${recordsPath(zoneId)}/${encodeURIComponent(id)}`;
export const byNamePath = (zoneId: string, name: string, type: string) =>
  `${recordsPath(zoneId)}/by-name/${encodeURIComponent(name)}/${encodeURIComponent(type)}`;
