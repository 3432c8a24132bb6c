// Vitest setup of the dashboard's tests (jsdom): jest-dom matchers, a clean DOM and storage.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';

/**
 * A toast on its way out removes itself 200 ms later (sonner's TIME_BEFORE_UNMOUNT), a timer its
 * unmounting does not clear: fired after the file's jsdom window is gone, React's update throws
 * "window is not defined", an unhandled error that fails the run. A file that showed a toast
 * waits that out after its last test.
 */
const TOAST_EXIT_MS = 300;
afterAll(async () => {
  if (toast.getHistory().length) await new Promise((resolve) => setTimeout(resolve, TOAST_EXIT_MS));
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
