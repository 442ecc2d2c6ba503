/** Before any journey: the builds they drive must exist (`npm test` makes both). */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { DIST_DIR, PREVIEW_DIR } from './fixtures';

export default async function globalSetup(): Promise<void> {
  const missing: string[] = [];
  for (const [dir, command] of [
    [DIST_DIR, 'npm run build'],
    [PREVIEW_DIR, 'npm run build:preview'],
  ] as const) {
    await access(path.join(dir, 'index.html')).catch(() => missing.push(`${path.relative(process.cwd(), dir)}/ (${command})`));
  }
  if (missing.length) throw new Error(`The journeys drive built files; missing: ${missing.join(', ')}. Run the command(s) first.`);
}
