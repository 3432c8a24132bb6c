// A metric's current value as /metrics would report it, for tests of the operator's figures.
import type { Metrics } from '../metrics';

/** The value of `name` with exactly these labels (0 when it has none yet). */
export async function metricValue(
  metrics: Metrics,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name} is declared`);
  const { values } = await metric.get();
  const keys = Object.keys(labels);
  const match = values.find(
    (v) =>
      Object.keys(v.labels).length === keys.length &&
      keys.every((k) => String(v.labels[k]) === labels[k]),
  );
  return match?.value ?? 0;
}
