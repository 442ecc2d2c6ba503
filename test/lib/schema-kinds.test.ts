// @vitest-environment node
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { anyArray, anyObject, length } from '../../src/lib/collection-kinds';
import { boolean, scalar } from '../../src/lib/schema-kinds';

const accepts = (schema: z.ZodMiniType, value: unknown) => schema.safeParse(value).success;

describe('schema kinds built on the custom check', () => {
  it('scalar: only the JSON types named', () => {
    const idLike = scalar('string', 'number');
    expect([1, 0, '7', ''].map((v) => accepts(idLike, v))).toEqual([true, true, true, true]);
    expect([true, null, undefined, {}, [1]].map((v) => accepts(idLike, v))).toEqual([false, false, false, false, false]);
    expect(accepts(scalar('boolean', 'number', 'string'), false)).toBe(true);
  });

  it('boolean: true and false only', () => {
    expect([true, false, 'true', 1, 0, null, undefined].map((v) => accepts(boolean(), v))).toEqual([true, true, false, false, false, false, false]);
  });

  it('anyArray and anyObject tell arrays from other objects', () => {
    expect([[], [1, 'a'], {}, 'x', null].map((v) => accepts(anyArray(), v))).toEqual([true, true, false, false, false]);
    expect([{}, { a: 1 }, [], 'x', null].map((v) => accepts(anyObject(), v))).toEqual([true, true, false, false, false]);
  });

  it('a failure names what was expected, at the field', () => {
    const result = z.object({ mocks: boolean() }).safeParse({ mocks: 'no' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'custom', path: ['mocks'], params: { expected: 'boolean' } });
  });

  it('length bounds a string’s characters and an array’s items, with its own message', () => {
    const word = z.string().check(length(1, 3, () => 'too long'));
    expect(['a', 'abc'].map((v) => accepts(word, v))).toEqual([true, true]);
    expect(accepts(word, '')).toBe(false);
    expect(word.safeParse('abcd').error?.issues[0]?.message).toBe('too long');
    expect([[], [1, 2]].map((v) => accepts(z.array(z.number()).check(length(0, 2)), v))).toEqual([true, true]);
    expect(accepts(z.array(z.number()).check(length(0, 2)), [1, 2, 3])).toBe(false);
  });
});
