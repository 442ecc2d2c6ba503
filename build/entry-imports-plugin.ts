import type { Plugin } from 'vite';

/**
 * What the entry script (src/main.tsx) imports statically, followed to the end: code every page
 * runs before anything else, so always in the first load. The core chunk group (vite.config.ts)
 * takes it beside the shared libraries and layers: kept apart, the entry chunk and the core chunk
 * each listed the hundred-odd names the other used (its imports, core's exports), and were compressed
 * apart: 559 B gzip of the feed's first load (issue 37). The entry script itself stays the entry chunk
 * (with it in the group, Vite wrote two entry scripts into index.html).
 *
 * Collected when the module graph is complete (`buildEnd`), before chunks are formed; `has` answers
 * for the last build. Dynamic imports are not followed: what loads on demand stays out.
 */
export function entryImportsPlugin(): { plugin: Plugin; has(id: string): boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'social:entry-imports',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const imported = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const visit = (id: string) => {
        if (modules.has(id)) return;
        modules.add(id);
        for (const next of imported(id)) visit(next);
      };
      // index.html's module imports the entry script; the entry script's imports are what is taken.
      for (const html of [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry))
        for (const script of imported(html)) for (const next of imported(script)) visit(next);
    },
  };
  return { plugin, has: (id) => modules.has(id) };
}
