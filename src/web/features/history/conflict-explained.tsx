// Why a revert was refused: each RRset (and zone setting) changed since the change, with the
// state the change left beside the state now.
import type { RRsetState } from '../../../shared/api/changes';
import type { ChangeConflict } from '../../api/changes';
import { formatTtl } from '../../ui/format';
import { SETTING_NAMES, settingValue } from './change-diff';

function stateText(state: RRsetState): string {
  if (!state) return 'does not exist';
  const values = state.values.map((v) => (v.disabled ? `${v.content} (disabled)` : v.content));
  return `TTL ${formatTtl(state.ttl, 'short')}: ${values.join(', ') || 'no values'}`;
}

function Then({ left, now }: { left: string; now: string }) {
  return (
    <dl>
      <dt>This change left</dt>
      <dd className="mono">{left}</dd>
      <dt>Now</dt>
      <dd className="mono">{now}</dd>
    </dl>
  );
}

export function ConflictExplained({ conflict }: { conflict: ChangeConflict }) {
  const settings = conflict.settings ?? [];
  const many = conflict.rrsets.length + settings.length > 1;
  return (
    <div className="callout callout-warning revert-conflict" role="alert">
      <div className="callout-body">
        <p className="callout-title">Changed since</p>
        <p>
          {many ? 'These were' : 'This was'} changed again after this change was made. Reverting
          anyway overwrites the later edits with the state shown below; Cancel leaves everything as
          it is.
        </p>
        <ul className="revert-conflict-list">
          {conflict.rrsets.map((r) => (
            <li key={`${r.name} ${r.type}`}>
              <span className="mono">
                {r.name} {r.type}
              </span>
              <Then left={stateText(r.expected)} now={stateText(r.current)} />
            </li>
          ))}
          {settings.map((s) => (
            <li key={s.field}>
              <span>The zone’s {SETTING_NAMES[s.field].toLowerCase()}</span>
              <Then
                left={settingValue(s.field, s.expected)}
                now={settingValue(s.field, s.current)}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
