/**
 * The floor page's build (see main.tsx): the app's settings that shape what a browser loads —
 * relative URLs, es2022, React's plugin, React Router's production build — and nothing else. The bench builds it into a temp dir:
 * `vite build --config bench/floor/vite.config.ts --outDir <dir>`.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { reactRouterProductionAlias } from '../../build/react-router-production.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  resolve: { alias: [reactRouterProductionAlias()] },
  publicDir: false,
  logLevel: 'warn',
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    emptyOutDir: true,
  },
});
