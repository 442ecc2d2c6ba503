import { Link } from 'react-router-dom';
import { PencilIcon } from '../../../components/ui/icons';

/** The way to the profile form, offered on one's own profile (and in Settings). */
export function EditProfileLink({ className = 'button' }: { className?: string }) {
  return (
    <Link to="/profile/edit" className={className}>
      <PencilIcon /> Edit profile
    </Link>
  );
}
