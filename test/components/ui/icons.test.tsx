import { cleanup, render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LockIcon } from '../../../src/components/ui/icons';
import { ArrowBackIcon, ArrowUpIcon } from '../../../src/components/ui/later-icons';

afterEach(() => cleanup());

describe('icons', () => {
  it('are hidden from assistive technology beside a text label', () => {
    render(
      <button type="button">
        <ArrowUpIcon /> 2 new posts
      </button>,
    );
    const svg = document.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveClass('icon');
    expect(screen.getByRole('button', { name: '2 new posts' })).toBeInTheDocument();
  });

  it('have a name when they stand alone', () => {
    render(<LockIcon label="Locked" />);
    expect(screen.getByRole('img', { name: 'Locked' })).not.toHaveAttribute('aria-hidden');
  });

  it('mark horizontal arrows to be mirrored in right-to-left text, and only those', () => {
    render(
      <>
        <ArrowBackIcon />
        <ArrowUpIcon />
      </>,
    );
    const [back, up] = Array.from(document.querySelectorAll('svg'));
    expect(back).toHaveClass('icon-directional');
    expect(up).not.toHaveClass('icon-directional');
  });
});

/** Every .tsx under src/ but the mock backend (its data may hold any character). */
function interfaceSources(dir = join(__dirname, '../../../src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'mocks' ? [] : interfaceSources(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

describe('the interface', () => {
  it('uses no emoji or arrow characters as icons', () => {
    // Pictographs (💬 🔒 ✓ …), arrows (↑ ← →) and the multiplication sign used as a close button.
    const iconLike = /[\p{Extended_Pictographic}\u2190-\u21ff\u27f0-\u27ff\u2b00-\u2bff×]/u;
    // Comments may describe ("name → bio"); only code is shown to people. Blanked, not removed, to keep line numbers.
    const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
    const found = interfaceSources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, blank)
        .replace(/(^|[^:])\/\/.*$/gm, (_, before: string) => before)
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${relative(process.cwd(), file)}:${i + 1}` }))
        .filter(({ line }) => iconLike.test(line))
        .map(({ line, at }) => `${at}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});
