import { lazy, Suspense } from 'react';
import type { PhotoViewerProps } from './photo-viewer';

const PhotoViewer = lazy(() => import('./photo-viewer').then((module) => ({ default: module.PhotoViewer })));

/**
 * The full-screen viewer, with the modal, its focus trap and its styles, loads on the first photo
 * opened, not with the property's page: until then a photo is a plain button.
 */
export function LazyPhotoViewer(props: PhotoViewerProps) {
  return (
    <Suspense fallback={null}>
      <PhotoViewer {...props} />
    </Suspense>
  );
}
