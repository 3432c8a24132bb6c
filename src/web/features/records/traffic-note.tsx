// What the traffic columns count, and what they cannot see: said plainly above the table.
export function TrafficNote({ days, failed }: { days: number; failed: boolean }) {
  return (
    <p className="traffic-note muted">
      {failed
        ? 'The queries per record could not be read just now; the traffic columns show “–”. '
        : `Queries (${days} d) and Last queried count the queries this service’s own DNS server answered from each RRset. `}
      They cannot see answers that resolvers serve from their caches, nor queries answered by
      secondary servers: a record with no queries here may still be in use.
    </p>
  );
}
