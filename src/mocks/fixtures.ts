/**
 * Seed data of the mock backend: every seed user, post and the blog entry live here.
 * Deterministic: all times derive from FIXTURE_BASE_EPOCH, never from the clock.
 * What the posts demonstrate is indexed by FIXTURE_POST_IDS; the users by their comments below.
 */
import { defaultMockMediaBase, mockMedia, type MockMedia } from './media';
import type { MockDbSnapshot, MockPost, MockUser } from './model';

/** 2026-11-20T12:00:00Z in epoch seconds: the newest seed post is a little before this. */
export const FIXTURE_BASE_EPOCH = Date.UTC(2026, 10, 20, 12, 0, 0) / 1000;

/** Bearer tokens of the seed users (human-readable on purpose; they are only mock credentials). */
export const MOCK_TOKENS = {
  ada: 'tok-ada-lovelace',
  bram: 'tok-bram-nsfw',
  chen: 'tok-chen-private',
  dalia: 'tok-dalia-rtl',
  mallory: 'tok-mallory-hostile',
} as const;

export type MockUserKey = keyof typeof MOCK_TOKENS;

export const MOCK_USER_IDS: Record<MockUserKey, string> = {
  ada: '6d1f5c2a-3b7e-4c1d-9a2f-0ada00000001',
  bram: '9b2e7d41-5c8a-4f3e-8b1d-0b4a00000002',
  chen: 'c3e81f07-2d6b-4a95-9e4c-0c4e00000003',
  dalia: 'd47a2c19-8e3f-4b60-a1d7-0da100000004',
  mallory: 'e5f0b8d2-7a1c-4e29-b6f3-0ba400000005',
};

const DAY = 24 * 3600;

function user(key: MockUserKey, fields: Omit<MockUser, 'uuid' | 'token'>): MockUser {
  return { uuid: MOCK_USER_IDS[key], token: MOCK_TOKENS[key], ...fields };
}

// ada: staff (type 1), json as string/coloured badges. bram: nsfw profile, json as arrays, no banner.
// chen: private, CJK name, an avatar file that is not an image (the initials show). dalia: right-to-left
// name and bio, mixed json. mallory: hostile strings everywhere, javascript:/data: image URLs, a
// number as pronoun. Pictures are the mock's own files (media.ts), never another host's.
const users = (media: MockMedia): MockUser[] => [
  user('ada', {
    username: 'ada',
    displayname: 'Ada Lovelace',
    pfp: media('ada.svg'),
    banner: media('banner-engine.svg'),
    bio: 'Notes on the Analytical Engine. Runs this instance.',
    badge: 'early-adopter',
    special_badge: [{ label: 'Staff', color: '#5b21b6' }, { name: 'Founder', color: '#ffaa00' }],
    pronoun: 'she/her',
    nsfw: false,
    private: false,
    type: 1,
    joined: FIXTURE_BASE_EPOCH - 400 * DAY,
  }),
  user('bram', {
    username: 'bram_stoker',
    displayname: 'Bram',
    pfp: media('bram.svg'),
    banner: '',
    bio: 'Night owl. My profile is marked NSFW.',
    badge: ['night-owl', 'beta-tester'],
    special_badge: null,
    pronoun: ['he', 'him'],
    nsfw: true,
    private: false,
    type: 0,
    joined: FIXTURE_BASE_EPOCH - 210 * DAY,
  }),
  user('chen', {
    username: 'chen_w',
    displayname: 'Chen Wei 陈伟',
    pfp: media('broken-avatar.png'),
    banner: media('banner-notebook.svg'),
    bio: 'Private account.',
    badge: { tier: 2, name: 'Supporter' },
    special_badge: [],
    pronoun: { subject: 'they', object: 'them' },
    nsfw: false,
    private: true,
    type: 0,
    joined: FIXTURE_BASE_EPOCH - 95 * DAY,
  }),
  user('dalia', {
    username: 'dalia_n',
    displayname: 'داليا نصر',
    pfp: media('dalia.svg'),
    banner: media('banner-nile.svg'),
    bio: 'مطوّرة واجهات. أكتب بالعربية وأحياناً בעברית, and sometimes English (v2.0).',
    badge: ['rtl', 42, { nested: true }],
    special_badge: 'Translator',
    pronoun: 'هي',
    nsfw: false,
    private: false,
    type: 0,
    joined: FIXTURE_BASE_EPOCH - 30 * DAY,
  }),
  user('mallory', {
    username: 'mallory',
    displayname: '<img src=x onerror=alert(1)>',
    pfp: 'javascript:alert(1)',
    banner: 'data:text/html,<script>alert(1)</script>',
    bio: '<script>alert(1)</script> <a href="javascript:alert(1)">click me</a>',
    badge: '<b>admin</b>',
    special_badge: { '<script>': '<script>alert(1)</script>' },
    pronoun: 123,
    nsfw: false,
    private: false,
    type: 0,
    joined: FIXTURE_BASE_EPOCH - 12 * DAY,
  }),
];

const LONG_CONTENT = [
  'A long post, to see how the layout copes.',
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `Paragraph ${i + 1}: the engine might act upon other things besides number, were objects found whose mutual fundamental relations could be expressed by those of the abstract science of operations.`,
  ),
  `An unbroken URL: https://example.com/${'a'.repeat(180)}`,
].join('\n\n');

const HOSTILE_FROM = '<script>alert(1)</script>';

interface Extra {
  from?: string;
  lock?: boolean;
  nsfw?: boolean;
  /** Seconds after the post's date at which its content was last edited. */
  editedAfter?: number;
}
type Row = [id: number, parent: number | null, author: MockUserKey, content: string, extra?: Extra];

const POSTS: Row[] = [
  [1, null, 'ada', 'Hello, world! First post on the v2 API.', { from: 'web' }],
  [2, null, 'bram', 'Coffee number three. Send help ☕'],
  [3, null, 'chen', 'Testing, testing. Is this thing on?'],
  [4, null, 'dalia', 'Good morning from Cairo! ☀️'],
  [5, null, 'ada', 'Poll: what is your favourite text editor? Reply below.', { from: 'web' }],
  [6, 5, 'bram', 'vim, obviously.'],
  [7, 6, 'dalia', 'Emacs users are typing a reply to this reply as we speak.'],
  [8, null, 'mallory', 'Totally normal post, nothing to see here.'],
  [9, 5, 'chen', 'Whatever has the best undo.'],
  [10, 7, 'ada', 'Three levels deep and still civil. Nice.'],
  [11, null, 'bram', 'Working on a late-night playlist. Suggestions?'],
  [12, null, 'ada', 'Maintenance window on Sunday 02:00–04:00 UTC. Locked to keep the thread tidy.', { lock: true, editedAfter: 1800 }],
  [13, 12, 'bram', 'Thanks for the heads-up! (sent before the lock)'],
  [14, null, 'chen', 'Does anyone else keep a paper notebook next to the keyboard?'],
  [15, null, 'bram', 'Graphic description of a horror film scene. Reveal at your own risk.', { nsfw: true }],
  [16, 15, 'dalia', 'That scene gave me nightmares for a week.', { nsfw: true }],
  [17, null, 'dalia', 'Reading list for the weekend: three novels and a very long manual.'],
  [18, 1, 'chen', 'Welcome aboard!'],
  [19, null, 'ada', 'Tip: the composer keeps your draft if the network drops.', { editedAfter: 600 }],
  [20, null, 'mallory', '<script>alert(1)</script>', { from: '<img src=x onerror=alert(1)>' }],
  [
    21,
    null,
    'mallory',
    '<img src=x onerror=alert(1)> [click me](javascript:alert(1)) <a href="data:text/html,<script>alert(1)</script>">data link</a>',
    { from: HOSTILE_FROM },
  ],
  [22, null, 'bram', 'Rain again. Perfect excuse to stay in.'],
  [23, 20, 'ada', 'Nice try. It is shown as plain text here.'],
  [24, null, 'chen', 'Whitespace test:\n\n    indented line\n\ttabbed line\n\n\nlast line after blank lines'],
  [25, null, 'chen', LONG_CONTENT],
  [26, null, 'dalia', '🎉🔥 Launch day! 👩🏽‍💻 👨‍👩‍👧‍👦 🏳️‍🌈 🇪🇬🇯🇵 (ZWJ sequences, skin tones, flags)', { from: '📱' }],
  [27, null, 'dalia', 'مرحبا بالعالم! هذا أول منشور لي على الخدمة الجديدة.', { from: 'من الهاتف' }],
  [28, null, 'dalia', 'שלום עולם! Mixed direction: version 2.0 (טיוטה 4) is out.'],
  [29, 27, 'ada', 'أهلاً وسهلاً! (welcome!)'],
  [30, null, 'bram', 'Last post before a long break. See you next week.'],
  // 31–48: a run of 18 deleted ids (spam cleanup). 53 replies to one of them.
  [49, null, 'chen', 'Back after the spam cleanup. Lots of posts vanished in between.'],
  [50, null, 'dalia', 'Locked: a note to self, no replies wanted.', { lock: true }],
  [51, null, 'ada', 'Feature idea: bookmarks.'],
  [52, null, 'bram', 'Spoilers for the finale, locked so nobody replies with more.', { nsfw: true, lock: true }],
  [53, 47, 'chen', 'Replying to a post that no longer exists.'],
  [54, null, 'mallory', 'Bidi trick: \u202Egnp.exe\u202C and zero\u200Bwidth\u200Bspaces', { from: '\u202Eesrever' }],
  [55, null, 'ada', 'Second thread: which keyboard layout do you use?'],
  [56, 55, 'dalia', 'Arabic and QWERTY, switching all day.'],
  [57, 56, 'bram', 'Dvorak, and I regret nothing.'],
  [58, null, 'chen', 'Quiet day.'],
  [59, null, 'dalia', 'Numbers in RTL: ٠١٢٣٤٥٦٧٨٩ and 0123456789.'],
  [60, null, 'ada', 'Edited: fixed a typo in this post.', { editedAfter: 3 * 3600 }],
  [61, null, 'bram', 'Is it Friday yet?'],
  [62, null, 'chen', 'Photo dump coming soon (no, there is no image upload).'],
  [63, null, 'mallory', '"><svg onload=alert(1)> and \'; DROP TABLE posts; --', { from: '"><svg onload=alert(1)>' }],
  [64, null, 'dalia', 'Evening walk by the Nile.'],
  [65, null, 'ada', 'Reminder: be kind.'],
  [66, null, 'bram', 'Midnight snack: cereal.', { nsfw: true }],
  [67, null, 'chen', 'Markdown is *not* rendered here: **bold**, `code`, # heading'],
  [68, null, 'dalia', 'تصبحون على خير 🌙'],
  [69, null, 'ada', 'Who is around this weekend?'],
  [70, 69, 'chen', 'Me! Also my cat.'],
  [71, null, 'bram', 'New week, new playlist.'],
  [72, null, 'dalia', 'ok'],
  [73, null, 'mallory', 'A post whose from field is far too long.', { from: 'sent from '.repeat(20).trim() }],
  [74, null, 'chen', 'Almost caught up with the feed.'],
  [75, null, 'ada', 'Newest seed post. Anything newer was created by you.', { from: 'web' }],
  // 76–77: deleted too, so the id counter sits past the newest existing post.
];

/** Ids worth knowing when writing tests or demos. */
export const FIXTURE_POST_IDS = {
  first: 1,
  newest: 75,
  /** Highest id ever handed out; the next created post gets this + 1. */
  highestUsed: 77,
  deletedRun: { from: 31, to: 48 },
  deletedTail: [76, 77],
  /** 5 ← 6 ← 7 ← 10 (reply to a reply to a reply); 5 also has 9. */
  replyChain: [5, 6, 7, 10],
  secondChain: [55, 56, 57],
  /** Reply whose parent (47) is one of the deleted ids. */
  orphanReply: 53,
  locked: [12, 50, 52],
  /** Locked post that still has a reply written before it was locked. */
  lockedWithReply: 12,
  nsfw: [15, 16, 52, 66],
  hostile: [20, 21, 54, 63, 73],
  long: 25,
  emoji: 26,
  rtl: [27, 28, 29, 59, 68],
  edited: [12, 19, 60],
} as const;

/** Monotonic in id (9 h apart, under an hour of jitter): ids 1..77 span about four weeks. */
function dateOf(id: number): number {
  return FIXTURE_BASE_EPOCH - (FIXTURE_POST_IDS.highestUsed - id) * 9 * 3600 - ((id * 977) % 3000);
}

function toPost([id, parent, author, content, extra = {}]: Row, all: Row[]): MockPost {
  const date = dateOf(id);
  return {
    id,
    parent_id: parent,
    content,
    from: extra.from ?? '',
    lock: extra.lock ?? false,
    nsfw: extra.nsfw ?? false,
    edited: extra.editedAfter ? date + extra.editedAfter : 0,
    date,
    author: MOCK_USER_IDS[author],
    replies: all.filter((r) => r[1] === id).map((r) => r[0]),
  };
}

/** A fresh, independent copy of the seed state every call; pictures resolve against `media`. */
export function createFixtureSnapshot(media: MockMedia = mockMedia(defaultMockMediaBase())): MockDbSnapshot {
  return {
    version: 2,
    nextId: FIXTURE_POST_IDS.highestUsed + 1,
    users: users(media),
    posts: POSTS.map((row) => toPost(row, POSTS)),
    blog: {
      content:
        'Draft 4 of the v2 API is out.\n\nTokens now travel in the Authorization header, post ids are strings in responses, and there is a new endpoint to update your profile.',
      image: media('blog-draft-4.svg'),
      tag: 'release',
      date: FIXTURE_BASE_EPOCH - 3 * DAY + 2 * 3600,
      author: MOCK_USER_IDS.ada,
    },
  };
}
