import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadAppTexts } from '../i18n';

const isDom = typeof document !== 'undefined';

// The components' tests (in happy-dom) render pages behind a log-in too: their texts are loaded once, as
// app/pages.ts loads them with those pages. The other tests keep the catalogue as a first load has it.
beforeAll(() => (isDom ? loadAppTexts() : undefined));

afterEach(() => {
  vi.unstubAllGlobals();
  if (!isDom) return;
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});
