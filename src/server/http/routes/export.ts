// GET /v1/zones/{zone_id}/export: the zone as a BIND zone file, streamed page by page.
import { createRoute, z } from '@hono/zod-openapi';
import type { RecordType } from '../../../shared/dns/records/index';
import { rrsetLines, zoneFileHeader } from '../../../shared/dns/zone-file/index';
import type { RRsetForFile } from '../../../shared/dns/zone-file/index';
import type { Db } from '../../store/db';
import { recordsAfter, type RecordRow } from '../../store/records';
import type { ZoneRow } from '../../store/zones';
import { nameserversFor } from '../../zones/nameservers';
import { soaValues } from '../../zones/soa';
import { pacer } from '../../slices';
import { loadZone } from '../loaders';
import { commonErrors, register, type Registrar } from '../registrar';
import { zoneParams } from './zones';

/** Rows read per query: memory stays at one page whatever the zone's size. */
export const EXPORT_PAGE = 2000;

const dotted = (name: string) => (name.endsWith('.') ? name : `${name}.`);

/** The file's lines, one page of the store at a time; RRsets span pages. */
async function* exportLines(db: Db, zone: ZoneRow, nameservers: string[]) {
  const origin = dotted(zone.name);
  yield* zoneFileHeader({
    origin,
    ttl: zone.ttl,
    soa: soaValues(zone.name, nameservers, zone.serial),
  });
  for (const ns of nameservers) yield `@\t${zone.ttl}\tIN\tNS\t${dotted(ns)}`;
  let current: RRsetForFile | null = null;
  let after: RecordRow | undefined;
  // A fast reader takes the stream as fast as it is made, all of it in promise callbacks: the
  // pages are made in slices, so that DNS answers meanwhile (slices.ts).
  const pace = pacer();
  for (;;) {
    await pace();
    const rows = await recordsAfter(db, zone.id, after, EXPORT_PAGE);
    for (const row of rows) {
      const name = dotted(row.name);
      // The apex NS served is the service's own, written above.
      if (row.type === 'NS' && name === origin) continue;
      if (!current || current.name !== name || current.type !== row.type) {
        if (current) yield* rrsetLines(current, origin);
        current = {
          name,
          type: row.type as RecordType,
          ttl: row.ttl,
          ...(row.comment ? { comment: row.comment } : {}),
          values: [],
        };
      }
      (current.values as { content: string; disabled: boolean }[]).push({
        content: row.content,
        disabled: row.disabled === 1,
      });
    }
    if (rows.length < EXPORT_PAGE) break;
    after = rows[rows.length - 1];
  }
  if (current) yield* rrsetLines(current, origin);
}

function fileStream(lines: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      // A chunk of lines per pull: fewer, larger writes than one per line.
      let chunk = '';
      while (chunk.length < 64 * 1024) {
        const next = await lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += `${next.value}\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

export function registerExportRoutes(r: Registrar) {
  const { store, config } = r.deps;
  const { db } = store;

  register(
    r,
    ['zones:read', 'records:read'],
    createRoute({
      method: 'get',
      path: '/v1/zones/{zone_id}/export',
      summary: 'Export the zone as a zone file (BIND format)',
      description:
        'The SOA and apex NS as served, $ORIGIN and $TTL, then every RRset in name order; RRset comments as comments, disabled values commented out. Streamed.',
      middleware: [loadZone(db)],
      request: { params: zoneParams },
      responses: {
        200: {
          content: { 'text/dns': { schema: z.string() } },
          description: 'The zone file, as an attachment named <zone>.zone',
        },
        ...commonErrors,
      },
    }),
    (c) => {
      const zone = c.get('zone');
      const nameservers = nameserversFor(config, zone.region);
      const file = zone.name.replace(/\.$/, '');
      return new Response(fileStream(exportLines(db, zone, nameservers)), {
        status: 200,
        headers: {
          'Content-Type': 'text/dns; charset=utf-8',
          'Content-Disposition': `attachment; filename="${file}.zone"`,
        },
      });
    },
  );
}
