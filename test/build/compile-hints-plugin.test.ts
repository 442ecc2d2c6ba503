// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHintsPlugin, withCompileHint } from '../../build/compile-hints-plugin';

/** The part of an output chunk the plugin reads and writes. */
interface Chunk {
  type: 'chunk';
  name: string;
  fileName: string;
  code: string;
  map: { mappings: string } | null;
}

/** A file of the bundle that is not code: with `--sourcemap`, each chunk's map. */
interface Asset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}

type Handler = (this: { error(message: string): never }, options: unknown, bundle: Record<string, Chunk | Asset>) => void;

function chunk(name: string, code: string): Chunk {
  return { type: 'chunk', name, fileName: `assets/${name}-hash.js`, code, map: null };
}

/** Runs the plugin's generateBundle over `files` as Vite would; returns the error it raised, if any. */
function generate(names: string[], files: Array<Chunk | Asset>): string | null {
  const plugin = compileHintsPlugin(names);
  // The plugin is written against Vite's types; the test drives it with the fields it uses.
  const hook = plugin.generateBundle as unknown as { handler: Handler };
  const bundle = Object.fromEntries(files.map((file) => [file.fileName, file]));
  let raised: string | null = null;
  const context = {
    error(message: string): never {
      raised = message;
      throw new Error(message);
    },
  };
  try {
    hook.handler.call(context, {}, bundle);
  } catch {
    // raised holds the message
  }
  return raised;
}

describe('compile hints', () => {
  it('puts the hint on the first line of the named chunks only', () => {
    const core = chunk('core', 'import{a}from"./x.js";a();');
    const other = chunk('profile', 'export const p=1;');
    expect(generate(['core'], [core, other])).toBeNull();
    expect(core.code.split('\n')[0]).toBe(COMPILE_HINT);
    expect(core.code).toBe(`${COMPILE_HINT}\nimport{a}from"./x.js";a();`);
    expect(other.code).toBe('export const p=1;');
  });

  it('fails the build when a named chunk is missing, so the hint cannot silently stop', () => {
    expect(generate(['core', 'feed'], [chunk('core', 'a()')])).toMatch(/no chunk named feed/);
  });

  it('moves the map file written beside a chunk down one line too, once', () => {
    const core = chunk('core', 'a();\nb();');
    const mapFile: Asset = { type: 'asset', fileName: `${core.fileName}.map`, source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }) };
    const otherMap: Asset = { type: 'asset', fileName: 'assets/profile-hash.js.map', source: JSON.stringify({ version: 3, mappings: 'AAAA' }) };
    expect(generate(['core'], [core, mapFile, chunk('profile', 'p()'), otherMap])).toBeNull();
    // Line 1 is the hint, with nothing mapped; a() is on line 2 and its mapping with it.
    expect(JSON.parse(mapFile.source as string)).toEqual({ version: 3, mappings: ';AAAA;AACA' });
    expect(JSON.parse(otherMap.source as string)).toEqual({ version: 3, mappings: 'AAAA' });
    // A chunk that already starts with the hint (the hook run again) keeps its map as it is.
    expect(generate(['core'], [core, mapFile])).toBeNull();
    expect(JSON.parse(mapFile.source as string).mappings).toBe(';AAAA;AACA');
  });

  it('moves a source map down one line and does not add the hint twice', () => {
    const map = { mappings: 'AAAA,CAAC' };
    const once = withCompileHint('a()', map);
    expect(withCompileHint(once, map)).toBe(once);
    expect(map.mappings).toBe(';AAAA,CAAC');
  });
});
