import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { formatElements } from '../../src/i18n/trans';

describe('markup in messages', () => {
  it('wraps paired tags, replaces self-closing ones, and uses only the given components', () => {
    const nodes = formatElements('Press <0>?</0> or <1/> now <2>x</2>', { 0: <kbd />, 1: <a href="#/">link</a> });
    expect(nodes[0]).toBe('Press ');
    expect(isValidElement(nodes[1]) && nodes[1].type).toBe('kbd');
    expect(isValidElement(nodes[3]) && nodes[3].type).toBe('a');
    // An unknown tag keeps its words and drops the markup.
    expect(nodes.slice(4)).toEqual([' now ', 'x']);
    expect(formatElements('plain', {})).toEqual(['plain']);
  });
});
