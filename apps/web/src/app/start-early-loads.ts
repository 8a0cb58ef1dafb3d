import { hasTokens } from '../api/tokens';
import { startEditorPrefetch } from '../features/editor/prefetch';

// Imported first by main.tsx, so that this runs before the app's own modules are evaluated (a good 100 ms on a slow
// machine): a reload of the editor starts loading its document, PDF and code at once.
if (hasTokens()) startEditorPrefetch(window.location.pathname);
