// What the traffic columns count, and what they cannot see: said plainly above the table. On a
// phone only what they cannot see is said (the cards label their counts), so the first records
// stay in view.
export function TrafficNote({ days, failed }: { days: number; failed: boolean }) {
  return (
    <p className="traffic-note muted">
      {failed ? (
        'The queries per record could not be read just now; the traffic columns show “–”. '
      ) : (
        <span className="traffic-note-what">
          Queries ({days} d) and Last queried count the queries this service’s own DNS server
          answered from each RRset.{' '}
        </span>
      )}
      The counts cannot see answers that resolvers serve from their caches, nor queries answered by
      secondary servers: a record with no queries here may still be in use.
    </p>
  );
}
