import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The rules package is compiled with the SPA from its TypeScript source: no build of it to keep fresh.
  resolve: { conditions: ['job-casting-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['job-casting-source', ...defaultServerConditions] } },
  server: {
    port: 3000,
    strictPort: true,
    // The API runs on 8080 in development; in production it serves the built SPA on the same origin.
    proxy: { '/backend': 'http://localhost:8080' },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});
