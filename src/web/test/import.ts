// An import's answer as the API gives it, for the tests of the import preview and its calls.
import type { ImportResult } from '../../shared/api/zone-file';

export const importResult = (over: Partial<ImportResult> = {}): ImportResult => ({
  dry_run: true,
  change_id: null,
  serial: null,
  counts: { added: 1, changed: 0, removed: 0 },
  rrsets: [
    {
      name: 'www.example.com.',
      type: 'A',
      before: null,
      after: { ttl: 3600, comment: null, values: [{ content: '192.0.2.1', disabled: false }] },
    },
  ],
  settings: [],
  mode: 'merge',
  records_read: 1,
  rrset_counts: { added: 1, changed: 0, removed: 0, unchanged: 0 },
  skipped: [],
  errors: [],
  warnings: [],
  large_delete: { removed: 0, total: 0, confirmation_required: false },
  ...over,
});
