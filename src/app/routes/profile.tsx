import { useParams } from 'react-router-dom';
import { isOwnAccount } from '../../entities/account/own-uuid';
import { useOwnSummary } from '../../features/auth/use-own-summary';
import { PostCard } from '../../entities/post/ui/post-card';
import { ProfileMute } from '../../features/mute/components/profile-mute';
import { EditProfileLink } from '../../features/profile/components/edit-profile-link';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { displayNameOf } from '../../features/profile/components/profile-header';
import { SeenPosts } from '../../features/profile/components/seen-posts';
import { safeHttpUrl } from '../../lib/url';
import { useCachedPostsByAuthor } from '../use-cached-posts-by-author';

function UserProfile({ uuid }: { uuid: string }) {
  const posts = useCachedPostsByAuthor(uuid);
  const own = useOwnSummary();
  // The newest author summary with a usable picture stands in for the user object's missing pfp.
  const fallbackPfp = posts.map((post) => post.author?.pfp).find((pfp) => safeHttpUrl(pfp) !== null) ?? null;
  return (
    <div className="page">
      <ProfilePage
        uuid={uuid}
        fallbackPfp={fallbackPfp}
        renderActions={(user) => (isOwnAccount(own, user) ? <EditProfileLink /> : <ProfileMute user={user} />)}
        renderPosts={(user) => (
          <SeenPosts name={displayNameOf(user)} count={posts.length}>
            {posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </SeenPosts>
        )}
      />
    </div>
  );
}

export function ProfileRoute() {
  const { uuid = '' } = useParams();
  // Keyed so a reveal or any other local state never carries over to the next profile.
  return <UserProfile key={uuid} uuid={uuid} />;
}
