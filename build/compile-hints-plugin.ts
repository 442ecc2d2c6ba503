import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a file whose first line is this comment has all its
 * functions compiled eagerly, on the background thread that streams and parses the script while
 * it downloads, instead of each one lazily on the main thread the first time it is called. Other
 * engines read it as a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks whose code mostly runs as a page starts: the shared core (which holds the app's start, src/app/start.tsx), the first pages. */
export const EAGER_CHUNKS = ['core', 'feed', 'thread'] as const;

/** `code` with the hint as its first line; each of its source maps' lines move down by one with it. */
export function withCompileHint(code: string, ...maps: Array<{ mappings: string } | null | undefined>): string {
  if (code.startsWith(COMPILE_HINT)) return code;
  for (const map of maps) if (map) map.mappings = `;${map.mappings}`;
  return `${COMPILE_HINT}\n${code}`;
}

/**
 * Puts the compile hint on the named chunks of the build, after minification (which drops it when
 * added in renderChunk, checked with Vite 8). Files are named by then, so a name's hash is of the
 * chunk without the hint, as with Vite's own rewrite of lazy imports here; a copy cached without
 * the hint runs the same, only compiled later. Throws when a name matches no chunk, so the hint
 * cannot silently stop when a chunk is renamed or merged.
 */
export function compileHintsPlugin(names: readonly string[] = EAGER_CHUNKS): Plugin {
  return {
    name: 'social:compile-hints',
    apply: 'build',
    // After Vite's own generateBundle work, which rewrites chunks that import lazily.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const found = new Set<string>();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !names.includes(file.name)) continue;
          found.add(file.name);
          // With `--sourcemap` the map is in the bundle as a file of its own by now, written from the
          // chunk before this hook (Vite 8), so moving `file.map` alone does not reach it: left as it
          // was, every mapping points one line above its code (a profile or a size breakdown by
          // source file then names the wrong modules).
          const mapFile = bundle[`${file.fileName}.map`];
          const emitted = mapFile?.type === 'asset' && typeof mapFile.source === 'string' ? (JSON.parse(mapFile.source) as { mappings: string }) : null;
          const code = withCompileHint(file.code, file.map, emitted);
          if (code === file.code) continue;
          file.code = code;
          if (emitted && mapFile?.type === 'asset') mapFile.source = JSON.stringify(emitted);
        }
        const missing = names.filter((name) => !found.has(name));
        if (missing.length > 0) this.error(`compile-hints: no chunk named ${missing.join(', ')} in the build`);
      },
    },
  };
}
