import { defineConfig } from '@playwright/test';
import type { JourneyOptions } from './e2e/support.ts';
import { stackEnv } from './e2e/stack.ts';

/**
 * Journeys against running APIs that serve the built SPA. The test runner gives E2E_BASE_URL_<worker> (e2e/stack.ts),
 * E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (a superadmin).
 *
 * The journeys tagged @dates run twice: as the machine is, and in a browser far from Korea (Los Angeles) whose
 * clock stands at a Korean night hour, when the browser's day and Korea's differ. A screen that took the
 * browser's day for Korea's fails there at any hour of CI, not only between 00:00 and 09:00 in Korea.
 */
export default defineConfig<JourneyOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One worker per app stack; the test runner passes --workers with the number of stacks it started.
  workers: 1,
  retries: 0,
  // With JOURNEY_STACKS=2, two stacks and their browsers share the machine's two cores: a long journey takes half as long again.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'chromium' },
    {
      name: 'korean-night',
      grep: /@dates/,
      outputDir: 'test-results/korean-night',
      use: { timezoneId: 'America/Los_Angeles', koreanNightClock: true },
    },
  ],
  use: {
    baseURL: stackEnv('E2E_BASE_URL'),
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
