/**
 * Database states of the scenarios, each derived from the fixtures so users and tokens stay the
 * same everywhere (a signed-in designer stays signed in across scenarios that keep the token).
 */
import { createFixtureSnapshot, MOCK_USER_IDS } from './fixtures';
import type { MockMedia } from './media';
import type { MockDbSnapshot } from './model';

/** No posts, ids start at 1. The blog entry is there but the empty scenario answers 404 for it. */
export function emptySeed(media?: MockMedia): MockDbSnapshot {
  return { ...createFixtureSnapshot(media), posts: [], nextId: 1 };
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
