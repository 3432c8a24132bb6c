// Placeholder dashboard until the dashboard issue lands: takes the sign-in link's key out of the
// address bar at once and points to the API.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Placeholder } from './placeholder';

const match = /^#key=(.+)$/.exec(window.location.hash);
if (match?.[1]) {
  sessionStorage.setItem('zonedeck.key', decodeURIComponent(match[1]));
  history.replaceState(null, '', window.location.pathname + window.location.search);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder signedIn={sessionStorage.getItem('zonedeck.key') !== null} />
  </StrictMode>,
);
