/** One entry of Vite's build manifest (dist/.vite/manifest.json), as far as it is read here. */
export interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ViteManifestChunk>;

/** Modules loaded only when the in-browser mock backend runs (config.json says `mocks: true`). */
export function isMockRoot(key: string): boolean {
  return key.startsWith('src/mocks/') || key === 'src/app/routes/gallery.tsx';
}

/**
 * The built files that only the mock backend (and the designers' gallery) load. The service
 * worker exists only with mocks off, so precaching them would download half a megabyte that
 * never runs. A file shared with the app (reached without passing a mock module) stays.
 */
export function mockOnlyFiles(manifest: ViteManifest): Set<string> {
  const collect = (starts: string[], enterMocks: boolean) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const queue = [...starts];
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) continue;
      seen.add(key);
      files.add(chunk.file);
      for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
        if (enterMocks || !isMockRoot(next)) queue.push(next);
      }
    }
    return files;
  };
  const keys = Object.keys(manifest);
  const app = collect(keys.filter((key) => manifest[key]?.isEntry), false);
  const mock = collect(keys.filter(isMockRoot), true);
  return new Set([...mock].filter((file) => !app.has(file)));
}
