// The stored theme choice, applied before the first paint (no light flash in dark mode). A file,
// not an inline script, so that the Content-Security-Policy needs no 'unsafe-inline' or hash.
try {
  const t = localStorage.getItem('zonedeck.theme');
  if (t === 'light' || t === 'dark') document.documentElement.dataset.theme = t;
} catch {
  // storage blocked by the browser: the system's theme applies
}
