import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no CSS.escape, which react-aria's modals use; the keys they escape are plain words.
if (!globalThis.CSS?.escape) {
  Object.defineProperty(globalThis, 'CSS', {
    value: { ...globalThis.CSS, escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) },
  });
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
