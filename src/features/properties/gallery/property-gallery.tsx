import { Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoSrcSet, photoVariant } from '../photo-variants';
import type { PropertyFile } from '../property-types';
import classes from './gallery.module.css';
import { LazyPhotoViewer } from './lazy-photo-viewer';

/** A phone shows one photo at a time (88% of the width); from 48em the cover takes half the page's 928 px (all of it alone). */
const COVER_SIZES = '(min-width: 62em) 464px, (min-width: 48em) 45vw, 88vw';
const ONLY_SIZES = '(min-width: 62em) 928px, (min-width: 48em) 90vw, 100vw';
const THUMB_SIZES = '(min-width: 62em) 220px, (min-width: 48em) 23vw, 88vw';

/** The text that stands for a photo: its caption, or its place among the property's photos. */
export function usePhotoAlt(name: string, count: number) {
  const { t } = useTranslation('listing');
  return (photo: PropertyFile, index: number) =>
    photo.caption ?? t('gallery.alt', { index: index + 1, count, name });
}

/**
 * The property's photos as a listing shows them: the cover first and large, the others under it
 * (a swipeable strip on a phone), each with its caption; any photo opens the full-screen viewer.
 * Resized copies only (photo-variants.ts): the original is never sent for a thumbnail. No photos,
 * no gallery.
 */
export function PropertyGallery({ photos, name }: { photos: readonly PropertyFile[]; name: string }) {
  const { t } = useTranslation('listing');
  const [viewer, setViewer] = useState<{ index: number; opener: number } | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const altOf = usePhotoAlt(name, photos.length);
  if (photos.length === 0) return null;

  return (
    <section aria-label={t('gallery.label', { name })}>
      <ul className={classes.list}>
        {photos.map((photo, index) => {
          const cover = index === 0;
          const sizes = photos.length === 1 ? ONLY_SIZES : cover ? COVER_SIZES : THUMB_SIZES;
          const alt = altOf(photo, index);
          return (
            <li key={photo.id} className={classes.item}>
              <figure className={classes.figure}>
                <button
                  type="button"
                  className={classes.open}
                  onClick={() => setViewer({ index, opener: index })}
                  ref={(element) => {
                    buttons.current[index] = element;
                  }}
                  aria-label={t('gallery.open', { index: index + 1, count: photos.length, alt })}
                >
                  <picture>
                    <source
                      type="image/webp"
                      srcSet={photoSrcSet(photo.url, cover ? [640, 1024, 1600] : [320, 640, 1024], 'webp')}
                      sizes={sizes}
                    />
                    <img
                      className={classes.image}
                      src={photoVariant(photo.url, 640, 'jpeg')}
                      srcSet={photoSrcSet(photo.url, cover ? [640, 1024, 1600] : [320, 640, 1024], 'jpeg')}
                      sizes={sizes}
                      alt={alt}
                      loading={cover ? 'eager' : 'lazy'}
                      decoding="async"
                    />
                  </picture>
                </button>
                {photo.caption && (
                  <figcaption className={classes.caption} dir="auto">
                    {photo.caption}
                  </figcaption>
                )}
              </figure>
            </li>
          );
        })}
      </ul>
      {photos.length > 1 && (
        <Text className={`${classes.count} ${classes.swipeHint}`} mt={4} aria-hidden="true">
          {t('gallery.swipe', { count: photos.length })}
        </Text>
      )}
      {viewer !== null && (
        <LazyPhotoViewer
          photos={photos}
          index={viewer.index}
          onIndexChange={(index) => setViewer({ ...viewer, index })}
          onClose={() => {
            // Back to the photo that opened the viewer, where the broker left off (IS 5568).
            buttons.current[viewer.opener]?.focus();
            setViewer(null);
          }}
          altOf={altOf}
          name={name}
        />
      )}
    </section>
  );
}
