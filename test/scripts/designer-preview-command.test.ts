// @vitest-environment node
// The designers' built preview (dist-preview/) has a command of its own that serves it: `npm run preview`
// serves dist/ (and answered 404 to a designer who had built only the preview). The README says which.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const readme = readFileSync('README.md', 'utf8');

describe('opening dist-preview/', () => {
  it('preview:designers serves the folder build:preview writes', () => {
    const outDir = (command: string | undefined) => /--outDir\s+(\S+)/.exec(command ?? '')?.[1];
    expect(outDir(scripts['build:preview'])).toBe('dist-preview');
    expect(scripts['preview:designers']).toMatch(/^vite preview\b/);
    expect(outDir(scripts['preview:designers'])).toBe('dist-preview');
  });

  it('the README tells designers that command, and the keyboard shortcuts', () => {
    expect(readme).toContain('npm run build:preview && npm run preview:designers');
    expect(readme).toMatch(/### Keyboard shortcuts[\s\S]*`j` \/ `k`[\s\S]*`n`[\s\S]*`\?`/);
  });
});
