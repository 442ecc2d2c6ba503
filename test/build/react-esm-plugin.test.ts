// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reactEsmPlugin } from '../../build/react-esm-plugin';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SRC = path.join(ROOT, 'src');
const SHIM = {
  react: path.join(ROOT, 'build', 'react-esm', 'react.ts'),
  'react-dom': path.join(ROOT, 'build', 'react-esm', 'react-dom.ts'),
  'react/jsx-runtime': path.join(ROOT, 'build', 'react-esm', 'jsx-runtime.ts'),
};

type ResolveId = (source: string, importer?: string) => string | null;
const resolveId = reactEsmPlugin().resolveId as unknown as ResolveId;

/** The names a shim re-exports (`export const { a, b } = …`). */
function exported(file: string): string[] {
  const list = /export const \{([^}]*)\}/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  return list.split(',').map((name) => name.trim()).filter(Boolean);
}

/** Every value (not type) the app's modules import by name from `source`. */
function importedFromSrc(source: string): string[] {
  const names = new Set<string>();
  const pattern = new RegExp(`import\\s+(?!type\\b)\\{([^}]*)\\}\\s+from\\s+'${source}'`, 'g');
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const code = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of code.matchAll(pattern)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return [...names].sort();
}

describe('React as ES module bindings in a build (build/react-esm-plugin.ts)', () => {
  it('sends the app’s imports of React, react-dom and the JSX runtime to the shims, and nobody else’s', () => {
    const app = path.join(SRC, 'app', 'layout.tsx');
    for (const [source, shim] of Object.entries(SHIM)) expect(resolveId(source, app)).toBe(shim);
    expect(resolveId('react', path.join(ROOT, 'node_modules', '@tanstack', 'react-query', 'build', 'modern', 'useQuery.js'))).toBeNull();
    expect(resolveId('react', SHIM.react)).toBeNull();
    expect(resolveId('react-dom/client', app)).toBeNull();
    expect(resolveId('react')).toBeNull();
  });

  it('re-exports every React and react-dom name the app imports (a missing one fails the build)', () => {
    expect(importedFromSrc('react').filter((name) => !exported(SHIM.react).includes(name))).toEqual([]);
    expect(importedFromSrc('react-dom').filter((name) => !exported(SHIM['react-dom']).includes(name))).toEqual([]);
    expect(exported(SHIM['react/jsx-runtime'])).toEqual(['Fragment', 'jsx', 'jsxs']);
  });
});
