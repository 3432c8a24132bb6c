// Where the value in the record form lands: the name as meant (a name typed in full is that
// name), and the other values of the RRset it belongs to or joins, whose TTL and comment it takes.
import { useEffect, useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { normalizeRecordName } from '../../../shared/dns/names';
import type { DnsRecord } from '../../api/records';
import { contentOf, nameAsMeant, type RecordFormApi } from './record-form-schema';

interface RRsetContextInput {
  form: RecordFormApi;
  zoneName: string;
  records: readonly DnsRecord[];
  editing: DnsRecord | null;
  copyOf: DnsRecord | null;
}

export function useRRsetContext({ form, zoneName, records, editing, copyOf }: RRsetContextInput) {
  const [name, type, mode, content, parts, params] = useWatch({
    control: form.control,
    name: ['name', 'type', 'mode', 'content', 'parts', 'params'],
  });
  const meant = editing ? name : nameAsMeant(name, zoneName);
  const fqdn = useMemo(() => {
    const r = normalizeRecordName(meant, zoneName);
    return r.ok ? r.value.fqdn : null;
  }, [meant, zoneName]);
  // A name typed in full is taken as that name (nameAsMeant): said under the field.
  const fullName = (!editing && meant !== name.trim() && fqdn) || null;
  // The other values of the RRset this value belongs to (or will join).
  const siblings = useMemo(
    () =>
      fqdn ? records.filter((r) => r.name === fqdn && r.type === type && r.id !== editing?.id) : [],
    [records, fqdn, type, editing],
  );
  const joins = !editing && siblings.length > 0;
  // A copy still the original (name, type and value): the name is the one thing left to give,
  // and "joins the RRset" (the original's own) would say the opposite.
  const unnamedCopy =
    !!copyOf &&
    fqdn === copyOf.name &&
    type === copyOf.type &&
    contentOf({ type, mode, content, parts, params }) === copyOf.content;
  const rrset = siblings[0];

  // Joining an RRset: its TTL and comment are the ones to keep, unless the user changes them.
  useEffect(() => {
    if (!joins || !rrset) return;
    if (!form.getFieldState('ttl').isDirty) form.setValue('ttl', rrset.ttl);
    if (!form.getFieldState('comment').isDirty) form.setValue('comment', rrset.comment ?? '');
  }, [joins, rrset, form]);

  return { name, type, fqdn, fullName, siblings, joins, unnamedCopy, rrset };
}
