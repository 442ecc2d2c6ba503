import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * React Router's production build, for the builds that ship (the app's, and the floor pages' in
 * bench/, which are built as the app is). The package's exports name its development build for
 * every condition; the production one differs only in `ENABLE_DEV_WARNINGS = false`, so its
 * development-only warnings (and their long messages) fall away when minified: 488 B gzip of the
 * feed's first load, 472 of the floor's. The dev server keeps the warnings.
 */
export function reactRouterProductionAlias(): { find: RegExp; replacement: string } {
  const file = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production', 'index.mjs');
  if (!existsSync(file)) throw new Error(`build/react-router-production.ts: React Router has no ${file} any more; look at its package for the production build`);
  return { find: /^react-router$/, replacement: file };
}
