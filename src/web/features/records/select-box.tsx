// A row's selection checkbox. Space toggles it (the browser's own); Shift+Space and shift-click
// extend the selection from the last checkbox used, as in a mail client.
import type { KeyboardEvent } from 'react';

interface SelectBoxProps {
  label: string;
  /** 'mixed': some values of the RRset are selected. */
  checked: boolean | 'mixed';
  onSelect: (on: boolean, extend: boolean) => void;
}

export function SelectBox({ label, checked, onSelect }: SelectBoxProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== ' ' || !e.shiftKey) return;
    // Handled here: the browser would toggle without telling us Shift was held.
    e.preventDefault();
    onSelect(checked !== true, true);
  };
  return (
    <input
      type="checkbox"
      className="select-box"
      aria-label={label}
      checked={checked === true}
      ref={(el) => {
        if (el) el.indeterminate = checked === 'mixed';
      }}
      onKeyDown={onKeyDown}
      onChange={(e) => {
        const extend = e.nativeEvent instanceof MouseEvent && e.nativeEvent.shiftKey;
        onSelect(e.target.checked, extend);
      }}
    />
  );
}
