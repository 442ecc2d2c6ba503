import { afterEach, describe, expect, it } from 'vitest';
import {
  freshRepliesState,
  moveRepliesState,
  OWN_LIMIT,
  readRepliesState,
  REPLY_LIMIT,
  repliesKey,
  repliesStore,
  unseenCount,
  withAllSeen,
  withOwn,
  withoutPosts,
  withReplies,
  writeRepliesState,
} from '../../../src/entities/replies/replies-store';

afterEach(() => repliesStore.use(null, () => 0));

describe('the replies store', () => {
  it('keeps ids only, per account, newest first, and reads back what it wrote', () => {
    let state = withOwn(freshRepliesState(50), ['12', '60', '5']);
    state = withReplies({ ...state, baseline: false }, [
      { id: '61', parent: '60' },
      { id: '13', parent: '12' },
    ]);
    writeRepliesState('ada', state);
    const read = readRepliesState('ada')!;
    expect(read.own).toEqual(['60', '12', '5']);
    expect(read.replies).toEqual([
      { id: '61', parent: '60', seen: false },
      { id: '13', parent: '12', seen: true },
    ]);
    expect(unseenCount(read)).toBe(1);
    expect(localStorage.getItem(repliesKey('ada'))).not.toMatch(/content|username/);
  });

  it('keeps one account apart from another', () => {
    writeRepliesState('ada', withReplies({ ...freshRepliesState(0), baseline: false }, [{ id: '9', parent: '5' }]));
    expect(readRepliesState('chen_w')).toBeNull();
    repliesStore.use('chen_w', () => 77);
    expect(repliesStore.get()).toEqual({ account: 'chen_w', state: freshRepliesState(77) });
    repliesStore.update((state) => withReplies({ ...state, baseline: false }, [{ id: '80', parent: '3' }]));
    expect(readRepliesState('ada')!.replies).toEqual([{ id: '9', parent: '5', seen: false }]);
    repliesStore.use('ada', () => 0);
    expect(unseenCount(repliesStore.get()!.state)).toBe(1);
    expect(repliesStore.get()!.state.replies.map((reply) => reply.id)).toEqual(['9']);
  });

  it('ignores what it cannot read: bad JSON, another shape, bad ids', () => {
    localStorage.setItem(repliesKey('ada'), '{oops');
    expect(readRepliesState('ada')).toBeNull();
    localStorage.setItem(repliesKey('ada'), JSON.stringify({ v: 2, own: [], replies: [], since: 0, baseline: false }));
    expect(readRepliesState('ada')).toBeNull();
    localStorage.setItem(
      repliesKey('ada'),
      JSON.stringify({
        v: 1,
        own: ['7', 'x', 8, '<script>', '7'],
        replies: [{ id: '9', parent: '7', seen: false }, { id: 'nope', parent: '7', seen: false }, 'junk', { id: '10' }],
        since: 3,
        baseline: false,
      }),
    );
    expect(readRepliesState('ada')).toEqual({ own: ['7'], replies: [{ id: '9', parent: '7', seen: false }], since: 3, baseline: false });
  });

  it('keeps the newest few hundred', () => {
    const ids = Array.from({ length: OWN_LIMIT + 50 }, (_, i) => String(i + 1));
    const state = withOwn(freshRepliesState(0), ids);
    expect(state.own).toHaveLength(OWN_LIMIT);
    expect(state.own[0]).toBe(String(OWN_LIMIT + 50));
    const replies = withReplies({ ...state, baseline: false }, ids.map((id) => ({ id: String(Number(id) + 1000), parent: id })));
    expect(replies.replies).toHaveLength(REPLY_LIMIT);
    expect(replies.replies[0]!.id).toBe(String(OWN_LIMIT + 1050));
  });

  it('counts as seen what existed at the baseline, and marks all seen at once', () => {
    const during = withReplies(freshRepliesState(40), [{ id: '90', parent: '1' }]);
    expect(during.replies[0]!.seen).toBe(true);
    const after = withReplies({ ...freshRepliesState(40), baseline: false }, [
      { id: '30', parent: '1' },
      { id: '41', parent: '1' },
      { id: '42', parent: '2' },
    ]);
    expect(unseenCount(after)).toBe(2);
    expect(unseenCount(withAllSeen(after))).toBe(0);
    expect(withAllSeen(withAllSeen(after))).toEqual(withAllSeen(after));
    expect(withoutPosts(after, ['41', '2']).replies.map((reply) => reply.id)).toEqual(['42', '30']);
  });

  it('follows a rename, replacing what was kept under the new name', () => {
    writeRepliesState('ada', withOwn(freshRepliesState(5), ['5']));
    writeRepliesState('ada_l', withOwn(freshRepliesState(9), ['99']));
    moveRepliesState('ada', 'ada_l');
    expect(readRepliesState('ada')).toBeNull();
    expect(readRepliesState('ada_l')!.own).toEqual(['5']);
  });

  it('reads another tab’s write of the account in use (the storage event)', () => {
    writeRepliesState('ada', withReplies({ ...freshRepliesState(0), baseline: false }, [{ id: '9', parent: '5' }]));
    repliesStore.use('ada', () => 0);
    expect(unseenCount(repliesStore.get()!.state)).toBe(1);
    // Another tab opened the Replies page.
    const seen = withAllSeen(readRepliesState('ada')!);
    writeRepliesState('ada', seen);
    window.dispatchEvent(new StorageEvent('storage', { key: repliesKey('ada') }));
    expect(unseenCount(repliesStore.get()!.state)).toBe(0);
    // Another account's key changes nothing here.
    writeRepliesState('chen_w', withReplies({ ...freshRepliesState(0), baseline: false }, [{ id: '11', parent: '3' }]));
    window.dispatchEvent(new StorageEvent('storage', { key: repliesKey('chen_w') }));
    expect(repliesStore.get()!.account).toBe('ada');
    expect(unseenCount(repliesStore.get()!.state)).toBe(0);
  });
});

describe('the key', () => {
  it('is the username exactly as written: "Ada" and "ada" may be two accounts (the spec says nothing of case)', () => {
    expect(repliesKey('ada')).not.toBe(repliesKey('Ada'));
    expect(repliesKey('ada')).toBe('social.replies:ada');
  });
});
