// A change's RRsets, before and after side by side, and the zone settings it touched. Additions
// and removals carry a sign and a word, not only a colour. Also the revert dialog's preview.
import type { RRsetDiff, SettingDiff } from '../../../shared/api/changes';
import { formatTtl } from '../../ui/format';
import { rrsetView, type Mark, type SideView } from './diff-model';

const SIGN: Record<Mark, string> = { added: '+', removed: '−', changed: '~', same: '' };

function MarkTag({ mark }: { mark: Mark }) {
  if (mark === 'same') return null;
  return <span className={`diff-tag diff-tag-${mark}`}>{mark}</span>;
}

function Side({ label, view, absent }: { label: string; view: SideView | null; absent: string }) {
  return (
    <div className="diff-side">
      <h5 className="diff-side-title">{label}</h5>
      {!view ? (
        <p className="diff-absent muted">{absent}</p>
      ) : (
        <>
          <p className={view.ttlChanged ? 'diff-meta diff-changed' : 'diff-meta'}>
            TTL {formatTtl(view.ttl, 'short')}
            {view.ttlChanged && <MarkTag mark="changed" />}
          </p>
          {(view.comment !== null || view.commentChanged) && (
            <p className={view.commentChanged ? 'diff-meta diff-changed' : 'diff-meta'}>
              Comment: {view.comment ?? <span className="muted">none</span>}
              {view.commentChanged && <MarkTag mark="changed" />}
            </p>
          )}
          <ul className="diff-values" aria-label={`${label}: values`}>
            {view.values.map((v) => (
              <li key={v.content} className={`diff-value diff-value-${v.mark}`}>
                <span className="diff-sign" aria-hidden="true">
                  {SIGN[v.mark]}
                </span>
                <span className="mono diff-content">{v.content}</span>
                {v.disabled && <span className="diff-disabled">disabled</span>}
                <MarkTag mark={v.mark} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function RRsetDiffView({ diff }: { diff: RRsetDiff }) {
  const view = rrsetView(diff);
  return (
    <section className="diff-rrset" aria-label={`${diff.name} ${diff.type}`}>
      <h4 className="diff-rrset-title">
        <span className="mono">{diff.name}</span> <span className="diff-type">{diff.type}</span>
        <span className={`diff-tag diff-tag-${view.mark}`}>
          {view.mark === 'changed' ? 'changed' : `RRset ${view.mark}`}
        </span>
      </h4>
      <div className="diff-sides">
        <Side label="Before" view={view.before} absent="Did not exist" />
        <Side label="After" view={view.after} absent="Deleted" />
      </div>
    </section>
  );
}

export const SETTING_NAMES: Record<SettingDiff['field'], string> = {
  ttl: 'Default TTL',
  status: 'Status',
  dnssec_enabled: 'DNSSEC',
  dnssec_ds_removal: 'DS removal (CDS delete)',
};

export function settingValue(field: SettingDiff['field'], value: SettingDiff['before']): string {
  if (field === 'dnssec_ds_removal') return value ? 'requested' : 'not requested';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (field === 'ttl' && typeof value === 'number') return formatTtl(value, 'short');
  return String(value);
}

export function ChangeDiff({ rrsets, settings }: { rrsets: RRsetDiff[]; settings: SettingDiff[] }) {
  return (
    <div className="change-diff">
      {settings.length > 0 && (
        <table className="diff-settings">
          <caption className="sr-only">Zone settings changed</caption>
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {settings.map((s) => (
              <tr key={s.field}>
                <th scope="row">{SETTING_NAMES[s.field]}</th>
                <td>{settingValue(s.field, s.before)}</td>
                <td>{settingValue(s.field, s.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rrsets.map((d) => (
        <RRsetDiffView key={`${d.name} ${d.type}`} diff={d} />
      ))}
    </div>
  );
}
