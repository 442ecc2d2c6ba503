/**
 * A stateful in-memory v2 database. Plain TypeScript (no msw, no React), so the same instance
 * backs the browser worker, the node test server and the real HTTP mock server.
 * Rule violations throw MockDbError with the HTTP status and reason a server would answer with.
 */
import { createFixtureSnapshot } from './fixtures';
import { defaultMockMediaBase, mockMedia, type MockMedia } from './media';
import type { MockBlog, MockDbSnapshot, MockPost, MockUser } from './model';

export class MockDbError extends Error {
  override readonly name = 'MockDbError';
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface NewPostInput {
  content: string;
  from?: string | null;
  lock?: boolean | null;
  nsfw?: boolean | null;
  parentId?: number | null;
}

/** null or absent: unchanged (docs/api-notes.md). */
export interface PostPatch {
  content?: string | null;
  lock?: boolean | null;
  nsfw?: boolean | null;
}

export interface ProfilePatch {
  username?: string | null;
  displayname?: string | null;
  pfp?: string | null;
  banner?: string | null;
  bio?: string | null;
}

export interface MockDb {
  userByToken(token: string): MockUser | undefined;
  user(uuid: string): MockUser | undefined;
  users(): MockUser[];
  post(id: number): MockPost | undefined;
  posts(): MockPost[];
  blog(): MockBlog;
  /** The id the next created post will get. */
  peekNextId(): number;
  createPost(authorUuid: string, input: NewPostInput): MockPost;
  updatePost(actorUuid: string, id: number, patch: PostPatch): MockPost;
  deletePost(actorUuid: string, id: number): MockPost;
  updateProfile(uuid: string, patch: ProfilePatch): MockUser;
  reset(): void;
  snapshot(): MockDbSnapshot;
  restore(snapshot: MockDbSnapshot): void;
  /** Called after every mutation (not after reset/restore). Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export interface MockDbOptions {
  /** Seed state; defaults to the fixtures. Called again on every reset(). */
  seed?: (media: MockMedia) => MockDbSnapshot;
  /** Where the sample pictures are served (absolute, ending in mock-media/); see media.ts. */
  mediaBase?: string;
  /** Current time in epoch seconds. */
  now?: () => number;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;

const copy = <T>(value: T): T => structuredClone(value);

export function createMockDb(options: MockDbOptions = {}): MockDb {
  const media = mockMedia(options.mediaBase ?? defaultMockMediaBase());
  const seed = () => (options.seed ?? createFixtureSnapshot)(media);
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  let state: MockDbSnapshot = copy(seed());
  const listeners = new Set<() => void>();

  const changed = () => {
    for (const listener of listeners) listener();
  };

  function findPost(id: number): MockPost {
    const post = state.posts.find((p) => p.id === id);
    if (!post) throw new MockDbError(404, `Post ${id} not found`);
    return post;
  }

  function findUser(uuid: string): MockUser {
    const user = state.users.find((u) => u.uuid === uuid);
    if (!user) throw new MockDbError(404, 'User not found');
    return user;
  }

  function ownPost(actorUuid: string, id: number): MockPost {
    const post = findPost(id);
    if (post.author !== actorUuid) throw new MockDbError(403, 'You are not the author of this post');
    return post;
  }

  function requireText(value: string, what: string): string {
    if (value.trim() === '') throw new MockDbError(400, `${what} cannot be empty`);
    return value;
  }

  return {
    userByToken: (token) => copyOrUndefined(state.users.find((u) => u.token === token)),
    user: (uuid) => copyOrUndefined(state.users.find((u) => u.uuid === uuid)),
    users: () => copy(state.users),
    post: (id) => copyOrUndefined(state.posts.find((p) => p.id === id)),
    posts: () => copy(state.posts),
    blog: () => copy(state.blog),
    peekNextId: () => state.nextId,

    createPost(authorUuid, input) {
      findUser(authorUuid);
      const content = requireText(input.content, 'Content');
      let parent: MockPost | undefined;
      if (input.parentId !== undefined && input.parentId !== null) {
        parent = findPost(input.parentId);
        if (parent.lock) throw new MockDbError(403, 'This post is locked');
      }
      const post: MockPost = {
        id: state.nextId,
        parent_id: parent ? parent.id : null,
        content,
        from: input.from ?? '',
        lock: input.lock ?? false,
        nsfw: input.nsfw ?? false,
        edited: 0,
        date: now(),
        author: authorUuid,
        replies: [],
      };
      state.nextId += 1;
      state.posts.push(post);
      if (parent) parent.replies = [...parent.replies, post.id].sort((a, b) => a - b);
      changed();
      return copy(post);
    },

    updatePost(actorUuid, id, patch) {
      const post = ownPost(actorUuid, id);
      if (patch.content !== undefined && patch.content !== null) {
        const content = requireText(patch.content, 'Content');
        if (content !== post.content) {
          post.content = content;
          post.edited = now();
        }
      }
      if (patch.lock !== undefined && patch.lock !== null) post.lock = patch.lock;
      if (patch.nsfw !== undefined && patch.nsfw !== null) post.nsfw = patch.nsfw;
      changed();
      return copy(post);
    },

    deletePost(actorUuid, id) {
      const post = ownPost(actorUuid, id);
      state.posts = state.posts.filter((p) => p.id !== id);
      // Replies of a deleted post stay, with a parent_id that now answers 404 (like seed post 53).
      const parent = post.parent_id === null ? undefined : state.posts.find((p) => p.id === post.parent_id);
      if (parent) parent.replies = parent.replies.filter((r) => r !== id);
      changed();
      return copy(post);
    },

    updateProfile(uuid, patch) {
      const user = findUser(uuid);
      if (patch.username !== undefined && patch.username !== null) {
        const wanted = patch.username;
        if (!USERNAME_PATTERN.test(wanted)) {
          throw new MockDbError(400, 'Username must be 3 to 20 characters: letters, digits or _');
        }
        const lower = wanted.toLowerCase();
        if (state.users.some((u) => u.uuid !== uuid && u.username.toLowerCase() === lower)) {
          throw new MockDbError(409, 'username taken');
        }
        user.username = wanted;
      }
      if (patch.displayname !== undefined && patch.displayname !== null) {
        user.displayname = requireText(patch.displayname, 'Display name');
      }
      if (patch.pfp !== undefined && patch.pfp !== null) user.pfp = patch.pfp;
      if (patch.banner !== undefined && patch.banner !== null) user.banner = patch.banner;
      if (patch.bio !== undefined && patch.bio !== null) user.bio = patch.bio;
      changed();
      return copy(user);
    },

    reset() {
      state = copy(seed());
    },
    snapshot: () => copy(state),
    restore(snapshot) {
      if (!isMockDbSnapshot(snapshot)) throw new Error('Not a mock database snapshot (version 2)');
      state = copy(snapshot);
      // Never hand out an id that is still in use, whatever the snapshot claims.
      const highest = state.posts.reduce((max, p) => Math.max(max, p.id), 0);
      state.nextId = Math.max(state.nextId, highest + 1);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function copyOrUndefined<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : copy(value);
}

/** A shallow structural check: enough to refuse a stale or foreign localStorage entry. */
export function isMockDbSnapshot(value: unknown): value is MockDbSnapshot {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Record<keyof MockDbSnapshot, unknown>>;
  return (
    v.version === 2 &&
    typeof v.nextId === 'number' &&
    Number.isSafeInteger(v.nextId) &&
    Array.isArray(v.users) &&
    Array.isArray(v.posts) &&
    v.posts.every((p: unknown) => !!p && typeof p === 'object' && Number.isSafeInteger((p as { id?: unknown }).id)) &&
    !!v.blog &&
    typeof v.blog === 'object'
  );
}
