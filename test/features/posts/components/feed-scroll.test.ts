import { afterEach, describe, expect, it } from 'vitest';
import { readFeedMeasurements, storeFeedMeasurements } from '../../../../src/features/posts/components/feed-place';

const item = (key: string, size: number, index: number) => ({ key, size, index, start: 0, end: 0 });

afterEach(() => sessionStorage.clear());

describe('the feed posts\u2019 sizes through a reload', () => {
  it('come back by post id from sessionStorage when this document never measured them', () => {
    storeFeedMeasurements('entry-a', [item('12', 180.4, 0), item('11', 322, 1)]);
    expect(readFeedMeasurements('entry-a')?.map(({ key, size }) => [key, size])).toEqual([
      ['12', 180],
      ['11', 322],
    ]);
    expect(readFeedMeasurements('entry-b')).toEqual([]);
  });

  it('skip what is malformed and never throw', () => {
    sessionStorage.setItem('social.feed-sizes:bad', '{not json');
    expect(readFeedMeasurements('bad')).toBeUndefined();
    sessionStorage.setItem('social.feed-sizes:odd', JSON.stringify([['7', 100], ['8', -1], [9, 50], 'x', ['10', '20']]));
    expect(readFeedMeasurements('odd')?.map(({ key }) => key)).toEqual(['7']);
  });
});
