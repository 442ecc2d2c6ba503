/** Databases the bench seeds on top of the fixtures (src/mocks/fixtures.ts). */
import { createMockDb, type MockDb } from '../../src/mocks/db';
import { MOCK_USER_IDS } from '../../src/mocks/fixtures';
import type { IdLayout } from './args';

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

/**
 * A server whose post ids lie as `layout` says. `seed`: the fixtures (newest post 75, a hole at 32).
 * `holes`: then posts up to 90, all but 90 deleted: post 90 past deleted 76–89, so the
 * narrowing pins 75 (76 is missing) and only the check of the 16 ids above it finds 90.
 * `thousands`: then top-level posts up to id 3000 (the gallop's third round, 4096…, finds its top).
 */
export function idLayoutDb(layout: IdLayout): MockDb {
  const db = createMockDb();
  if (layout === 'thousands') postsUpTo(db, 3000);
  // The fixtures' next id is past 75 already (76 and 77 were theirs, deleted): all but 90 deleted.
  if (layout === 'holes') for (const post of postsUpTo(db, 90).slice(0, -1)) db.deletePost(post.author, post.id);
  return db;
}

/** Top-level posts from the next free id up to `last`. */
function postsUpTo(db: MockDb, last: number): ReturnType<MockDb['createPost']>[] {
  const made: ReturnType<MockDb['createPost']>[] = [];
  while (db.peekNextId() <= last) made.push(db.createPost(author(db.peekNextId()), { content: content(db.peekNextId()) }));
  return made;
}
