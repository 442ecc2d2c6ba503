import type { QueryClient } from '@tanstack/react-query';
import { LoadingState } from '../../components/ui/states';
import { postQueries } from '../../entities/post/queries';
import type { ReplyRecord } from '../../entities/replies/replies-store';
import { fixedOwnPostSource, OwnPostContext } from '../../entities/post/ui/post-card-context';
import { RepliesLink } from '../../features/replies/replies-nav-link';
import type { Post } from '../../lib/api/schemas';
import { RepliesList } from '../../features/replies/components/replies-list';
import { GallerySection, Specimen } from './gallery-layout';
import { SAMPLE_AUTHORS, SAMPLE_POSTS } from './sample-data';
import { SeededQueries } from './seeded-queries';

const notOwn = fixedOwnPostSource(() => false);

const YOURS: Post = { ...SAMPLE_POSTS.plain, id: '9101', content: 'Your post: what do you all think of the new compiler?\nA second line that is not shown.', replies: ['9102', '9103', '9104', '9105'] };
const YOURS_SENSITIVE: Post = { ...SAMPLE_POSTS.nsfwHidden, id: '9106', replies: ['9107'] };

const reply = (id: number, parent: string, fields: Partial<Post>): Post => ({ ...SAMPLE_POSTS.reply, id: String(id), parentId: parent, replies: [], ...fields });

const REPLIES: Post[] = [
  reply(9107, YOURS_SENSITIVE.id, { author: SAMPLE_AUTHORS.rtl, content: 'رد على منشور حساس: سطر المنشور لا يظهر.' }),
  reply(9105, YOURS.id, { author: SAMPLE_AUTHORS.hostile, content: SAMPLE_POSTS.hostile.content }),
  reply(9104, YOURS.id, { nsfw: true, content: 'A sensitive reply: hidden until "Show post".' }),
  reply(9103, YOURS.id, { lock: true, content: 'A locked reply: it takes no replies of its own.' }),
  reply(9102, YOURS.id, { content: 'A reply seen before: no "New" mark.' }),
];

const RECORDS: ReplyRecord[] = REPLIES.map((post, i) => ({ id: post.id, parent: post.parentId!, seen: i >= 3 }));
const NEW_IDS = new Set(RECORDS.filter((record) => !record.seen).map((record) => record.id));

function seed(client: QueryClient) {
  for (const post of [YOURS, YOURS_SENSITIVE, ...REPLIES]) client.setQueryData(postQueries.detail(post.id).queryKey, post);
}

/** Replies to you: the header link with and without unseen replies, and the Replies page's states. */
export function RepliesSpecimens() {
  return (
    <SeededQueries seed={seed}>
      <OwnPostContext.Provider value={notOwn}>
        <GallerySection title="Replies to you">
          <Specimen label="Header link, nothing unseen">
            <nav aria-label="Sample navigation, nothing unseen" className="app-nav">
              <RepliesLink badge={null} />
            </nav>
          </Specimen>
          <Specimen label="Header link, several unseen">
            <nav aria-label="Sample navigation, three unseen" className="app-nav">
              <RepliesLink badge={{ label: 'Replies, 3 new', badge: '3' }} />
            </nav>
          </Specimen>
          <Specimen label="Replies page, loading">
            <LoadingState label="Loading replies…" />
          </Specimen>
          <Specimen label="Replies page, no replies">
            <RepliesList replies={[]} newIds={new Set()} />
          </Specimen>
          <Specimen label="Replies page, several unseen (new ones marked; sensitive and locked keep their rules)">
            <RepliesList replies={RECORDS} newIds={NEW_IDS} />
          </Specimen>
        </GallerySection>
      </OwnPostContext.Provider>
    </SeededQueries>
  );
}
