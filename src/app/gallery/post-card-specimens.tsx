import type { QueryClient } from '@tanstack/react-query';
import { postQueries } from '../../entities/post/queries';
import { PostCard } from '../../entities/post/ui/post-card';
import { fixedOwnPostSource, OwnPostContext } from '../../entities/post/ui/post-card-context';
import { GallerySection, Revealed, Specimen } from './gallery-layout';
import { SAMPLE_POSTS } from './sample-data';
import { SeededQueries } from './seeded-queries';

// Whoever is signed in, no sample post is theirs: no author actions.
const notOwn = fixedOwnPostSource(() => false);

/** The reply's parent is in the cache, so the reply names whom it answers. */
function seedParent(client: QueryClient) {
  client.setQueryData(postQueries.detail(SAMPLE_POSTS.plain.id).queryKey, SAMPLE_POSTS.plain);
}

export function PostCardSpecimens() {
  const p = SAMPLE_POSTS;
  return (
    <SeededQueries seed={seedParent}>
      <OwnPostContext.Provider value={notOwn}>
        <GallerySection title="Post card">
          <Specimen label="Plain">
            <PostCard post={p.plain} />
          </Specimen>
          <Specimen label="Sensitive, hidden">
            <PostCard post={p.nsfwHidden} />
          </Specimen>
          <Specimen label="Sensitive, revealed">
            <Revealed>
              <PostCard post={p.nsfwRevealed} />
            </Revealed>
          </Specimen>
          <Specimen label="Locked">
            <PostCard post={p.locked} />
          </Specimen>
          <Specimen label="Edited">
            <PostCard post={p.edited} />
          </Specimen>
          <Specimen label="Reply">
            <PostCard post={p.reply} />
          </Specimen>
          <Specimen label="Long (clamped)">
            <PostCard post={p.long} />
          </Specimen>
          <Specimen label="Right-to-left">
            <PostCard post={p.rtl} />
          </Specimen>
          <Specimen label="Hostile text">
            <PostCard post={p.hostile} />
          </Specimen>
          <Specimen label="Links">
            <PostCard post={p.links} />
          </Specimen>
          <Specimen label="Broken avatar">
            <PostCard post={p.brokenAvatar} />
          </Specimen>
          <Specimen label="No author">
            <PostCard post={p.unknownAuthor} />
          </Specimen>
        </GallerySection>
      </OwnPostContext.Provider>
    </SeededQueries>
  );
}
