import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Names this build of the app: the package version and a hash of the sources and the lockfile.
 * The same code builds the same id (reproducible builds keep their asset names), any change to
 * the code or a dependency gives a new one. The persisted query cache carries it, so a new build
 * never reads a cache an older one wrote.
 */
export function buildId(root: string): string {
  const hash = createHash('sha256');
  const files = [...filesUnder(join(root, 'src')), join(root, 'package-lock.json')].sort();
  for (const file of files) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return `${version}+${hash.digest('hex').slice(0, 12)}`;
}
