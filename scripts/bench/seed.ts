/** What the bench adds to the mock's database on top of the fixtures (src/mocks/fixtures.ts). */
import type { MockDb } from '../../src/mocks/db';
import { MOCK_USER_IDS } from '../../src/mocks/fixtures';

const AUTHORS = Object.values(MOCK_USER_IDS);
const author = (i: number) => AUTHORS[i % AUTHORS.length]!;

/** Post bodies of a few lengths, so the feed's windowed list measures items of different heights. */
function content(i: number): string {
  const sentence = `Bench post ${i}: the engine might act upon other things besides number.`;
  switch (i % 4) {
    case 0:
      return sentence;
    case 1:
      return `${sentence} ${sentence}`;
    case 2:
      return [sentence, sentence, sentence].join('\n\n');
    default:
      return `Short ${i}`;
  }
}

/** Adds one top-level post by ada with `replies` direct replies (ids after it); returns its id. */
export function addThread(db: MockDb, replies: number): number {
  const post = db.createPost(MOCK_USER_IDS.ada, { content: `A thread with ${replies} replies, for the bench.` });
  for (let i = 1; i <= replies; i += 1) db.createPost(author(i), { content: `Reply ${i}. ${content(i)}`, parentId: post.id });
  return post.id;
}

/** Adds `count` top-level posts. */
export function addManyPosts(db: MockDb, count: number): void {
  for (let i = 1; i <= count; i += 1) db.createPost(author(i), { content: content(i) });
}
