// A DNS name that wraps after one of its dots, not inside a label, when the line is too narrow.
import { Fragment } from 'react';

export function DnsName({ name }: { name: string }) {
  const labels = name.split('.');
  return labels.map((l, i) => (
    <Fragment key={i}>
      {l}
      {i < labels.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}
