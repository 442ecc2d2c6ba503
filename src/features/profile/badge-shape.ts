/**
 * A profile's `badge`, `special_badge` and `pronoun` are JSON of unknown shape. These read the
 * shapes people recognise, and turn anything else into short text; never an object dump, never a
 * throw. The result is only ever rendered as text (a colour only after the strict hex check).
 */

export interface ShortText {
  /** What to show: whitespace collapsed, at most MAX_TEXT characters. */
  text: string;
  /** The whole text when `text` was shortened (for a tooltip), else null. */
  full: string | null;
}

export interface BadgeShape extends ShortText {
  /** The badge's colour as #rrggbb (lower case), from a strict #rgb/#rrggbb value; else null. */
  color: string | null;
}

export const MAX_TEXT = 40;
/** The whole text of a shortened badge goes in a tooltip, but not without end. */
const MAX_FULL = 300;
const TEXT_KEYS = ['name', 'label', 'title', 'text'];
const COLOR_KEYS = ['color', 'colour'];

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Strictly `#rgb` or `#rrggbb`: no names, no rgb(), no alpha, no surrounding text. */
export function parseHexColor(value: unknown): string | null {
  if (typeof value !== 'string' || !/^#(?:[0-9a-f]{3}){1,2}$/i.test(value)) return null;
  const hex = value.slice(1).toLowerCase();
  return `#${hex.length === 3 ? hex.replace(/./g, '$&$&') : hex}`;
}

/** A string (not blank) or a finite number as text; null for anything else. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function shorten(value: string): ShortText {
  const text = value.replace(/\s+/g, ' ').trim();
  // By code points, so a character outside the BMP (an emoji in a name) is never cut in half.
  const chars = Array.from(text);
  if (chars.length <= MAX_TEXT) return { text, full: null };
  return { text: `${chars.slice(0, MAX_TEXT - 1).join('')}…`, full: chars.slice(0, MAX_FULL).join('') };
}

function entriesWithout(object: JsonObject, keys: string[]): Array<[string, unknown]> {
  return Object.entries(object).filter(([key]) => !keys.includes(key.toLowerCase()));
}

/** The value of the first of `keys` (in that order of preference, any letter case) that reads as text. */
function textByKey(object: JsonObject, keys: string[]): string | null {
  for (const wanted of keys) {
    for (const [key, value] of Object.entries(object)) {
      const text = key.toLowerCase() === wanted ? scalarText(value) : null;
      if (text !== null) return text;
    }
  }
  return null;
}

function colorOf(object: JsonObject): string | null {
  for (const [key, value] of Object.entries(object)) {
    if (COLOR_KEYS.includes(key.toLowerCase())) return parseHexColor(value);
  }
  return null;
}

/** An object as one badge: its name/label/title/text, else its plain values as `key: value` pairs. */
function objectBadge(object: JsonObject): BadgeShape | null {
  const named = textByKey(object, TEXT_KEYS);
  const text =
    named ??
    entriesWithout(object, COLOR_KEYS)
      .map(([key, value]) => {
        const shown = typeof value === 'boolean' ? String(value) : scalarText(value);
        return shown === null ? null : `${key}: ${shown}`;
      })
      .filter((pair) => pair !== null)
      .join(', ');
  return text.trim() ? { ...shorten(text), color: colorOf(object) } : null;
}

function elementBadge(value: unknown): BadgeShape | null {
  if (isObject(value)) return objectBadge(value);
  const text = scalarText(value);
  return text === null ? null : { ...shorten(text), color: null };
}

/**
 * A badge field as badges: a string is one; an array gives one per string, number or object in it;
 * an object is one (see objectBadge). A bare number, boolean or null is no badge.
 */
export function readBadges(value: unknown): BadgeShape[] {
  if (typeof value === 'number') return [];
  if (Array.isArray(value)) return value.map(elementBadge).filter((badge) => badge !== null);
  return [elementBadge(value)].filter((badge) => badge !== null);
}

/**
 * Pronouns as one line: a string as it is; the strings of an array, or an object's
 * name/label/title/text or else its text values, joined by "/" (["they", "them"] is "they/them").
 */
export function readPronouns(value: unknown): ShortText | null {
  let parts: unknown[] = [];
  if (typeof value === 'string') parts = [value];
  else if (Array.isArray(value)) parts = value;
  else if (isObject(value)) {
    const named = textByKey(value, TEXT_KEYS);
    parts = named !== null ? [named] : entriesWithout(value, COLOR_KEYS).map(([, v]) => v);
  }
  const text = parts
    .map(scalarText)
    .filter((part) => part !== null)
    .join('/');
  return text.trim() ? shorten(text) : null;
}
