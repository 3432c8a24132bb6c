// The records of the large zones the import and transfer benchmarks seed: mostly A, some AAAA,
// TXT and MX, as a large zone holds them.

/** Record `i` of zone `zone` (no trailing dot), content canonical: the seed writes rows as they
 * are, not through the API's normalisation. */
export function largeZoneRow(zone: string, i: number) {
  const name = `h${i}.${zone}.`;
  const k = i % 10;
  if (k < 6)
    return { name, type: 'A', content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  if (k < 8) {
    const content = `2001:db8:${(0x100 + (i >> 12)).toString(16)}:${(0x1000 + (i & 0xfff)).toString(16)}::1`;
    return { name, type: 'AAAA', content };
  }
  if (k === 8) return { name, type: 'TXT', content: `"site-verification=${i}"` };
  return { name, type: 'MX', content: `10 mx${i % 100}.example.net.` };
}
