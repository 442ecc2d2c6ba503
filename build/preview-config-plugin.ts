import type { Plugin } from 'vite';

/** What `npm run build:preview` ships next to index.html: the mock backend, answering on a same-origin path. */
export const PREVIEW_CONFIG = { apiBaseUrl: './mock-api', mocks: true } as const;

/**
 * In `--mode preview` builds, writes config.json into the output, so dist-preview/ is a static
 * site with the mock backend running in the browser: no server, no rewrites, any sub-path.
 * (mockServiceWorker.js comes along from public/ like every build; the sample pictures come from
 * mock-media-plugin.ts.)
 */
export function previewConfigPlugin(): Plugin {
  let enabled = false;
  return {
    name: 'social-preview-config',
    apply: 'build',
    configResolved(config) {
      enabled = config.mode === 'preview';
    },
    generateBundle() {
      if (!enabled) return;
      this.emitFile({ type: 'asset', fileName: 'config.json', source: `${JSON.stringify(PREVIEW_CONFIG, null, 2)}\n` });
    },
  };
}
