import { SafeImage } from './safe-image';

interface AvatarProps {
  src: string | null | undefined;
  name: string;
  size?: number;
}

function initials(name: string): string {
  const letters = Array.from(name.trim()).filter((c) => /\p{L}|\p{N}/u.test(c));
  return (letters[0] ?? '?').toUpperCase();
}

export function Avatar({ src, name, size = 40 }: AvatarProps) {
  const placeholder = (
    <span className="avatar avatar-placeholder" style={{ width: size, height: size }} aria-hidden="true">
      {initials(name)}
    </span>
  );
  return <SafeImage src={src} alt="" className="avatar" width={size} height={size} fallback={placeholder} />;
}
