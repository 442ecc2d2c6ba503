// @vitest-environment node
// What a deployment publishes: the production dist/ holds no mock backend (no fixtures and their
// tokens, no MSW, no mockServiceWorker.js, no mock pictures, no states gallery); the designers'
// preview keeps all of it. Secret scanners flag mock tokens wherever they are published.
// Reads the builds `npm test` makes before Vitest runs (npm run build:all); without them (a bare
// `npx vitest run`) these two are skipped, except in CI, where a missing build fails them.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { messageIds } from '../../build/i18n-plugin';
import { MOCK_TOKENS } from '../../src/mocks/fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST_DIR = path.join(ROOT, 'dist');
const PREVIEW_DIR = path.join(ROOT, 'dist-preview');
const unbuilt = !process.env.CI && !(existsSync(path.join(DIST_DIR, 'index.html')) && existsSync(path.join(PREVIEW_DIR, 'index.html')));
const test = it.skipIf(unbuilt);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Each file of `dir` whose name or text matches one of `patterns`, with what matched. */
async function findIn(dir: string, patterns: RegExp[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(dir)) {
    const name = path.relative(dir, file);
    const text = (await readFile(file)).toString('latin1');
    for (const pattern of patterns) {
      const match = pattern.exec(name) ?? pattern.exec(text);
      if (match) found.push(`${name}: ${match[0]}`);
    }
  }
  return found;
}

const MOCK_MARKERS = [
  ...Object.values(MOCK_TOKENS).map((token) => new RegExp(token)),
  /\bmsw\b/i,
  /mockServiceWorker/,
  /mock-media/,
  /States gallery/,
  /setupWorker/,
];

test('the production dist/ holds no mock code', async () => {
  expect(await findIn(DIST_DIR, MOCK_MARKERS)).toEqual([]);
});

test('the designers\u2019 preview carries the mock backend', async () => {
  const names = (await filesUnder(PREVIEW_DIR)).map((file) => path.relative(PREVIEW_DIR, file));
  expect(names).toContain('mockServiceWorker.js');
  expect(names.some((name) => name.startsWith('mock-media/'))).toBe(true);
  expect((await findIn(PREVIEW_DIR, [new RegExp(MOCK_TOKENS.ada)])).length).toBeGreaterThan(0);
});

test('the designers\u2019 preview carries no Public Suffix List (src/mocks/public-suffix.ts stands in for it)', async () => {
  // "blogspot" is one of the list's private suffixes: in the mock's chunk only with tldts's data.
  expect(await findIn(PREVIEW_DIR, [/blogspot/])).toEqual([]);
});

test('both builds load lazy chunks through the app\u2019s preload helper, not Vite\u2019s (build/preload-helper-plugin.ts)', async () => {
  for (const dir of [DIST_DIR, PREVIEW_DIR]) {
    // Vite's own looks for a CSP nonce; the app's names the stylesheet it could not load.
    expect(await findIn(dir, [/meta\[property=csp-nonce\]/])).toEqual([]);
    expect((await findIn(path.join(dir, 'assets'), [/Unable to preload CSS for/])).length).toBe(1);
  }
});

test('both builds name the interface’s text by number, in the code and the catalogs alike (build/i18n-plugin.ts)', async () => {
  const keys = [...messageIds(path.join(ROOT, 'src', 'i18n', 'catalogs')).keys()];
  const quoted = new RegExp(`["'\`](${keys.map((key) => key.replace('.', '\\.')).join('|')})["'\`]`);
  for (const dir of [DIST_DIR, PREVIEW_DIR]) {
    // No key is left as a string anywhere in the scripts (a catalog by key, or code the numbering missed).
    expect(await findIn(path.join(dir, 'assets'), [quoted])).toEqual([]);
    const named = JSON.parse(await readFile(path.join(dir, '.vite', 'message-keys.json'), 'utf8')) as Record<string, string[]>;
    const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
    expect(named[manifest['src/app/routes/feed.tsx']!.file]).toContain('feed.loading');
  }
});

test('both builds: core exports its bindings by their own names, and every chunk imports from it names it has (build/core-exports-plugin.ts)', async () => {
  for (const dir of [DIST_DIR, PREVIEW_DIR]) {
    const scripts = (await filesUnder(path.join(dir, 'assets'))).filter((file) => file.endsWith('.js'));
    const corePath = scripts.find((file) => /[\\/]core-[\w-]+\.js$/.test(file))!;
    const clause = /export\{([^}]*)\};?\s*(\/\/[^\n]*\s*)?$/.exec(await readFile(corePath, 'utf8'))![1]!.split(',');
    // Rolldown's own short names would pair each binding with a second name ("md as $").
    expect(clause.filter((part) => part.includes(' as ')).length).toBeLessThan(clause.length / 10);
    const exported = new Set(clause.map((part) => part.split(' as ').at(-1)!));
    const from = new RegExp(`import\\{([^}]*)\\}from"\\./${path.basename(corePath).replace('.', '\\.')}"`, 'g');
    const onDemand = new RegExp(`import\\(\`\\./${path.basename(corePath).replace('.', '\\.')}\`\\)\\.then\\((\\w+)=>\\1\\.([\\w$]+)\\)`, 'g');
    let importers = 0;
    for (const file of scripts) {
      for (const match of (await readFile(file, 'utf8')).matchAll(from)) {
        importers += 1;
        for (const part of match[1]!.split(',')) expect(exported, `${path.basename(file)}: ${part}`).toContain(part.split(' as ')[0]);
      }
      // A module inside core imported on demand: import(`./core-….js`).then(e=>e.name).
      for (const match of (await readFile(file, 'utf8')).matchAll(onDemand)) expect(exported, `${path.basename(file)}: ${match[0]}`).toContain(match[2]);
    }
    expect(importers).toBeGreaterThan(20);
  }
});

test('both builds: every file a chunk, the manifest or index.html’s boot list names is there', async () => {
  for (const dir of [DIST_DIR, PREVIEW_DIR]) {
    const assets = new Set(await readdir(path.join(dir, 'assets')));
    // Imports, import() and Vite's preload lists: every chunk and stylesheet named exists.
    for (const file of [...assets].filter((name) => name.endsWith('.js'))) {
      const code = await readFile(path.join(dir, 'assets', file), 'utf8');
      for (const [, named] of code.matchAll(/["'`]\.\/([\w-]+\.(?:js|css))["'`]/g)) expect(assets, `${file} names ./${named}`).toContain(named);
    }
    const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; imports?: string[] }>;
    for (const [key, entry] of Object.entries(manifest)) {
      expect(assets, `the manifest's ${key}`).toContain(path.basename(entry.file));
      for (const imported of entry.imports ?? []) expect(manifest, `${key} imports ${imported}`).toHaveProperty([imported]);
    }
    const boot = JSON.parse(/<script type="application\/json" id="boot-assets">(.*?)<\/script>/s.exec(await readFile(path.join(dir, 'index.html'), 'utf8'))![1]!) as { modules: string[]; entry: string };
    for (const href of [...boot.modules, boot.entry]) expect(assets, `index.html's boot list: ${href}`).toContain(href.replace(/^\.\/assets\//, ''));
  }
});
