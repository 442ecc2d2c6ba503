// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { badgeTint, contrastRatio, TEXT_CONTRAST, type Theme } from '../../../src/features/profile/badge-tint';

describe('badgeTint', () => {
  const samples = [
    '#ffaa00', '#5b21b6', '#000000', '#ffffff', '#777777', '#808080', '#ffff00', '#00ff00', '#0000ff', '#ff0000',
    '#00ffff', '#ff00ff', '#fffbe6', '#171b21', '#1b1f24', '#e8ebf0', '#2f4fc7', '#8ea6ff', '#0a7d5c', '#7f7f00',
  ];
  // And a spread over the whole cube, so no corner of it slips through.
  for (let r = 0; r < 256; r += 51) for (let g = 0; g < 256; g += 51) for (let b = 0; b < 256; b += 51) {
    samples.push(`#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
  }

  it.each<Theme>(['light', 'dark'])('keeps the text at 4.5:1 or more on its background in the %s theme', (theme) => {
    for (const color of samples) {
      const tint = badgeTint(color, theme);
      expect(contrastRatio(tint.color, tint.background), `${color} in ${theme}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
      expect(contrastRatio(tint.border, tint.background), `${color} border in ${theme}`).toBeGreaterThanOrEqual(3);
      for (const value of Object.values(tint)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('tints: a pale background of the colour in light, a deep one in dark, text of the same hue', () => {
    const light = badgeTint('#ffaa00', 'light');
    const dark = badgeTint('#ffaa00', 'dark');
    expect(contrastRatio(light.background, '#ffffff')).toBeLessThan(1.3);
    expect(light.background).not.toBe('#ffffff');
    expect(contrastRatio(dark.background, '#171b21')).toBeLessThan(2);
    // Gold is already legible on the dark background: it stays itself.
    expect(dark.color).toBe('#ffaa00');
    // On the light background it is darkened just enough, not replaced by black.
    expect(light.color).not.toBe('#000000');
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
