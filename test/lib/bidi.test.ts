// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { handleText, isolateName } from '../../src/lib/bidi';

describe('handleText', () => {
  it('drops bidi controls: "\\u202Enimda" is "nimda", never "admin"', () => {
    expect(handleText('\u202Enimda')).toBe('nimda');
    expect(handleText('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069i')).toBe('abcdefghi');
  });

  it('drops invisible format characters: zero-width ones, the soft hyphen, word joiner, BOM, marks, fillers', () => {
    expect(handleText('a\u200Bdmin')).toBe('admin');
    expect(handleText('ad\u00ADmin')).toBe('admin');
    expect(handleText('\u200Ca\u200Db\u200Ec\u200Fd\u2060e\u2061f\u2062g\u2063h\u2064i\uFEFFj\u061Ck\u180El\u3164m')).toBe('abcdefghijklm');
  });

  it('keeps every other character, right-to-left letters included', () => {
    expect(handleText('ada')).toBe('ada');
    expect(handleText('دليلة_2')).toBe('دليلة_2');
    expect(handleText('<b>x</b>')).toBe('<b>x</b>');
  });
});

describe('isolateName', () => {
  it('puts the name between FSI and PDI, without the embeddings and overrides in it', () => {
    expect(isolateName('Ada Lovelace')).toBe('\u2068Ada Lovelace\u2069');
    expect(isolateName('\u202Edraob eht')).toBe('\u2068draob eht\u2069');
    expect(isolateName('a\u202Ab\u202Bc\u202Cd\u202De')).toBe('\u2068abcde\u2069');
  });

  it('drops the isolates in it too: a stray PDI cannot close the isolate early, nor an FSI keep it open', () => {
    expect(isolateName('Eve\u2069 is \u2067admin')).toBe('\u2068Eve is admin\u2069');
    expect(isolateName('\u2066a\u2067b\u2068c\u2069d')).toBe('\u2068abcd\u2069');
  });
});
