/**
 * Database states of the scenarios, each derived from the fixtures so users and tokens stay the
 * same everywhere (a signed-in designer stays signed in across scenarios that keep the token).
 */
import { createFixtureSnapshot, FIXTURE_BASE_EPOCH, MOCK_USER_IDS } from './fixtures';
import type { MockMedia } from './media';
import type { MockDbSnapshot } from './model';

/** No posts, ids start at 1. The blog entry is there but the empty scenario answers 404 for it. */
export function emptySeed(media?: MockMedia): MockDbSnapshot {
  return { ...createFixtureSnapshot(media), posts: [], nextId: 1 };
}

/**
 * posts-arriving: the seed, with the next post's id right after the newest. The seed's two ids above
 * its newest post are deleted ones, which the feed's light checks for new posts do not read past (a
 * full check, every tenth or on coming back to the tab, does): arrivals would wait for it.
 */
export function arrivingSeed(media?: MockMedia): MockDbSnapshot {
  const seed = createFixtureSnapshot(media);
  return { ...seed, nextId: Math.max(...seed.posts.map((post) => post.id)) + 1 };
}

/** Four posts in five sensitive; bram's and dalia's profiles too. */
export function heavyNsfwSeed(media?: MockMedia): MockDbSnapshot {
  const seed = createFixtureSnapshot(media);
  const nsfwUsers = new Set([MOCK_USER_IDS.bram, MOCK_USER_IDS.dalia]);
  return {
    ...seed,
    users: seed.users.map((user) => (nsfwUsers.has(user.uuid) ? { ...user, nsfw: true } : user)),
    posts: seed.posts.map((post) => ({ ...post, nsfw: post.nsfw || post.id % 5 !== 0 })),
  };
}

const HOSTILE_SNIPPETS = [
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '[click me](javascript:alert(1))',
  '\u202Egnp.exe\u202C',
  'Z̷̡̛̖̯̪͓̘̈́̒̾͆a̶̧̛̙̓l̸̨̰̀g̵̫̈́o̴̜͝',
  `${'W'.repeat(120)}`,
  "'; DROP TABLE posts; --",
];

function hostileText(i: number, extra: string): string {
  const snippet = HOSTILE_SNIPPETS[i % HOSTILE_SNIPPETS.length] ?? '';
  const long = i % 3 === 0 ? `\n\n${'A very long line with no good place to stop. '.repeat(30)}` : '';
  return `<script>alert("${extra}")</script> ${snippet}${long}`;
}

/**
 * Every post, name, bio and the blog entry carries markup, bidi controls or far too much text.
 * Every other avatar, every banner and the blog image are javascript:/data: URLs, which the app
 * refuses and never fetches; the remaining avatars stay the mock's own pictures.
 */
export function hostileSeed(media?: MockMedia): MockDbSnapshot {
  const seed = createFixtureSnapshot(media);
  return {
    ...seed,
    users: seed.users.map((user, i) => ({
      ...user,
      displayname: `${HOSTILE_SNIPPETS[i % HOSTILE_SNIPPETS.length]} ${user.displayname} ${'long name '.repeat(6)}`.trim(),
      bio: hostileText(i, `bio of ${user.username}`),
      pfp: i % 2 === 0 ? 'javascript:alert(1)' : user.pfp,
      banner: 'data:text/html,<script>alert(1)</script>',
      pronoun: '<b>they</b>/<i>them</i>',
    })),
    posts: seed.posts.map((post, i) => ({
      ...post,
      content: hostileText(i, `post ${post.id}`),
      from: HOSTILE_SNIPPETS[(i + 1) % HOSTILE_SNIPPETS.length] ?? '',
    })),
    blog: {
      ...seed.blog,
      content: hostileText(0, 'blog'),
      tag: '<marquee>release</marquee>',
      image: 'javascript:alert(1)',
    },
  };
}

/** The replies the replies-unseen scenario adds: [author, ada's post answered, text]. */
const UNSEEN_REPLIES: ReadonlyArray<readonly [keyof typeof MOCK_USER_IDS, number, string]> = [
  ['chen', 75, 'Replying while you were away: does the newest post have a sequel?'],
  ['dalia', 69, 'ردّ جديد: شكرًا على هذا المنشور!'],
  ['bram', 65, 'A third reply, made since your last visit.'],
];

/** The fixtures plus three replies to ada's posts by others, newer than anything she has seen (ids 78–80). */
export function repliesUnseenSeed(media?: MockMedia): MockDbSnapshot {
  const seed = createFixtureSnapshot(media);
  const posts = seed.posts.map((post) => ({ ...post, replies: [...post.replies] }));
  let nextId = seed.nextId;
  UNSEEN_REPLIES.forEach(([author, parentId, content], i) => {
    const id = nextId++;
    const parent = posts.find((post) => post.id === parentId);
    parent?.replies.push(id);
    posts.push({ id, parent_id: parentId, content, from: '', lock: false, nsfw: false, edited: 0, date: FIXTURE_BASE_EPOCH + 3_600 + i * 60, author: MOCK_USER_IDS[author], replies: [] });
  });
  return { ...seed, posts, nextId };
}

/**
 * What this device keeps for ada, as src/entities/account/account-data.ts keeps it (the mocks do not
 * import the app's code; test/mocks/scenarios.test.ts checks that the app reads it): her record
 * under a fixed local id, and `kind` of her data.
 */
export function mockAccountData(kind: 'mutes' | 'replies' | 'lastSeen' | 'saved', value: string): Record<string, string> {
  return {
    'social.device-accounts': JSON.stringify([{ id: 'mock-ada', username: 'ada' }]),
    [`social.account:mock-ada:${kind}`]: value,
  };
}

/**
 * What the app had remembered for ada before those replies came (src/entities/replies/
 * replies-store.ts, her `replies`; the mocks do not import the app's code): her posts,
 * the older replies to them seen, her baseline below the new ones. So the header says "Replies, 3 new".
 */
export function repliesUnseenLocalState(snapshot: MockDbSnapshot): Record<string, string> {
  const ada = MOCK_USER_IDS.ada;
  const own = snapshot.posts.filter((post) => post.author === ada).map((post) => post.id);
  const replies = snapshot.posts
    .filter((post) => post.parent_id !== null && own.includes(post.parent_id) && post.author !== ada)
    .map((post) => ({ id: String(post.id), parent: String(post.parent_id), seen: post.id < 78 }))
    .sort((a, b) => Number(b.id) - Number(a.id));
  const state = { v: 1, own: own.map(String).reverse(), replies, since: 77, baseline: false };
  return mockAccountData('replies', JSON.stringify(state));
}
