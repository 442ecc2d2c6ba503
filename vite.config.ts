import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { buildId } from './build/build-id';
import { cspPlugin } from './build/csp-plugin';
import { i18nCatalogPlugin } from './build/i18n-plugin';
import { mockMediaPlugin } from './build/mock-media-plugin';
import { previewConfigPlugin } from './build/preview-config-plugin';
import { pwaPlugin } from './build/pwa-plugin';

// base './' keeps every asset URL relative, so dist/ runs from any sub-path of any static host.
export default defineConfig(({ mode }) => ({
  base: './',
  plugins: [react(), i18nCatalogPlugin(), cspPlugin(), previewConfigPlugin(), mockMediaPlugin(), pwaPlugin(mode)],
  // The persisted query cache's version (src/lib/query-persistence.ts): a new build ignores an old one's.
  define: { 'import.meta.env.BUILD_ID': JSON.stringify(buildId(fileURLToPath(new URL('.', import.meta.url)))) },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Read by scripts/check-size.mjs to know which chunks a page loads first.
    manifest: true,
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 15000,
  },
}));
