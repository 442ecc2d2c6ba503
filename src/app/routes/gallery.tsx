import { GalleryPage } from '../gallery/gallery-page';

/** `/gallery`: registered only when mocks are on (router.tsx); elsewhere the address is not found. */
export function GalleryRoute() {
  return <GalleryPage />;
}
