// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { LATER, messageIds, messageIdsPlugin, numbered, readCatalog } from '../../build/i18n-plugin';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CATALOGS = path.join(ROOT, 'src', 'i18n', 'catalogs');
const IN_SRC = path.join(ROOT, 'src', 'features', 'example.tsx').replaceAll('\\', '/');
const IDS = new Map([
  ['feed.loading', 0],
  ['post.reply', 1],
  ['status.online', 2],
  ['actions.edit', 3],
]);

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string; map: null } | null;
type GenerateBundle = (this: { emitFile(file: { fileName: string; source: string }): void }, options: unknown, bundle: Record<string, unknown>) => void;
const context = { error: (message: string): never => { throw new Error(message); } };

function plugin(): { transform: Transform; generateBundle: GenerateBundle } {
  const made: Plugin = messageIdsPlugin(() => IDS);
  return { transform: made.transform as unknown as Transform, generateBundle: made.generateBundle as unknown as GenerateBundle };
}

describe('message keys as numbers in a build (build/i18n-plugin.ts)', () => {
  it('numbers the first catalog’s keys from 0, then the later catalog’s', () => {
    const ids = messageIds(CATALOGS);
    const first = Object.keys(readCatalog(path.join(CATALOGS, 'en'))).sort();
    const later = Object.keys(readCatalog(path.join(CATALOGS, 'en', LATER))).sort();
    expect([...ids.keys()]).toEqual([...first, ...later]);
    expect([...ids.values()]).toEqual([...ids.keys()].map((_, index) => index));
    expect(ids.get(first[0]!)).toBe(0);
  });

  it('writes the first catalog as a list in the numbers’ order, the later one by number, and refuses a catalog with other keys', () => {
    const first = new Map([['b.x', 1], ['a.y', 0], ['c.z', 2]]);
    expect(numbered({ 'b.x': 'B', 'a.y': 'A' }, first, ['a.y', 'b.x'], 'xx')).toEqual(['A', 'B']);
    expect(numbered({ 'c.z': 'C' }, first, ['c.z'], 'xx/later')).toEqual({ 2: 'C' });
    expect(() => numbered({ 'a.y': 'A' }, first, ['a.y', 'b.x'], 'pl')).toThrow('the catalog pl lacks "b.x"');
    expect(() => numbered({ 'a.y': 'A', 'b.x': 'B', 'q.q': 'Q' }, first, ['a.y', 'b.x'], 'pl')).toThrow('the catalog pl has "q.q", which the English one does not');
  });

  it('puts each key’s number where the app’s code names it, padded so that nothing after it moves', () => {
    const code = [
      'const a = t("feed.loading");',
      "jsx(Trans, { id: 'post.reply' });",
      'const labels = { online: `status.online`, other: "feed.loadingMore", path: "post.id" };',
      '// t("actions.edit") in a comment stays',
    ].join('\n');
    const result = plugin().transform.call(context, code, IN_SRC)!;
    expect(result.map).toBeNull();
    expect(result.code).toBe(
      [
        'const a = t(0             );',
        "jsx(Trans, { id: 1            });",
        'const labels = { online: 2              , other: "feed.loadingMore", path: "post.id" };',
        '// t("actions.edit") in a comment stays',
      ].join('\n'),
    );
    expect(result.code.split('\n').map((line) => line.length)).toEqual(code.split('\n').map((line) => line.length));
  });

  it('refuses a key put together at run time, which would have no number', () => {
    expect(() => plugin().transform.call(context, 'const label = t(`status.${state}`);', IN_SRC)).toThrow(/status\.\$\{…\}` is a message key put together at run time/);
    expect(() => plugin().transform.call(context, "const label = t('status.' + state);", IN_SRC)).toThrow(/"status\." begins a message key put together at run time/);
    // A string that only looks like one (another namespace's word) is left alone.
    expect(plugin().transform.call(context, 'const url = `https.${host}`;', IN_SRC)).toBeNull();
  });

  it('leaves what is not the app’s own code as it is', () => {
    const library = path.join(ROOT, 'node_modules', 'some-library', 'index.js');
    expect(plugin().transform.call(context, 'export const label = "feed.loading";', library)).toBeNull();
  });

  it('lists the keys each chunk names, of the modules the chunk kept', () => {
    const made = plugin();
    const other = path.join(ROOT, 'src', 'features', 'other.ts').replaceAll('\\', '/');
    const dropped = path.join(ROOT, 'src', 'features', 'dropped.ts').replaceAll('\\', '/');
    made.transform.call(context, 'export const a = t("post.reply"); export const b = t("feed.loading");', IN_SRC);
    made.transform.call(context, 'export const c = t("actions.edit");', other);
    made.transform.call(context, 'export const d = t("status.online");', dropped);
    const emitted: Array<{ fileName: string; source: string }> = [];
    made.generateBundle.call({ emitFile: (file) => emitted.push(file) }, {}, {
      'assets/feed.js': {
        type: 'chunk',
        fileName: 'assets/feed.js',
        moduleIds: [IN_SRC, dropped],
        modules: { [IN_SRC]: { renderedLength: 40 }, [dropped]: { renderedLength: 0 } },
      },
      'assets/edit.js': { type: 'chunk', fileName: 'assets/edit.js', moduleIds: [other], modules: { [other]: { renderedLength: 30 } } },
      'assets/style.css': { type: 'asset', fileName: 'assets/style.css' },
    });
    expect(emitted.map((file) => file.fileName)).toEqual(['.vite/message-keys.json']);
    expect(JSON.parse(emitted[0]!.source)).toEqual({ 'assets/feed.js': ['feed.loading', 'post.reply'], 'assets/edit.js': ['actions.edit'] });
  });
});
