// Starts a real Knot, NSD or BIND as a secondary of a given primary, for tests.
import {
  startEngine,
  type Secondary,
  type SecondaryKind,
  type SecondaryOptions,
  type Engine,
} from './secondary';
import { knotEngine } from './secondary-knot';
import { nsdEngine } from './secondary-nsd';
import { bindEngine } from './secondary-bind';

export type { Secondary, SecondaryKind, SecondaryOptions } from './secondary';

export const engines: Record<SecondaryKind, Engine> = {
  knot: knotEngine,
  nsd: nsdEngine,
  bind: bindEngine,
};

export function startSecondary(kind: SecondaryKind, options: SecondaryOptions): Promise<Secondary> {
  return startEngine(engines[kind], options);
}
