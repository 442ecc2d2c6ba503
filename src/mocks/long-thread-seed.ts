/**
 * The long-threads scenario: the fixtures plus post 78 with 120 direct replies (79–198), a chain
 * of twelve replies each answering the previous one under 79 (199–210), and eight replies to 80
 * (211–218), so nesting, "show more" and "continue this thread" all appear.
 */
import { createFixtureSnapshot, FIXTURE_BASE_EPOCH, MOCK_USER_IDS } from './fixtures';
import type { MockMedia } from './media';
import type { MockDbSnapshot, MockPost } from './model';

export const LONG_THREAD_ROOT = 78;
export const LONG_THREAD_DIRECT_REPLIES = 120;
const CHAIN_LENGTH = 12;
const SIDE_REPLIES = 8;

const AUTHORS = Object.values(MOCK_USER_IDS);
const LINES = [
  'Agreed.',
  'I have a different take on this, but it is too long to fit in a reply. Almost.',
  'Same here!',
  'Could you say more about that?',
  'Bookmarking this thread.',
  'This is the reply everyone scrolls past.',
];

function post(id: number, parent: number | null, content: string): MockPost {
  return {
    id,
    parent_id: parent,
    content,
    from: '',
    lock: false,
    nsfw: false,
    edited: 0,
    // A minute apart, after the newest fixture post.
    date: FIXTURE_BASE_EPOCH + (id - LONG_THREAD_ROOT + 1) * 60,
    author: AUTHORS[id % AUTHORS.length] ?? MOCK_USER_IDS.ada,
    replies: [],
  };
}

export function longThreadsSeed(media?: MockMedia): MockDbSnapshot {
  const seed = createFixtureSnapshot(media);
  const added: MockPost[] = [post(LONG_THREAD_ROOT, null, 'A long thread: reply with anything. Everyone did.')];
  let id = LONG_THREAD_ROOT + 1;
  for (let i = 0; i < LONG_THREAD_DIRECT_REPLIES; i += 1, id += 1) {
    added.push(post(id, LONG_THREAD_ROOT, `Reply ${i + 1}. ${LINES[i % LINES.length]}`));
  }
  let parent = LONG_THREAD_ROOT + 1;
  for (let depth = 2; depth < 2 + CHAIN_LENGTH; depth += 1, id += 1) {
    added.push(post(id, parent, `Level ${depth} of the chain: replying to the reply above.`));
    parent = id;
  }
  for (let i = 0; i < SIDE_REPLIES; i += 1, id += 1) {
    added.push(post(id, LONG_THREAD_ROOT + 2, `Side reply ${i + 1} to reply 2.`));
  }
  for (const child of added) {
    const parentPost = added.find((p) => p.id === child.parent_id);
    parentPost?.replies.push(child.id);
  }
  return { ...seed, posts: [...seed.posts, ...added], nextId: id };
}
