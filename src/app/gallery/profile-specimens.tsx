import { ProfileHeader } from '../../features/profile/components/profile-header';
import { GallerySection, Specimen } from './gallery-layout';
import { SAMPLE_USERS } from './sample-data';

export function ProfileSpecimens() {
  return (
    <GallerySection title="Profile header">
      <Specimen label="Plain">
        <ProfileHeader user={SAMPLE_USERS.plain} pageHeading={false} />
      </Specimen>
      <Specimen label="Sensitive profile, gated">
        <ProfileHeader user={SAMPLE_USERS.nsfw} pageHeading={false} />
      </Specimen>
      <Specimen label="Private">
        <ProfileHeader user={SAMPLE_USERS.private} pageHeading={false} />
      </Specimen>
      <Specimen label="Badges of every shape: tinted, named, compact">
        <ProfileHeader user={SAMPLE_USERS.badgeShapes} pageHeading={false} />
      </Specimen>
      <Specimen label="Hostile">
        <ProfileHeader user={SAMPLE_USERS.hostile} pageHeading={false} />
      </Specimen>
    </GallerySection>
  );
}
