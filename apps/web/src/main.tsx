import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { hasTokens } from './api/tokens';
import { App } from './app/App';
import { startEditorPrefetch } from './features/editor/prefetch';

const root = document.getElementById('root');
if (root === null) throw new Error('The page has no #root element');

// A reload of the editor: its code, pdf.js and its data load while the app renders its first screen.
if (hasTokens()) startEditorPrefetch(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
