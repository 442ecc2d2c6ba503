import type { QueryClient } from '@tanstack/react-query';
import { postQueries } from '../../entities/post/queries';
import { PostCard } from '../../entities/post/ui/post-card';
import { fixedOwnPostSource, OwnPostContext, PostLeadSlot, type PostLead } from '../../entities/post/ui/post-card-context';
import { CaughtUpLine, NewSinceVisit } from '../../features/posts/components/feed-visit';
import { DOTTED_ICON } from '../../lib/tab-count';
import { GallerySection, Specimen } from './gallery-layout';
import { SAMPLE_POSTS } from './sample-data';
import { SeededQueries } from './seeded-queries';

const notOwn = fixedOwnPostSource(() => false);
const p = SAMPLE_POSTS;
// The line sits in the first post seen before: here the edited one, below two that came since.
const lead: PostLead = (post) => (post.id === p.edited.id ? <CaughtUpLine /> : null);

/** The reply names whom it answers. */
function seedParent(client: QueryClient) {
  client.setQueryData(postQueries.detail(p.plain.id).queryKey, p.plain);
}

/** A browser tab as the tab strip draws it: the icon and the title. */
function Tab({ icon, title }: { icon: string; title: string }) {
  return (
    <span className="gallery-tab">
      <img src={icon} alt="" width={16} height={16} />
      {title}
    </span>
  );
}

/** Where you left off (issue 36): the feed back after a while, and the count in the tab. */
export function VisitSpecimens() {
  return (
    <SeededQueries seed={seedParent}>
      <OwnPostContext.Provider value={notOwn}>
        <GallerySection title="Where you left off">
          <Specimen label="Back after a while: two new posts, then the line above those seen before">
            <div className="gallery-visit">
              <NewSinceVisit count={2} />
              <PostLeadSlot.Provider value={lead}>
                <PostCard post={p.reply} />
                <PostCard post={p.plain} />
                <PostCard post={p.edited} />
              </PostLeadSlot.Provider>
            </div>
          </Specimen>
          <Specimen label="The count in the tab: two waiting (new posts behind the button, unseen replies), and none">
            <div className="gallery-tabs">
              <Tab icon={DOTTED_ICON} title="(2) Social" />
              <Tab icon="./favicon.svg" title="Social" />
            </div>
          </Specimen>
        </GallerySection>
      </OwnPostContext.Provider>
    </SeededQueries>
  );
}
