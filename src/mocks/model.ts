/**
 * Shapes of the mock backend's stored state. They mirror what a v2 server holds, not what the
 * client's domain types look like: ids are numbers here and become strings only on the wire.
 */

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface MockUser {
  uuid: string;
  username: string;
  displayname: string;
  pfp: string;
  banner: string;
  bio: string;
  badge: JsonValue;
  special_badge: JsonValue;
  pronoun: JsonValue;
  nsfw: boolean;
  private: boolean;
  type: number;
  /** Epoch seconds. */
  joined: number;
  /** The bearer token that authenticates as this user. Never sent in a response. */
  token: string;
}

export interface MockPost {
  id: number;
  parent_id: number | null;
  content: string;
  from: string;
  lock: boolean;
  nsfw: boolean;
  /** 0 when never edited, otherwise epoch seconds of the last content change. */
  edited: number;
  /** Epoch seconds. */
  date: number;
  /** uuid of the author. */
  author: string;
  /** Ids of the direct replies, ascending. */
  replies: number[];
}

export interface MockBlog {
  content: string;
  image: string;
  tag: string;
  /** Epoch seconds. */
  date: number;
  /** uuid of the author. */
  author: string;
}

/** The whole state, JSON-serialisable; what `snapshot()` returns and `restore()` takes. */
export interface MockDbSnapshot {
  /** 2 since the seed's pictures became the mock's own files: a saved version 1 still points at example.com. */
  version: 2;
  /** The next post id to hand out: always past every id ever used, deleted ones included. */
  nextId: number;
  users: MockUser[];
  posts: MockPost[];
  blog: MockBlog;
}
