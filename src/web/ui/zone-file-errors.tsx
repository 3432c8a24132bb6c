// The errors of a zone file by line: the line's number, its own text and what is wrong with it.
// One list for the import preview and for a zone created from a file.
import { useCallback } from 'react';
import type { ImportError } from '../../shared/api/zone-file';
import { formatNumber } from './format';
import { VirtualList } from './virtual-list';

interface ZoneFileErrorsProps {
  errors: readonly ImportError[];
  /** The file's lines as sent (index 0 is line 1); null when the text is not at hand. */
  lines: readonly string[] | null;
  /** Puts the caret on the line in the editor, when there is one to go to. */
  onGoToLine?: (line: number) => void;
  label?: string;
}

/** Long lines are cut: the message, not a 2,000-character TXT value, is what matters here. */
const LINE_SHOWN = 200;

export function ZoneFileErrors({
  errors,
  lines,
  onGoToLine,
  label = 'Errors by line',
}: ZoneFileErrorsProps) {
  const estimate = useCallback((e: ImportError) => (e.message.length > 80 ? 78 : 58), []);
  const key = useCallback((e: ImportError, i: number) => `${e.line}:${i}`, []);
  const render = useCallback(
    (e: ImportError) => {
      const text = lines?.[e.line - 1];
      const where = `Line ${formatNumber(e.line)}`;
      return (
        <div className="zf-error">
          {onGoToLine ? (
            <button
              type="button"
              className="zf-line zf-line-link"
              onClick={() => onGoToLine(e.line)}
              aria-label={`${where}: go to the line in the editor`}
            >
              {where}
            </button>
          ) : (
            <span className="zf-line">{where}</span>
          )}
          {text !== undefined && (
            <code className="zf-text">
              {text.length > LINE_SHOWN ? `${text.slice(0, LINE_SHOWN)}…` : text || ' '}
            </code>
          )}
          <p className="zf-message">{e.message}</p>
        </div>
      );
    },
    [lines, onGoToLine],
  );
  return (
    <VirtualList
      items={errors}
      label={label}
      estimate={estimate}
      itemKey={key}
      render={render}
      className="zf-errors"
    />
  );
}
