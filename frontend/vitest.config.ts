import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      restoreMocks: true,
      // Vitest's default is one worker fewer than the cores: one worker on a two-core machine, half of it idle.
      maxWorkers: '100%',
      // Tests that click through a dialog in jsdom take seconds when the machine is busy (npm test runs them beside
      // the back-end suite on two cores); 5 s, the default, timed some out.
      testTimeout: 20_000,
    },
  }),
);
