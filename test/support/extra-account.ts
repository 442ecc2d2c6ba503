/**
 * An account the seed does not have, and posts by it, put straight into the mock's state: for names
 * the mock's own rules would refuse on a rename (a username that differs from another only in case,
 * one with bidi controls in it), which a server written from the spec alone may well hold. Vitest
 * restores the result into `db`, the browser tests into the HTTP mock (`mockApi.restore`).
 */
import { MOCK_USER_IDS } from '../../src/mocks/fixtures';
import type { MockDbSnapshot, MockUser } from '../../src/mocks/model';

export interface ExtraAccount {
  uuid: string;
  token: string;
  username: string;
  displayname?: string;
}

/** `snapshot` with `account` added (ada's other fields) and one new top-level post by it per text; their ids. */
export function withExtraAccount(
  snapshot: MockDbSnapshot,
  account: ExtraAccount,
  texts: readonly string[],
): { snapshot: MockDbSnapshot; postIds: number[] } {
  const ada = snapshot.users.find((user) => user.uuid === MOCK_USER_IDS.ada);
  if (!ada) throw new Error('The snapshot has no ada to copy the other fields from');
  const user: MockUser = { ...structuredClone(ada), displayname: account.username, ...account, bio: '', badge: null, special_badge: null, type: 0 };
  const date = Math.max(...snapshot.posts.map((post) => post.date)) + 60;
  const posts = texts.map((content, i) => ({
    id: snapshot.nextId + i,
    parent_id: null,
    content,
    from: '',
    lock: false,
    nsfw: false,
    edited: 0,
    date: date + i * 60,
    author: user.uuid,
    replies: [],
  }));
  return {
    snapshot: { ...snapshot, nextId: snapshot.nextId + texts.length, users: [...snapshot.users, user], posts: [...snapshot.posts, ...posts] },
    postIds: posts.map((post) => post.id),
  };
}
