/** The product mark and name. */
export function Logo() {
  return (
    <span className="logo">
      <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path
          d="M9 10h14l-14 12h14"
          stroke="var(--accent-contrast)"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo-text">Zonedeck</span>
    </span>
  );
}
