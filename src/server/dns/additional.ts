// Reading the names that RDATA holds (NS, CNAME, MX and SRV hosts).
/** A name written uncompressed (as our RDATA always is) at `offset`, as the server holds names. */
export function nameAt(rdata: Buffer, offset: number): string {
  const labels: string[] = [];
  for (let i = offset; rdata[i]; i += rdata[i]! + 1)
    labels.push(rdata.toString('latin1', i + 1, i + 1 + rdata[i]!));
  return labels.join('.');
}
