import { describe, expect, it } from 'vitest';
import { rrsetView } from './diff-model';

const v = (content: string, disabled = false) => ({ content, disabled });

describe('rrsetView', () => {
  it('marks values removed on the left and added on the right, kept ones the same', () => {
    const view = rrsetView({
      before: { ttl: 300, comment: null, values: [v('192.0.2.1'), v('192.0.2.2')] },
      after: { ttl: 3600, comment: 'web', values: [v('192.0.2.2'), v('192.0.2.3')] },
    });
    expect(view.mark).toBe('changed');
    expect(view.before?.values.map((x) => [x.content, x.mark])).toEqual([
      ['192.0.2.1', 'removed'],
      ['192.0.2.2', 'same'],
    ]);
    expect(view.after?.values.map((x) => [x.content, x.mark])).toEqual([
      ['192.0.2.2', 'same'],
      ['192.0.2.3', 'added'],
    ]);
    expect(view.after).toMatchObject({ ttlChanged: true, commentChanged: true });
  });

  it('a value switched off is changed on both sides, not added and removed', () => {
    const view = rrsetView({
      before: { ttl: 300, comment: null, values: [v('a.example.')] },
      after: { ttl: 300, comment: null, values: [v('a.example.', true)] },
    });
    expect(view.before?.values[0]?.mark).toBe('changed');
    expect(view.after?.values[0]).toEqual({
      content: 'a.example.',
      disabled: true,
      mark: 'changed',
    });
    expect(view.after).toMatchObject({ ttlChanged: false, commentChanged: false });
  });

  it('a new RRset is added with every value added; a deleted one removed', () => {
    const state = { ttl: 300, comment: null, values: [v('x')] };
    const added = rrsetView({ before: null, after: state });
    expect(added.mark).toBe('added');
    expect(added.before).toBeNull();
    expect(added.after?.values[0]?.mark).toBe('added');
    expect(added.after?.ttlChanged).toBe(false);
    const removed = rrsetView({ before: state, after: null });
    expect(removed.mark).toBe('removed');
    expect(removed.before?.values[0]?.mark).toBe('removed');
  });
});
