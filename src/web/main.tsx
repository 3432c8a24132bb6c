// Entry: takes the sign-in link's key out of the address bar before anything renders, then starts.
// ./app/csp comes first: it configures zod before any schema exists.
import { adoptCspNonce } from './app/csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handleSignInLink } from './api/sign-in-link';
import { App } from './app/app';
import './styles/index.css';

adoptCspNonce();
handleSignInLink();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
