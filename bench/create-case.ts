// The record-create case, the same on every store.
import type { Measure } from './api';

/** Record creates from 16 clients into one zone, each a new value (the create budget). */
export function createCase(
  run: Measure,
  url: string,
  headers: Record<string, string>,
  zoneId: string,
  name: string,
) {
  let n = 0;
  return run(
    name,
    {
      url: `${url}/v1/zones/${zoneId}/records`,
      method: 'POST',
      connections: 16,
      headers,
      requests: [
        {
          setupRequest: (req) => {
            const i = n++;
            return {
              ...req,
              body: JSON.stringify({
                name: `h${i % 5000}`,
                type: 'A',
                content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
              }),
            };
          },
        },
      ],
    },
    (r) => (r.rps >= 1000 ? 'ok (>= 1000/s)' : 'OVER BUDGET (< 1000/s)'),
  );
}
