// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, parseHexColor, readBadges, readPronouns } from '../../../src/features/profile/badge-shape';

const texts = (value: unknown) => readBadges(value).map((badge) => badge.text);

describe('readBadges', () => {
  it('reads a named, coloured badge as its name in that colour, never the colour as text', () => {
    expect(readBadges({ name: 'Founder', color: '#ffaa00' })).toEqual([{ text: 'Founder', full: null, color: '#ffaa00' }]);
    expect(readBadges({ label: 'Staff', colour: '#5B21B6' })).toEqual([{ text: 'Staff', full: null, color: '#5b21b6' }]);
    expect(readBadges({ Title: 'Moderator', COLOR: '#0a7' })).toEqual([{ text: 'Moderator', full: null, color: '#00aa77' }]);
  });

  it('prefers name, then label, title and text, whatever order the keys come in', () => {
    expect(texts({ text: 'd', title: 'c', label: 'b', name: 'a' })).toEqual(['a']);
    expect(texts({ text: 'd', title: 'c' })).toEqual(['c']);
    // A blank name does not win over a usable label.
    expect(texts({ name: '  ', label: 'Mod' })).toEqual(['Mod']);
    expect(texts({ tier: 2, name: 'Supporter' })).toEqual(['Supporter']);
  });

  it('reads a string as one badge, and an array as one badge per string, number or object', () => {
    expect(readBadges('early-adopter')).toEqual([{ text: 'early-adopter', full: null, color: null }]);
    expect(texts(['night-owl', 'beta-tester'])).toEqual(['night-owl', 'beta-tester']);
    expect(readBadges(['rtl', 42, { name: 'Founder', color: '#fa0' }, null, '', ['nested'], true])).toEqual([
      { text: 'rtl', full: null, color: null },
      { text: '42', full: null, color: null },
      { text: 'Founder', full: null, color: '#ffaa00' },
    ]);
  });

  it('reads any other object as compact key: value text, leaving out nested values and the colour', () => {
    expect(texts({ tier: 3, region: 'EU', verified: true, nested: { deep: 'no' }, list: [1], color: '#fff' })).toEqual([
      'tier: 3, region: EU, verified: true',
    ]);
    expect(texts({ nested: { name: 'deep' } })).toEqual([]);
    expect(texts({ color: '#ffaa00' })).toEqual([]);
    for (const text of texts([{ a: 1, b: { c: 2 } }, { x: 'y' }])) expect(text).not.toMatch(/[{}[\]"]/);
  });

  it('is no badge for nothing, a bare number, a boolean or a blank string', () => {
    for (const value of [null, undefined, 7, Number.NaN, true, false, '', '   ', [], {}]) expect(readBadges(value)).toEqual([]);
  });

  it('shortens long text by characters, keeping the whole (bounded) for a tooltip', () => {
    const long = `${'🦄'.repeat(30)}${'x'.repeat(1000)}`;
    const [badge] = readBadges(long);
    expect(Array.from(badge!.text)).toHaveLength(MAX_TEXT);
    expect(badge!.text.endsWith('…')).toBe(true);
    expect(badge!.text.startsWith('🦄'.repeat(30))).toBe(true);
    expect(badge!.full!.startsWith(long.slice(0, 100))).toBe(true);
    expect(badge!.full!.length).toBeLessThan(long.length);
    const [compact] = readBadges({ a: 'x'.repeat(50), b: 'y' });
    expect(compact!.text).toBe(`a: ${'x'.repeat(MAX_TEXT - 4)}…`);
  });

  it('collapses line breaks and runs of spaces', () => {
    expect(texts('  two\n\nlines\t here ')).toEqual(['two lines here']);
  });

  it('keeps hostile values as plain text and never takes a colour that is not strict hex', () => {
    expect(readBadges('<b>admin</b>')).toEqual([{ text: '<b>admin</b>', full: null, color: null }]);
    expect(texts({ '<script>': '<script>alert(1)</script>' })).toEqual(['<script>: <script>alert(1)</script>']);
    expect(readBadges({ name: 'x', color: 'red;background:url(javascript:alert(1))' })[0]!.color).toBeNull();
    expect(texts('javascript:alert(1)')).toEqual(['javascript:alert(1)']);
  });
});

describe('parseHexColor', () => {
  it('accepts #rgb and #rrggbb only, as lower-case #rrggbb', () => {
    expect(parseHexColor('#ffaa00')).toBe('#ffaa00');
    expect(parseHexColor('#FA0')).toBe('#ffaa00');
    for (const value of ['ffaa00', '#ffaa0', '#ffaa00ff', '#fa08', ' #ffaa00', '#ffaa00 ', '#ggg', 'red', 'rgb(1, 2, 3)', 'javascript:alert(1)', '#fff;x', 7, null, {}]) {
      expect(parseHexColor(value)).toBeNull();
    }
  });
});

describe('readPronouns', () => {
  it('reads a string, the strings of an array, or an object’s name or values, joined by /', () => {
    expect(readPronouns('she/her')?.text).toBe('she/her');
    expect(readPronouns(['he', 'him'])?.text).toBe('he/him');
    expect(readPronouns({ subject: 'they', object: 'them' })?.text).toBe('they/them');
    expect(readPronouns({ label: 'she/they', color: '#ffaa00' })?.text).toBe('she/they');
    expect(readPronouns({ subject: 'she', color: '#ffaa00' })?.text).toBe('she');
  });

  it('is nothing for a number, a boolean, null or nested values only', () => {
    for (const value of [123, true, null, undefined, '', [], {}, [{ a: 'b' }], { a: { b: 'c' } }]) expect(readPronouns(value)).toBeNull();
  });
});
