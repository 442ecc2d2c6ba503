import { describe, expect, it } from 'vitest';
import { idLayoutDb } from '../src/seed';

const newest = (ids: number[]) => Math.max(...ids);

describe("the first visit's id layouts", () => {
  it("seed: the fixtures' own ids", () => {
    const ids = idLayoutDb('seed').posts().map((p) => p.id);
    expect(newest(ids)).toBe(75);
  });

  it('holes: post 90 past 14 deleted ids, the fixtures below', () => {
    const db = idLayoutDb('holes');
    const ids = db.posts().map((p) => p.id);
    expect(newest(ids)).toBe(90);
    expect(ids).toContain(75);
    for (let id = 76; id <= 89; id += 1) expect(db.post(id), `post ${id}`).toBeUndefined();
  });

  it('thousands: every id up to 3000 above the fixtures', () => {
    const db = idLayoutDb('thousands');
    expect(newest(db.posts().map((p) => p.id))).toBe(3000);
    expect(db.post(2048)).toBeDefined();
  });
});
