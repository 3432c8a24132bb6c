// The durability scenario's parts, shared by the SQLite and PostgreSQL tests: writers creating
// records until the server is killed under them, and which acknowledged writes a server lacks.
import { waitForExit, type ServerProcess } from './process';

interface Answer {
  status: number;
  body: { data: Record<string, unknown> & { records?: { content: string }[] } };
}

export async function call(
  url: string,
  key: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(url + p, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/**
 * Eight writers create records in `zoneId` until the server dies under them: SIGKILL once
 * `minimum` were acknowledged. Returns the contents of the acknowledged ones.
 */
export async function killUnderWrites(
  server: ServerProcess,
  key: string,
  zoneId: string,
  minimum: number,
): Promise<string[]> {
  const acknowledged: string[] = [];
  let n = 0;
  const writer = async () => {
    for (;;) {
      const content = `10.0.${Math.floor(n / 250)}.${n++ % 250}`;
      try {
        const r = await call(server.url, key, 'POST', `/v1/zones/${zoneId}/records`, {
          name: 'host',
          type: 'A',
          content,
        });
        if (r.status === 201) acknowledged.push(content);
      } catch {
        return; // connection refused or reset: the server is gone
      }
    }
  };
  const writers = Array.from({ length: 8 }, writer);
  while (acknowledged.length < minimum) await new Promise((r) => setTimeout(r, 5));
  server.child.kill('SIGKILL');
  await Promise.all(writers);
  await waitForExit(server.child);
  return acknowledged;
}

/** The acknowledged contents that the zone, as `url` serves it, does not hold. */
export async function missingFrom(
  url: string,
  key: string,
  zoneId: string,
  acknowledged: string[],
): Promise<string[]> {
  const list = await call(url, key, 'GET', `/v1/zones/${zoneId}/records?limit=1000`);
  if (list.status !== 200) throw new Error(`listing the records gave ${list.status}`);
  const stored = new Set(list.body.data.records!.map((r) => r.content));
  return acknowledged.filter((c) => !stored.has(c));
}
