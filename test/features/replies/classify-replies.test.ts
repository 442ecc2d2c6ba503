// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NO_MUTES } from '../../../src/entities/mute/match';
import { freshRepliesState, type RepliesState } from '../../../src/entities/replies/replies-store';
import { classifyPosts, isCountedReply, type Reader } from '../../../src/features/replies/classify-replies';
import type { Post } from '../../../src/lib/api/schemas';
import { aPost } from '../../support/post-fixture';

const ADA = { uuid: 'uuid-ada', username: 'ada', displayName: 'Ada Lovelace', pfp: '' };
const CHEN = { uuid: 'uuid-chen', username: 'chen_w', displayName: 'Chen Wei', pfp: '' };

function post(id: number, author: Post['author'], parentId: number | null = null, replies: number[] = []): Post {
  return aPost({ id: String(id), parentId: parentId === null ? null : String(parentId), content: `Post ${id}`, replies: replies.map(String), author });
}

const ada: Reader = { me: { uuid: ADA.uuid, username: 'ada' }, mutes: NO_MUTES };
/** Past the baseline, replies above `since` new. */
const known = (own: string[] = [], since = 100): RepliesState => ({ ...freshRepliesState(since), own, baseline: false });
const nothingAtHand = () => undefined;
const atHand = (...posts: Post[]) => (id: string) => posts.find((p) => p.id === id);

describe('isCountedReply', () => {
  it('yours never counts; the uuid decides once known, else the exact username', () => {
    const byName: Reader = { me: { username: 'ada' }, mutes: NO_MUTES };
    expect(isCountedReply(post(1, ADA), byName)).toBe(false);
    expect(isCountedReply(post(1, { ...CHEN, username: 'Ada' }), byName)).toBe(true);
    expect(isCountedReply(post(1, CHEN), byName)).toBe(true);
    // Someone else who took the name: the uuid says it is not you.
    expect(isCountedReply(post(1, { ...CHEN, username: 'ada' }), ada)).toBe(true);
    expect(isCountedReply(post(1, ADA), ada)).toBe(false);
  });

  it('a reply from an account you muted, or with a word you muted, does not count', () => {
    expect(isCountedReply(post(1, CHEN), ada)).toBe(true);
    expect(isCountedReply(post(1, CHEN), { ...ada, mutes: { accounts: [{ uuid: CHEN.uuid, username: CHEN.username }], words: [] } })).toBe(false);
    const spoilers = { ...ada, mutes: { accounts: [], words: ['spoiler'] } };
    expect(isCountedReply({ ...post(1, CHEN), content: 'Big SPOILER ahead' }, spoilers)).toBe(false);
    expect(isCountedReply(post(1, CHEN), spoilers)).toBe(true);
  });
});

describe('classifyPosts', () => {
  it('finds your new posts and the replies to them by someone else, not your own replies nor replies to others', () => {
    const found = classifyPosts([post(200, ADA), post(201, CHEN, 200), post(202, ADA, 200), post(203, CHEN, 150)], ada, known(), nothingAtHand);
    expect(found).toEqual({ own: ['200', '202'], replies: [{ id: '201', parent: '200' }], unlinked: false });
  });

  it('skips what is known already: your posts, and replies recorded before', () => {
    const state = { ...known(['200']), replies: [{ id: '201', parent: '200', seen: true }] };
    expect(classifyPosts([post(200, ADA), post(201, CHEN, 200)], ada, state, nothingAtHand)).toEqual({ own: [], replies: [], unlinked: false });
  });

  it('leaves out replies from a muted account', () => {
    const muting: Reader = { ...ada, mutes: { accounts: [{ uuid: CHEN.uuid, username: CHEN.username }], words: [] } };
    expect(classifyPosts([post(201, CHEN, 200)], muting, known(['200']), nothingAtHand).replies).toEqual([]);
  });

  it('without parent_id: your post read again tells its replies by the ids it lists, read from what is at hand', () => {
    const reply = post(301, CHEN);
    const mine = post(300, ADA, null, [301, 302]);
    // 302 is not at hand: who wrote it is not known, so it is not counted yet.
    expect(classifyPosts([mine], ada, known(['300']), atHand(reply)).replies).toEqual([{ id: '301', parent: '300' }]);
    // And the other way round: a post that lands after your post listing it.
    expect(classifyPosts([reply], ada, known(['300']), atHand(mine)).replies).toEqual([{ id: '301', parent: '300' }]);
  });

  it('without parent_id: a new post that none of your posts at hand lists is unlinked (your posts are worth reading again)', () => {
    expect(classifyPosts([post(301, CHEN)], ada, known(['300'], 100), nothingAtHand)).toEqual({ own: [], replies: [], unlinked: true });
    // Not while the baseline is being taken, nor for a post older than it, nor with no posts of yours.
    expect(classifyPosts([post(301, CHEN)], ada, { ...known(['300']), baseline: true }, nothingAtHand).unlinked).toBe(false);
    expect(classifyPosts([post(301, CHEN)], ada, known(['300'], 400), nothingAtHand).unlinked).toBe(false);
    expect(classifyPosts([post(301, CHEN)], ada, known([], 100), nothingAtHand).unlinked).toBe(false);
  });

  it('knows no one when who you are is not known: nothing is yours', () => {
    expect(classifyPosts([post(200, ADA), post(201, CHEN, 200)], { me: null, mutes: NO_MUTES }, known(), nothingAtHand)).toEqual({
      own: [],
      replies: [],
      unlinked: false,
    });
  });
});
