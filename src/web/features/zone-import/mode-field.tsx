// Merge or replace, each with one line on what it does to the zone.
import { useId } from 'react';
import type { ImportMode } from '../../api/zone-import';

const MODES: ReadonlyArray<{ value: ImportMode; label: string; meaning: string }> = [
  {
    value: 'merge',
    label: 'Merge',
    meaning: 'The file’s RRsets replace those of the same name and type; every other RRset stays.',
  },
  {
    value: 'replace',
    label: 'Replace',
    meaning: 'The zone ends up holding exactly the file’s RRsets; every other RRset is removed.',
  },
];

export function ModeField({
  mode,
  onMode,
}: {
  mode: ImportMode;
  onMode: (mode: ImportMode) => void;
}) {
  const id = useId();
  return (
    <fieldset className="field">
      <legend className="field-label">Mode</legend>
      <div className="radio-cards">
        {MODES.map((m) => (
          <label key={m.value} className="radio-card">
            <input
              type="radio"
              name={`${id}-mode`}
              value={m.value}
              checked={mode === m.value}
              onChange={() => onMode(m.value)}
              aria-labelledby={`${id}-${m.value}-label`}
              aria-describedby={`${id}-${m.value}-hint`}
            />
            <span className="radio-card-text">
              <span className="radio-card-label" id={`${id}-${m.value}-label`}>
                {m.label}
              </span>
              <span className="radio-card-hint" id={`${id}-${m.value}-hint`}>
                {m.meaning}
              </span>
            </span>
          </label>
        ))}
      </div>
      <p className="field-hint">
        SOA and apex NS records stay the service’s own: those lines are skipped, never imported.
      </p>
    </fieldset>
  );
}
