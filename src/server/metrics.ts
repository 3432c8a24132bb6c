// The operator's figures, in Prometheus text form at /metrics: every metric is declared here once
// and incremented where it happens (DNS, HTTP, store, usage). One registry per running service,
// so that test servers in one process do not add up each other's counts.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    dnsQueries: new Counter({
      name: 'zonedeck_dns_queries_total',
      help: 'DNS queries answered, by response code and transport',
      labelNames: ['rcode', 'transport'] as const,
      registers,
    }),
    dnsRrl: new Counter({
      name: 'zonedeck_dns_rrl_total',
      help: 'Responses held back by response rate limiting: dropped, or slipped (sent truncated so that the client retries over TCP)',
      labelNames: ['action'] as const,
      registers,
    }),
    dnsTcpConnections: new Gauge({
      name: 'zonedeck_dns_tcp_connections',
      help: 'Open DNS-over-TCP connections',
      registers,
    }),
    dnsTcpRefused: new Counter({
      name: 'zonedeck_dns_tcp_closed_total',
      help: 'DNS-over-TCP connections refused or closed by a limit, by reason',
      labelNames: ['reason'] as const,
      registers,
    }),
    httpRequests: new Counter({
      name: 'zonedeck_http_requests_total',
      help: 'HTTP requests, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'zonedeck_http_request_duration_seconds',
      help: 'HTTP request latency, by route pattern and method',
      labelNames: ['route', 'method'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    httpRateLimited: new Counter({
      name: 'zonedeck_http_rate_limited_total',
      help: 'HTTP requests refused with 429 by the per-key rate limit',
      registers,
    }),
    storeCommit: new Histogram({
      name: 'zonedeck_store_commit_duration_seconds',
      help: 'Time of one group-commit batch, from BEGIN to the end of COMMIT (its fsync included)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    usageFlushLag: new Gauge({
      name: 'zonedeck_usage_flush_lag_seconds',
      help: 'Age of the oldest DNS query count not yet written to the database',
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
