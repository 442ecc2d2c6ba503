/**
 * Static sample data of the states gallery: the gallery's own, not the mock database's, so every
 * state looks the same whatever scenario runs. Images are the mock's sample pictures next to
 * index.html (the gallery exists only with the mock, which ships them; no network beyond this site);
 * the broken avatar points at a file that does not exist.
 */
import type { BlogEntry, Post, User, UserSummary } from '../../lib/api/schemas';

const here = (path: string) => new URL(path, document.baseURI).href;
const MINUTE = 60_000;
const now = Date.now();

const SAMPLE_AVATAR = here('mock-media/ada.svg');
const SAMPLE_BANNER = here('mock-media/banner-engine.svg');
export const BROKEN_IMAGE = here('gallery-missing-avatar.png');

const HOSTILE = '<script>alert(1)</script> <img src=x onerror=alert(1)> "><svg onload=alert(1)>';
const LONG_TEXT = Array.from(
  { length: 10 },
  (_, i) => `Paragraph ${i + 1}: a post long enough to be clamped, so the reader gets "Show more" rather than a wall of text.`,
).join('\n\n');

function author(username: string, displayName: string, pfp = SAMPLE_AVATAR): UserSummary {
  return { uuid: `gallery-${username}`, username, displayName, pfp };
}

export const SAMPLE_AUTHORS = {
  plain: author('grace', 'Grace Hopper'),
  rtl: author('layla_k', 'ليلى خوري', here('mock-media/dalia.svg')),
  hostile: author('mallory_x', '<img src=x onerror=alert(1)>', 'javascript:alert(1)'),
  broken: author('broken_pic', 'Avatar Missing', BROKEN_IMAGE),
};

function post(id: number, fields: Partial<Post>): Post {
  return {
    id: String(id),
    parentId: null,
    content: 'A plain post: text only, as the service stores it.',
    from: '',
    lock: false,
    nsfw: false,
    date: now - 5 * MINUTE,
    edited: { edited: false, at: null },
    replies: [],
    author: SAMPLE_AUTHORS.plain,
    ...fields,
  };
}

export const SAMPLE_POSTS = {
  plain: post(9001, { from: 'web', replies: ['9006'] }),
  nsfwHidden: post(9002, { nsfw: true, content: 'Sensitive: only shown after "Show post".' }),
  nsfwRevealed: post(9003, { nsfw: true, content: 'Sensitive, revealed: the badge stays, the text shows.' }),
  locked: post(9004, { lock: true, content: 'Locked: replies are closed.', replies: ['1', '2'] }),
  edited: post(9005, { content: 'Edited once, a minute after posting.', edited: { edited: true, at: now - 4 * MINUTE } }),
  reply: post(9006, { parentId: '9001', content: 'A reply: it says whom it answers.' }),
  long: post(9007, { content: LONG_TEXT }),
  rtl: post(9008, { author: SAMPLE_AUTHORS.rtl, content: 'مرحبا بالعالم! نص من اليمين إلى اليسار مع English (v2.0).', from: 'من الهاتف' }),
  hostile: post(9009, { author: SAMPLE_AUTHORS.hostile, content: `${HOSTILE} [click](javascript:alert(1)) \u202Egnp.exe`, from: HOSTILE }),
  brokenAvatar: post(9010, { author: SAMPLE_AUTHORS.broken, content: 'The avatar URL answers 404: initials stand in.' }),
  unknownAuthor: post(9011, { author: null, content: 'The server sent no author for this post.' }),
  links: post(9012, {
    content:
      'Links open in a new tab: https://example.com/docs/guide, www.example.org and https://example.com/a/very/long/path/cut/with/an/ellipsis?page=2.\nIn right-to-left text: انظر https://example.com/مصر، شكرا.\nStay text: javascript:alert(1), data:text/html,x, https://user:pw@example.com, example.com.',
  }),
};

function user(fields: Partial<User>): User {
  return {
    type: 0,
    uuid: 'gallery-user',
    username: 'grace',
    displayName: 'Grace Hopper',
    pfp: SAMPLE_AVATAR,
    banner: SAMPLE_BANNER,
    badge: 'early-adopter',
    specialBadge: { label: 'Staff', color: '#5b21b6' },
    bio: 'Wrote the first compiler. Finds bugs, literally.',
    nsfw: false,
    private: false,
    pronoun: ['she', 'her'],
    joined: now - 400 * 24 * 60 * MINUTE,
    ...fields,
  };
}

export const SAMPLE_USERS = {
  plain: user({}),
  nsfw: user({ username: 'night_owl', displayName: 'Night Owl', nsfw: true, bio: 'Hidden until revealed.', badge: null }),
  private: user({ username: 'quiet_one', displayName: 'Quiet One', private: true, specialBadge: [], bio: 'Private account.' }),
  hostile: user({
    username: 'mallory_x',
    displayName: '<img src=x onerror=alert(1)>',
    pfp: 'javascript:alert(1)',
    banner: 'data:text/html,<script>alert(1)</script>',
    bio: `${HOSTILE} ${'x'.repeat(200)}`,
    badge: ['<b>admin</b>', `javascript:alert(1) ${'x'.repeat(200)}`],
    specialBadge: { '<script>': '<script>alert(1)</script>', color: 'red;background:url(javascript:alert(1))' },
    pronoun: 123,
  }),
  /** The json fields in the shapes the profile recognises (features/profile/badge-shape.ts). */
  badgeShapes: user({
    username: 'badge_shapes',
    displayName: 'Badge Shapes',
    bio: 'Colours tint a badge (light and dark, contrast-checked); names become the text; the rest reads as short text.',
    badge: ['early-adopter', 42, { tier: 2, name: 'Supporter' }, { tier: 3, region: 'EU', nested: { deep: true } }],
    specialBadge: [
      { name: 'Founder', color: '#ffaa00' },
      { label: 'Staff', color: '#5b21b6' },
      { title: 'Moderator', colour: '#0A7' },
      { text: 'Pale', color: '#fffbe6' },
    ],
    pronoun: { subject: 'they', object: 'them' },
  }),
};

export const SAMPLE_BLOG: BlogEntry = {
  content: 'Draft 4 of the v2 API is out.\n\nTokens travel in the Authorization header and posts have string ids.',
  image: here('mock-media/blog-draft-4.svg'),
  tag: 'release',
  date: now - 3 * 24 * 60 * MINUTE,
  author: SAMPLE_AUTHORS.plain,
};

export const SAMPLE_BLOG_HOSTILE: BlogEntry = {
  content: `${HOSTILE}\n${LONG_TEXT}`,
  image: 'javascript:alert(1)',
  tag: '<marquee>news</marquee>',
  date: now - 60 * MINUTE,
  author: SAMPLE_AUTHORS.hostile,
};
