import type { QueryClient } from '@tanstack/react-query';
import { LoadingState } from '../../components/ui/states';
import { postQueries } from '../../entities/post/queries';
import { fixedOwnPostSource, OwnPostContext } from '../../entities/post/ui/post-card-context';
import { SavedList } from '../../features/saved/components/saved-list';
import { ApiError } from '../../lib/api/api-error';
import type { Post } from '../../lib/api/schemas';
import { GallerySection, Specimen } from './gallery-layout';
import { SAMPLE_POSTS } from './sample-data';
import { SeededQueries } from './seeded-queries';

const notOwn = fixedOwnPostSource(() => false);

const saved = (id: number, post: Post): Post => ({ ...post, id: String(id) });
const SAVED: Post[] = [
  saved(9201, SAMPLE_POSTS.plain),
  saved(9202, SAMPLE_POSTS.nsfwHidden),
  saved(9203, { ...SAMPLE_POSTS.plain, lock: true, content: 'A locked post: it takes no replies.' }),
];
const DELETED = '9204';
const FAILED = '9205';

function seed(client: QueryClient) {
  for (const post of SAVED) client.setQueryData(postQueries.detail(post.id).queryKey, post);
  // Answers that never change: a deleted post (404) and one the server could not give (500).
  void client.prefetchQuery({ ...postQueries.detail(DELETED), queryFn: () => Promise.reject(new ApiError('not_found', { status: 404 })), retry: false });
  void client.prefetchQuery({ ...postQueries.detail(FAILED), queryFn: () => Promise.reject(new ApiError('server', { status: 500 })), retry: false });
}

/** Saved posts: the Saved page empty, full (sensitive and locked keep their rules), a deleted one and one that failed. */
export function SavedSpecimens() {
  return (
    <SeededQueries seed={seed}>
      <OwnPostContext.Provider value={notOwn}>
        <GallerySection title="Saved posts">
          <Specimen label="Saved page, loading a post">
            <LoadingState label="Loading a saved post…" lines={2} />
          </Specimen>
          <Specimen label="Saved page, nothing saved">
            <SavedList ids={[]} />
          </Specimen>
          <Specimen label="Saved page, three posts (most recently saved first)">
            <SavedList ids={SAVED.map((post) => post.id)} />
          </Specimen>
          <Specimen label="Saved page, a deleted post and one that failed to load">
            <SavedList ids={[DELETED, FAILED]} />
          </Specimen>
        </GallerySection>
      </OwnPostContext.Provider>
    </SeededQueries>
  );
}
