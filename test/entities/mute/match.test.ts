// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { containsMutedWord, isMutedPost, muteReason, NO_MUTES, normalizeWord, wordPattern, type Mutes } from '../../../src/entities/mute/match';

const post = (content: string, uuid = 'u-bram', username = 'bram_stoker') => ({ content, author: { uuid, username, displayName: '', pfp: '' } });

describe('containsMutedWord', () => {
  it('matches whole words, whatever their case', () => {
    expect(containsMutedWord('I love my Cat!', ['cat'])).toBe(true);
    expect(containsMutedWord('CAT', ['cat'])).toBe(true);
    expect(containsMutedWord('cat', ['CaT'])).toBe(true);
    expect(containsMutedWord('"cat", she said', ['cat'])).toBe(true);
  });

  it('does not match inside a longer word', () => {
    expect(containsMutedWord('concatenate', ['cat'])).toBe(false);
    expect(containsMutedWord('category', ['cat'])).toBe(false);
    expect(containsMutedWord('bobcat', ['cat'])).toBe(false);
    expect(containsMutedWord('cat2', ['cat'])).toBe(false);
    expect(containsMutedWord('cats', ['cat'])).toBe(false);
  });

  it('matches next to an emoji or punctuation, which are not letters', () => {
    expect(containsMutedWord('cat🐈 on the mat', ['cat'])).toBe(true);
    expect(containsMutedWord('🐈cat', ['cat'])).toBe(true);
    expect(containsMutedWord('(cat)', ['cat'])).toBe(true);
    expect(containsMutedWord('look: 🐈', ['🐈'])).toBe(true);
  });

  it('works for Polish, with diacritics and their capitals', () => {
    expect(containsMutedWord('Jadę do Łodzi, potem do Łódź.', ['łódź'])).toBe(true);
    expect(containsMutedWord('ŁÓDŹ', ['łódź'])).toBe(true);
    expect(containsMutedWord('Mój żółw śpi', ['Żółw'])).toBe(true);
    expect(containsMutedWord('Żółwie śpią', ['żółw'])).toBe(false);
    expect(containsMutedWord('Łodzi', ['łódź'])).toBe(false);
  });

  it('works for Polish written with combining marks (NFD) as for composed letters', () => {
    expect(containsMutedWord('zo\u0301łw'.normalize('NFD'), ['zółw'])).toBe(true);
    expect(containsMutedWord('żółw', ['żółw'.normalize('NFD')])).toBe(true);
  });

  it('works for Arabic, whole words only', () => {
    expect(containsMutedWord('أحب القطط والكلاب', ['القطط'])).toBe(true);
    expect(containsMutedWord('كتاب جديد', ['كتاب'])).toBe(true);
    expect(containsMutedWord('الكتاب جديد', ['كتاب'])).toBe(false);
    expect(containsMutedWord('مكتبة', ['كتب'])).toBe(false);
    // A vowel sign is part of the word (a mark, not a boundary).
    expect(containsMutedWord('كَتَبَ', ['كت'])).toBe(false);
    expect(containsMutedWord('قرأتُ «كتاب» اليوم', ['كتاب'])).toBe(true);
  });

  it('matches a phrase across any run of white space', () => {
    expect(containsMutedWord('the Difference  Engine\nworks', ['difference engine'])).toBe(true);
    expect(containsMutedWord('difference engines', ['difference engine'])).toBe(false);
    expect(containsMutedWord('difference', ['difference engine'])).toBe(false);
  });

  it('takes words with characters that mean something in a pattern literally', () => {
    expect(containsMutedWord('I use c++ daily', ['c++'])).toBe(true);
    expect(containsMutedWord('I use cxx daily', ['c++'])).toBe(false);
    expect(containsMutedWord('a.b', ['a.b'])).toBe(true);
    expect(containsMutedWord('axb', ['a.b'])).toBe(false);
    expect(containsMutedWord('x-ray [1] (y) {z} a|b $5 ^_^ /\\', ['x-ray', '[1]', '(y)', '{z}', 'a|b', '$5', '^_^'])).toBe(true);
    expect(() => wordPattern(['[', ')', '\\', '*', '?'])).not.toThrow();
  });

  it('matches nothing without words', () => {
    expect(wordPattern([])).toBeNull();
    expect(wordPattern(['  '])).toBeNull();
    expect(containsMutedWord('anything', [])).toBe(false);
  });
});

describe('normalizeWord', () => {
  it('trims and makes runs of white space one space', () => {
    expect(normalizeWord('  difference \t engine ')).toBe('difference engine');
    expect(normalizeWord(' \n ')).toBe('');
  });
});

describe('isMutedPost / muteReason', () => {
  const mutes: Mutes = { accounts: [{ uuid: 'u-bram', username: 'bram_stoker' }], words: ['engine'] };

  it('is muted by its author’s uuid, whatever the username now is', () => {
    expect(muteReason(post('hello', 'u-bram', 'renamed'), mutes)).toBe('account');
    expect(isMutedPost(post('hello', 'u-bram'), mutes)).toBe(true);
  });

  it('is not muted for another author with the muted username', () => {
    expect(isMutedPost(post('hello', 'u-other', 'bram_stoker'), mutes)).toBe(false);
  });

  it('is muted by a word in its text', () => {
    expect(muteReason(post('The Engine runs', 'u-ada'), mutes)).toBe('word');
    expect(muteReason(post('The engineer runs', 'u-ada'), mutes)).toBeNull();
  });

  it('takes a post without author', () => {
    expect(muteReason({ content: 'engine', author: null }, mutes)).toBe('word');
    expect(muteReason({ content: 'hi', author: null }, mutes)).toBeNull();
  });

  it('mutes nothing with no mutes', () => {
    expect(isMutedPost(post('engine'), NO_MUTES)).toBe(false);
  });
});
