// The search field above a list: a visible label, the search icon and the "/" shortcut that
// focuses it from anywhere on the page (see use-slash-focus.ts).
import { useId, useRef, type RefObject } from 'react';
import { IconSearch } from './icons';
import { useSlashFocus } from './use-slash-focus';

interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** For a page that moves focus to the box itself (after a dialog, say). */
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function SearchBox({ label, placeholder, value, onChange, inputRef }: SearchBoxProps) {
  const id = useId();
  const own = useRef<HTMLInputElement>(null);
  const ref = inputRef ?? own;
  useSlashFocus(ref);
  return (
    <div className="search">
      <label htmlFor={id} className="search-label">
        {label}
      </label>
      <span className="search-field">
        <IconSearch className="search-icon" />
        <input
          id={id}
          ref={ref}
          className="input"
          aria-keyshortcuts="/"
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <kbd className="search-kbd" aria-hidden="true">
          /
        </kbd>
      </span>
    </div>
  );
}
