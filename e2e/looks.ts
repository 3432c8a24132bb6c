// The looks screenshots are taken in: light and dark, a desktop and a 360 px phone.
import type { Page } from '@playwright/test';

export interface Look {
  scheme: 'light' | 'dark';
  device: 'desktop' | 'phone';
  viewport: { width: number; height: number };
}

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 360, height: 740 },
} as const;

/** Every look when screenshots are asked for (`dir` set), none otherwise. */
export function looksFor(dir: string | undefined): Look[] {
  if (!dir) return [];
  return (['light', 'dark'] as const).flatMap((scheme) =>
    (['desktop', 'phone'] as const).map((device) => ({
      scheme,
      device,
      viewport: VIEWPORTS[device],
    })),
  );
}

/** Puts the page in the look: its viewport, colour scheme and no motion. */
export async function wear(page: Page, look: Look): Promise<void> {
  await page.setViewportSize(look.viewport);
  await page.emulateMedia({ colorScheme: look.scheme, reducedMotion: 'reduce' });
}
