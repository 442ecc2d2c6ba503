import { describe, expect, it, vi } from 'vitest';
import { identifyAccount, readDeviceAccounts } from '../../../src/entities/account/device-accounts';
import { tokenStore } from '../../../src/entities/account/token-store';
import { keyFor, signInAs } from '../../support/account-data';
import {
  freshRepliesState,
  OWN_LIMIT,
  readRepliesState,
  REPLY_LIMIT,
  repliesStore,
  unseenCount,
  withAllSeen,
  withOwn,
  withoutPosts,
  withReplies,
  writeRepliesState,
} from '../../../src/entities/replies/replies-store';

/** The local id of the account called `username` on this device. */
const id = (username: string) => identifyAccount({ username });

describe('the replies store', () => {
  it('keeps ids only, per account, newest first, and reads back what it wrote', () => {
    let state = withOwn(freshRepliesState(50), ['12', '60', '5']);
    state = withReplies({ ...state, baseline: false }, [
      { id: '61', parent: '60' },
      { id: '13', parent: '12' },
    ]);
    writeRepliesState(id('ada'), state);
    const read = readRepliesState(id('ada'))!;
    expect(read.own).toEqual(['60', '12', '5']);
    expect(read.replies).toEqual([
      { id: '61', parent: '60', seen: false },
      { id: '13', parent: '12', seen: true },
    ]);
    expect(unseenCount(read)).toBe(1);
    expect(localStorage.getItem(keyFor('ada', 'replies'))).not.toMatch(/content|username/);
  });

  it('keeps one account apart from another', () => {
    writeRepliesState(id('ada'), withReplies({ ...freshRepliesState(0), baseline: false }, [{ id: '9', parent: '5' }]));
    expect(readRepliesState(id('chen_w'))).toBeNull();
    const chen = signInAs('chen_w');
    repliesStore.start(chen, () => 77);
    expect(repliesStore.get()).toEqual({ account: chen, state: freshRepliesState(77) });
    repliesStore.update(chen, (state) => withReplies({ ...state, baseline: false }, [{ id: '80', parent: '3' }]));
    expect(readRepliesState(id('ada'))!.replies).toEqual([{ id: '9', parent: '5', seen: false }]);
    signInAs('ada');
    expect(unseenCount(repliesStore.get()!.state)).toBe(1);
    expect(repliesStore.get()!.state.replies.map((reply) => reply.id)).toEqual(['9']);
  });

  it('ignores what it cannot read: bad JSON, another shape, bad ids', () => {
    localStorage.setItem(keyFor('ada', 'replies'), '{oops');
    expect(readRepliesState(id('ada'))).toBeNull();
    localStorage.setItem(keyFor('ada', 'replies'), JSON.stringify({ v: 2, own: [], replies: [], since: 0, baseline: false }));
    expect(readRepliesState(id('ada'))).toBeNull();
    localStorage.setItem(
      keyFor('ada', 'replies'),
      JSON.stringify({
        v: 1,
        own: ['7', 'x', 8, '<script>', '7'],
        replies: [{ id: '9', parent: '7', seen: false }, { id: 'nope', parent: '7', seen: false }, 'junk', { id: '10' }],
        since: 3,
        baseline: false,
      }),
    );
    expect(readRepliesState(id('ada'))).toEqual({ own: ['7'], replies: [{ id: '9', parent: '7', seen: false }], since: 3, baseline: false });
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

  it('keeps its state through a rename: the data stays under the account’s local id', async () => {
    const ada = signInAs('ada');
    writeRepliesState(ada, withOwn(freshRepliesState(5), ['5']));
    tokenStore.note({ username: 'ada_l' });
    await vi.waitFor(() => expect(readDeviceAccounts()).toContainEqual({ id: ada, username: 'ada_l' }));
    expect(repliesStore.get()).toEqual({ account: ada, state: withOwn(freshRepliesState(5), ['5']) });
    expect(readRepliesState(id('ada_l'))!.own).toEqual(['5']);
  });

  it('reads another tab’s write of the account in use (the storage event)', () => {
    const ada = signInAs('ada');
    writeRepliesState(ada, withReplies({ ...freshRepliesState(0), baseline: false }, [{ id: '9', parent: '5' }]));
    repliesStore.start(ada, () => 0);
    expect(unseenCount(repliesStore.get()!.state)).toBe(1);
    // Another tab opened the Replies page.
    const seen = withAllSeen(readRepliesState(id('ada'))!);
    writeRepliesState(id('ada'), seen);
    window.dispatchEvent(new StorageEvent('storage', { key: keyFor('ada', 'replies') }));
    expect(unseenCount(repliesStore.get()!.state)).toBe(0);
    // Another account's key changes nothing here.
    writeRepliesState(id('chen_w'), withReplies({ ...freshRepliesState(0), baseline: false }, [{ id: '11', parent: '3' }]));
    window.dispatchEvent(new StorageEvent('storage', { key: keyFor('chen_w', 'replies') }));
    expect(repliesStore.get()!.account).toBe(ada);
    expect(unseenCount(repliesStore.get()!.state)).toBe(0);
  });
});
