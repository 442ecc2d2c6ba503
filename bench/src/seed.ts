/** Databases the bench seeds on top of the fixtures (src/mocks/fixtures.ts). */
import { createMockDb, type MockDb } from '../../src/mocks/db';
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

/** The fixtures plus one top-level post by ada with `replies` direct replies (ids after it). */
export function threadDb(replies: number): { db: MockDb; postId: number } {
  const db = createMockDb();
  const post = db.createPost(MOCK_USER_IDS.ada, { content: `A thread with ${replies} replies, for the bench.` });
  for (let i = 1; i <= replies; i += 1) db.createPost(author(i), { content: `Reply ${i}. ${content(i)}`, parentId: post.id });
  return { db, postId: post.id };
}

/** The fixtures plus `count` top-level posts. */
export function manyPostsDb(count: number): MockDb {
  const db = createMockDb();
  for (let i = 1; i <= count; i += 1) db.createPost(author(i), { content: content(i) });
  return db;
}
