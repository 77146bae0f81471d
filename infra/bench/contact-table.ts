// The contact table in Chromium: a book of many contacts opened in the built app, then scrolled through, while a
// PerformanceObserver records every main-thread task over 50 ms (the browser's "long tasks").
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { root } from '../scripts/lib/app.ts';

const CHROMIUM = '/usr/bin/chromium';

export interface ScrollFigures {
  /** Long tasks while opening the book (loading and first render). */
  openTasks: number[];
  /** Long tasks while scrolling. */
  scrollTasks: number[];
  scrollSteps: number;
  pageJumps: number;
  seconds: number;
}

/** Whether the browser part can run: Debian's Chromium and a built front end served by the API. */
export function contactTableBenchAvailable(): boolean {
  return existsSync(CHROMIUM) && existsSync(join(root, 'frontend/dist/index.html'));
}

/**
 * Opens `/admin/contact-book` signed in as `session`, picks the book, then scrolls its table top to bottom in
 * `steps` wheel turns (a frame apart, as a person flings through a list) and back by page jumps.
 */
export async function scrollContactTable(
  appUrl: string,
  session: { token: string; refreshToken: string; user: unknown },
  bookName: string,
  steps = 200,
): Promise<ScrollFigures> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1600, height: 1000 },
      storageState: {
        cookies: [],
        origins: [
          {
            origin: new URL(appUrl).origin,
            localStorage: [
              { name: 'token', value: session.token },
              { name: 'accessToken', value: session.token },
              { name: 'refreshToken', value: session.refreshToken },
              { name: 'user', value: JSON.stringify(session.user) },
            ],
          },
        ],
      },
    });
    const page = await context.newPage();
    // Page scripts as text: they run in the browser, which this file's types do not describe.
    await page.addInitScript({
      content: `window.longTasks = [];
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.longTasks.push(entry.duration); })
          .observe({ type: 'longtask', buffered: true });`,
    });
    const takeTasks = () => page.evaluate<number[]>('window.longTasks.splice(0)');
    await page.goto(`${appUrl}/admin/contact-book`);
    await page.getByRole('button', { name: /Address book/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${bookName} \\(`) }).click();
    const table = page.getByRole('table', { name: 'Contacts' });
    await table.getByRole('row').nth(3).waitFor();
    await page.waitForTimeout(500);
    const openTasks = await takeTasks();

    const box = (await table.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const height = await table.evaluate((element) => (element as unknown as { scrollHeight: number }).scrollHeight);
    const started = performance.now();
    const nextFrames = () =>
      page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    for (let step = 0; step < steps; step++) {
      await page.mouse.wheel(0, height / steps);
      await nextFrames();
    }
    // Back up by page jumps (100 rows each), as far as 20 pages.
    const previous = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /previous/i });
    let pageJumps = 0;
    while (pageJumps < 20 && (await previous.isEnabled())) {
      await previous.click();
      // The pager follows the scroll a frame later.
      await nextFrames();
      pageJumps++;
    }
    await page.waitForTimeout(300);
    const seconds = (performance.now() - started) / 1000;
    return { openTasks, scrollTasks: await takeTasks(), scrollSteps: steps, pageJumps, seconds };
  } finally {
    await browser.close();
  }
}
