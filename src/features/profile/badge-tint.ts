/**
 * Colours for a badge tinted with a colour the server chose, legible in both themes: an opaque
 * background mixed from the colour and the theme's surface, and text in the colour itself, darkened
 * (light theme) or lightened (dark theme) only as far as WCAG AA needs (4.5:1 against that
 * background). Contrast is checked on the final hex values, so it holds whatever the colour.
 */

type Rgb = [number, number, number];
export type Theme = 'light' | 'dark';

export interface Tint {
  background: string;
  color: string;
  border: string;
}

/** Text contrast for normal-size text, WCAG 2.x level AA. */
export const TEXT_CONTRAST = 4.5;
/** A border is decoration (the text names the badge), but should still show: 3:1 as for UI parts. */
const BORDER_CONTRAST = 3;

/** The `--surface` of each theme in styles.css (the profile card). Only the look depends on these. */
const SURFACE: Record<Theme, Rgb> = { light: [255, 255, 255], dark: [23, 27, 33] };
/** How much of the badge colour goes into its background. */
const BACKGROUND_SHARE: Record<Theme, number> = { light: 0.16, dark: 0.3 };
const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** #rrggbb (as parseHexColor gives) to channels. */
function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** `share` of `a`, the rest `b`, rounded to whole channel values. */
function mix(a: Rgb, b: Rgb, share: number): Rgb {
  const channel = (x: number, y: number) => Math.round(x * share + y * (1 - share));
  return [channel(a[0], b[0]), channel(a[1], b[1]), channel(a[2], b[2])];
}

function linear(channel: number): number {
  const s = channel / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2.x contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(toRgb(a));
  const lb = luminance(toRgb(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The colour moved towards black or white in tenths until it reaches `ratio` against `background`.
 * The last step is black or white itself; should even that fail, the better of the two.
 */
function legible(color: Rgb, towards: Rgb, background: string, ratio: number): string {
  for (let step = 0; step <= 10; step++) {
    const candidate = toHex(mix(towards, color, step / 10));
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

/** `color` is #rrggbb, as parseHexColor returns it. */
export function badgeTint(color: string, theme: Theme): Tint {
  const rgb = toRgb(color);
  const background = toHex(mix(rgb, SURFACE[theme], BACKGROUND_SHARE[theme]));
  const towards = theme === 'light' ? BLACK : WHITE;
  return {
    background,
    color: legible(rgb, towards, background, TEXT_CONTRAST),
    border: legible(rgb, towards, background, BORDER_CONTRAST),
  };
}
