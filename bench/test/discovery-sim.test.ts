import { describe, expect, it } from 'vitest';
import { firstVisit } from '../../test/support/first-visit';
import { benchLayoutIds, layout } from '../src/discovery-sim';

describe('discovery-sim', () => {
  it("counts a first visit to the seed's layout as the bench's browser run does: 3 round trips to post 73, then 75 found above it", async () => {
    expect(await firstVisit(benchLayoutIds('seed'))).toEqual({ head: 75, top: 73, roundTrips: 3 });
  });

  it('tells a first page that starts below the newest post: 75, and 90 past the deleted 76..89, are found after it', async () => {
    const visit = await firstVisit(benchLayoutIds('holes'));
    expect(visit.top).toBe(73);
    expect(visit.head).toBe(90);
  });

  it('makes layouts that keep their newest id and delete about the share asked', () => {
    const ids = layout(10_000, 0.05, 7);
    expect(ids.has(10_000)).toBe(true);
    expect(ids.size).toBeGreaterThan(9_000);
    expect(ids.size).toBeLessThan(9_700);
    expect(layout(10_000, 0.05, 7)).toEqual(ids);
  });
});
