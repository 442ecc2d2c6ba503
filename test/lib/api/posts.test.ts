// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/lib/api/api-error';
import { getPost } from '../../../src/lib/api/posts';
import { createPost, deletePost, updatePost } from '../../../src/lib/api/post-writes';
import { createTransport } from '../../../src/lib/api/transport';
import { createTestTransport, db, FIXTURE_POST_IDS, MOCK_TOKENS, MOCK_USER_IDS, TEST_API_BASE } from '../../support/mock-backend';

const ada = () => createTestTransport(MOCK_TOKENS.ada);
const bram = () => createTestTransport(MOCK_TOKENS.bram);

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('getPost', () => {
  it('returns a seed post in the domain shape, with its author and replies', async () => {
    const seed = db.post(5)!;
    const post = await getPost(ada(), '5');
    expect(post).toEqual({
      id: '5',
      parentId: null,
      content: seed.content,
      from: 'web',
      lock: false,
      nsfw: false,
      date: seed.date * 1000,
      edited: { edited: false, at: null },
      replies: ['6', '9'],
      author: {
        uuid: MOCK_USER_IDS.ada,
        username: 'ada',
        displayName: 'Ada Lovelace',
        pfp: db.user(MOCK_USER_IDS.ada)!.pfp,
      },
    });
  });

  it('links a reply to a reply through parentId', async () => {
    const [, first, second] = FIXTURE_POST_IDS.replyChain;
    const post = await getPost(ada(), String(second));
    expect(post.parentId).toBe(String(first));
    expect(post.author?.username).toBe('dalia_n');
  });

  it('reports an edit time for an edited post', async () => {
    const post = await getPost(ada(), '60');
    expect(post.edited).toEqual({ edited: true, at: db.post(60)!.edited * 1000 });
  });

  it('is not_found for an id in the deleted run', async () => {
    const error = await failure(getPost(ada(), String(FIXTURE_POST_IDS.deletedRun.from + 3)));
    expect(error.kind).toBe('not_found');
    expect(error.status).toBe(404);
  });
});

describe('createPost', () => {
  it('creates a top-level post with the next id, held by the server as sent', async () => {
    const created = await createPost(ada(), { content: 'A new post', from: 'tests', nsfw: true });
    expect(created).toEqual({ id: '78', parentId: null, content: 'A new post', from: 'tests', lock: false, nsfw: true });
    expect(db.post(78)).toMatchObject({ content: 'A new post', from: 'tests', nsfw: true, lock: false, author: MOCK_USER_IDS.ada });
  });

  it('creates a reply that the parent then lists', async () => {
    const created = await createPost(bram(), { content: 'Me too', parentId: '5' });
    expect(created.parentId).toBe('5');
    const parent = await getPost(ada(), '5');
    expect(parent.replies).toEqual(['6', '9', created.id]);
    expect((await getPost(ada(), created.id)).parentId).toBe('5');
  });

  it('refuses a reply to a locked post with the server reason, creating nothing', async () => {
    const before = db.peekNextId();
    const error = await failure(createPost(bram(), { content: 'Let me in', parentId: '12' }));
    expect(error.kind).toBe('forbidden');
    expect(error.reason).toBe('This post is locked');
    expect(db.peekNextId()).toBe(before);
    expect(db.post(12)!.replies).toEqual([13]);
  });

  it('refuses a reply to a missing post', async () => {
    const error = await failure(createPost(bram(), { content: 'Hello?', parentId: '40' }));
    expect(error.kind).toBe('not_found');
  });

  it('refuses blank content with the server reason', async () => {
    const error = await failure(createPost(ada(), { content: '   ' }));
    expect(error.status).toBe(400);
    expect(error.kind).toBe('api');
    expect(error.reason).toBe('Content is required');
    expect(db.post(78)).toBeUndefined();
  });

  it('never reuses a deleted id', async () => {
    await deletePost(ada(), '75');
    const created = await createPost(ada(), { content: 'After the delete' });
    expect(created.id).toBe(String(FIXTURE_POST_IDS.highestUsed + 1));
  });
});

describe('updatePost', () => {
  it('changes only the content; lock and nsfw stay as the server holds them', async () => {
    const updated = await updatePost(ada(), '12', { content: 'New maintenance window: Monday.' });
    expect(updated).toMatchObject({ id: '12', content: 'New maintenance window: Monday.', lock: true, nsfw: false });
    const post = await getPost(ada(), '12');
    expect(post).toMatchObject({ content: 'New maintenance window: Monday.', lock: true, nsfw: false });
    expect(post.edited.at).toBeGreaterThan(db.post(12)!.date * 1000);
  });

  it('changes only the lock; content and edit time stay', async () => {
    await updatePost(ada(), '51', { lock: true });
    const post = await getPost(ada(), '51');
    expect(post).toMatchObject({ content: 'Feature idea: bookmarks.', lock: true, nsfw: false, edited: { edited: false, at: null } });
  });

  it('unlocking a locked post lets replies in again', async () => {
    await updatePost(ada(), '12', { lock: false });
    const reply = await createPost(bram(), { content: 'Now I can reply', parentId: '12' });
    expect(db.post(12)!.replies).toContain(Number(reply.id));
  });

  it("refuses to change someone else's post and leaves it as it was", async () => {
    const error = await failure(updatePost(bram(), '51', { content: 'hijacked' }));
    expect(error.kind).toBe('forbidden');
    expect(db.post(51)!.content).toBe('Feature idea: bookmarks.');
  });

  it("sends the body's token and the header's from the same token, even when the account changes meanwhile", async () => {
    let token: string = MOCK_TOKENS.ada;
    const sent: { header: string | null; body: { token?: unknown } }[] = [];
    const t = createTransport({
      baseUrl: TEST_API_BASE,
      getToken: () => token,
      fetch: (_url, init) => {
        const headers = new Headers(init?.headers);
        sent.push({ header: headers.get('Authorization'), body: JSON.parse(String(init?.body)) as { token?: unknown } });
        return Promise.resolve(Response.json({ error: false, post: { id: '51', content: 'x', lock: false, nsfw: false }, reason: '' }));
      },
    });
    const update = updatePost(t, '51', { content: 'x' });
    // The account in use switches after the call, before the request leaves (it waits a task).
    token = MOCK_TOKENS.bram;
    await update;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.header).toBe(`Bearer ${String(sent[0]!.body.token)}`);
    expect(sent[0]!.body.token).toBe(MOCK_TOKENS.bram);
  });

  it('echoes the reason given', async () => {
    const updated = await updatePost(ada(), '51', { nsfw: true, reason: 'spoilers' });
    expect(updated.reason).toBe('spoilers');
    expect(db.post(51)!.nsfw).toBe(true);
  });
});

describe('deletePost', () => {
  it('removes a reply: later GETs are not_found and the parent no longer lists it', async () => {
    const chen = createTestTransport(MOCK_TOKENS.chen);
    const result = await deletePost(chen, '9', { reason: 'duplicate' });
    expect(result).toEqual({ id: '9', reason: 'duplicate' });
    expect((await failure(getPost(ada(), '9'))).kind).toBe('not_found');
    expect((await getPost(ada(), '5')).replies).toEqual(['6']);
  });

  it("refuses to delete someone else's post", async () => {
    const error = await failure(deletePost(bram(), '5'));
    expect(error.kind).toBe('forbidden');
    expect(db.post(5)).toBeDefined();
  });

  it('refuses an id that is not a non-negative integer', async () => {
    const error = await failure(getPost(ada(), '../user/x'));
    expect(error.kind).toBe('not_found');
    expect((await failure(deletePost(ada(), '-1'))).kind).toBe('not_found');
  });
});
