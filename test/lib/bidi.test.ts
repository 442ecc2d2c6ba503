// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { handleText } from '../../src/lib/bidi';

describe('handleText', () => {
  it('drops bidi controls: "\\u202Enimda" is "nimda", never "admin"', () => {
    expect(handleText('\u202Enimda')).toBe('nimda');
    expect(handleText('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069i')).toBe('abcdefghi');
  });

  it('keeps every other character, right-to-left letters included', () => {
    expect(handleText('ada')).toBe('ada');
    expect(handleText('دليلة_2')).toBe('دليلة_2');
    expect(handleText('<b>x</b>')).toBe('<b>x</b>');
  });
});
