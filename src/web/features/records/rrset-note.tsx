// Said in the record form when the value is one of several of its RRset (or joins one): the TTL
// and comment belong to the whole RRset.
interface RRsetNoteProps {
  /** The name as typed (relative) and the type. */
  name: string;
  type: string;
  /** The RRset's other values. */
  others: number;
  editing: boolean;
}

export function RRsetNote({ name, type, others, editing }: RRsetNoteProps) {
  const what = (
    <code>
      {name} {type}
    </code>
  );
  return (
    <div className="callout callout-info rrset-note" data-testid="rrset-note">
      <div className="callout-body">
        <p>
          {editing ? (
            <>
              This is one of <strong>{others + 1} values</strong> of {what}.
            </>
          ) : (
            <>
              {what} already has {others} value{others === 1 ? '' : 's'}; this one joins them.
            </>
          )}{' '}
          TTL and comment belong to the whole RRset: what you set here applies to every value.
        </p>
      </div>
    </div>
  );
}
