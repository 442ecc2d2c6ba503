import { Link } from 'react-router-dom';
import { PencilIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n/use-t';

/** The way to the profile form, offered on one's own profile (and in Settings). */
export function EditProfileLink({ className = 'button' }: { className?: string }) {
  const t = useT();
  return (
    <Link to="/profile/edit" className={className}>
      <PencilIcon /> {t('profile.editProfile')}
    </Link>
  );
}
