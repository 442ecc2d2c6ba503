/**
 * The API floor page's build (see main.tsx): the floor page's settings (bench/floor/vite.config.ts),
 * from this folder. The bench builds it into a temp dir: `vite build --config bench/floor-api/vite.config.ts --outDir <dir>`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vite';
import floor from '../floor/vite.config';

export default mergeConfig(floor, defineConfig({ root: fileURLToPath(new URL('.', import.meta.url)) }));
