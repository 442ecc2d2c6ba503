import { useState } from 'react';
import { safeHttpUrl } from '../../lib/url';

interface SafeImageProps {
  src: string | null | undefined;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  /** Rendered instead when the URL is not http(s) or the image fails to load. */
  fallback: React.ReactNode;
}

/** Images only from http(s), never with a referrer; anything else falls back to a placeholder. */
export function SafeImage({ src, alt, className, width, height, fallback }: SafeImageProps) {
  const url = safeHttpUrl(src);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url || failedUrl === url) return <>{fallback}</>;
  return (
    <img
      src={url}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(url)}
    />
  );
}
