import type { Post } from '../../src/lib/api/schemas';

/** A post as the client holds it (after the schema), with `fields` over plain defaults: no parent, not locked, not sensitive, never edited. */
export function aPost(fields: Partial<Post> & Pick<Post, 'id'>): Post {
  return {
    parentId: null,
    content: '',
    from: '',
    lock: false,
    nsfw: false,
    date: null,
    edited: { edited: false, at: null },
    replies: [],
    author: null,
    ...fields,
  };
}
