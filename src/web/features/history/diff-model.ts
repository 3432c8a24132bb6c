// What each side of an RRset diff shows: every value with its mark, and which of TTL, comment
// and the RRset itself changed. Pure, so that the marks are tested without rendering.
import type { RRsetDiff, RRsetState } from '../../../shared/api/changes';

export type Mark = 'added' | 'removed' | 'changed' | 'same';

export interface ValueLine {
  content: string;
  disabled: boolean;
  mark: Mark;
}

export interface SideView {
  ttl: number;
  comment: string | null;
  ttlChanged: boolean;
  commentChanged: boolean;
  values: ValueLine[];
}

export interface RRsetView {
  /** The RRset as a whole: created, deleted, or edited. */
  mark: 'added' | 'removed' | 'changed';
  before: SideView | null;
  after: SideView | null;
}

function side(own: NonNullable<RRsetState>, other: RRsetState, gone: Mark): SideView {
  const others = new Map((other?.values ?? []).map((v) => [v.content, v]));
  return {
    ttl: own.ttl,
    comment: own.comment,
    ttlChanged: other !== null && other.ttl !== own.ttl,
    commentChanged: other !== null && other.comment !== own.comment,
    values: own.values.map((v) => {
      const match = others.get(v.content);
      const mark: Mark = !match ? gone : match.disabled !== v.disabled ? 'changed' : 'same';
      return { content: v.content, disabled: v.disabled, mark };
    }),
  };
}

export function rrsetView({ before, after }: Pick<RRsetDiff, 'before' | 'after'>): RRsetView {
  return {
    mark: before === null ? 'added' : after === null ? 'removed' : 'changed',
    before: before && side(before, after, 'removed'),
    after: after && side(after, before, 'added'),
  };
}
