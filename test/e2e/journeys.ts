/**
 * What the reading, writing, keyboard and fault journeys share: the mock's seed (taken from the mock
 * itself, not copied), and text unique to a run. (That a page ran without errors every test checks itself: fixtures.ts.)
 */
import { createFixtureSnapshot, MOCK_USER_IDS, type MockUserKey } from '../../src/mocks/fixtures';
import type { MockPost, MockUser } from '../../src/mocks/model';

const SEED = createFixtureSnapshot();

/** A seed post as the mock starts with it (after `mockApi.reset()`). */
export function seedPost(id: number): MockPost {
  const post = SEED.posts.find((candidate) => candidate.id === id);
  if (!post) throw new Error(`the mock's seed has no post ${id}`);
  return post;
}

/** A seed user as the mock starts with them. */
export function seedUser(key: MockUserKey): MockUser {
  const user = SEED.users.find((candidate) => candidate.uuid === MOCK_USER_IDS[key]);
  if (!user) throw new Error(`the mock's seed has no user ${key}`);
  return user;
}

/** Unique per run, so a stale server state can never make a test pass by accident. */
export function uniqueText(label: string): string {
  return `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
}
