// Theme switch: System, Light or Dark, as three toggle buttons (only one pressed).
import { setTheme, useTheme, type ThemeChoice } from './theme';
import { IconMonitor, IconMoon, IconSun } from './icons';

const OPTIONS: Array<{ value: ThemeChoice; label: string; Icon: typeof IconSun }> = [
  { value: 'system', label: 'System theme', Icon: IconMonitor },
  { value: 'light', label: 'Light theme', Icon: IconSun },
  { value: 'dark', label: 'Dark theme', Icon: IconMoon },
];

export function ThemeToggle() {
  const { choice } = useTheme();
  return (
    <div className="segmented" role="group" aria-label="Theme">
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          className="segmented-item"
          aria-label={label}
          title={label}
          aria-pressed={choice === value}
          onClick={() => setTheme(value)}
        >
          <Icon />
        </button>
      ))}
    </div>
  );
}
