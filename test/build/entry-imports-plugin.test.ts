// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { entryImportsPlugin } from '../../build/entry-imports-plugin';

/** A module graph as the bundler reports it at buildEnd: index.html imports the entry script. */
const GRAPH: Record<string, { isEntry?: boolean; importedIds: string[]; dynamicallyImportedIds?: string[] }> = {
  '/app/index.html': { isEntry: true, importedIds: ['/app/src/main.tsx'] },
  '/app/src/main.tsx': { importedIds: ['/app/src/app.tsx', '/app/src/lib/config.ts'], dynamicallyImportedIds: ['/app/src/routes/thread.tsx'] },
  '/app/src/app.tsx': { importedIds: ['/app/src/lib/config.ts', '/app/node_modules/react/index.js'] },
  '/app/src/lib/config.ts': { importedIds: ['/app/src/app.tsx'] },
  '/app/node_modules/react/index.js': { importedIds: [] },
  '/app/src/routes/thread.tsx': { importedIds: ['/app/src/thread-view.tsx'] },
  '/app/src/thread-view.tsx': { importedIds: [] },
};

function collect() {
  const { plugin, has } = entryImportsPlugin();
  const context = { getModuleIds: () => Object.keys(GRAPH)[Symbol.iterator](), getModuleInfo: (id: string) => GRAPH[id] ?? null };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  return has;
}

describe('entryImportsPlugin', () => {
  it('takes what the entry script imports statically, followed to the end (cycles too)', () => {
    const has = collect();
    for (const id of ['/app/src/app.tsx', '/app/src/lib/config.ts', '/app/node_modules/react/index.js']) expect(has(id), id).toBe(true);
  });

  it('leaves out the entry script itself, index.html, and what loads on demand', () => {
    const has = collect();
    for (const id of ['/app/src/main.tsx', '/app/index.html', '/app/src/routes/thread.tsx', '/app/src/thread-view.tsx']) expect(has(id), id).toBe(false);
  });
});
