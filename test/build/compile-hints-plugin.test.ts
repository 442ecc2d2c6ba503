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

type Handler = (this: { error(message: string): never }, options: unknown, bundle: Record<string, Chunk>) => void;

function chunk(name: string, code: string): Chunk {
  return { type: 'chunk', name, fileName: `assets/${name}-hash.js`, code, map: null };
}

/** Runs the plugin's generateBundle over `files` as Vite would; returns the error it raised, if any. */
function generate(names: string[], files: Chunk[]): string | null {
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

  it('moves a source map down one line and does not add the hint twice', () => {
    const map = { mappings: 'AAAA,CAAC' };
    const once = withCompileHint('a()', map);
    expect(withCompileHint(once, map)).toBe(once);
    expect(map.mappings).toBe(';AAAA,CAAC');
  });
});
