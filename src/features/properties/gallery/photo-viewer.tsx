import { ActionIcon, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { photoSrcSet, photoVariant } from '../photo-variants';
import type { PropertyFile } from '../property-types';
import classes from './photo-viewer.module.css';

export interface PhotoViewerProps {
  photos: readonly PropertyFile[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  altOf: (photo: PropertyFile, index: number) => string;
  name: string;
}

/** A swipe shorter than this is a tap or a wobble, not a request for another photo. */
const SWIPE_PX = 50;

/**
 * One photo at a time, full screen: arrow keys (the reading direction's way), the buttons or a
 * swipe move between photos; Escape or the close button closes and focus returns to the photo
 * that opened it (the modal's focus trap and return). Where it is ("תמונה 3 מתוך 8") is announced.
 */
export function PhotoViewer({ photos, index, onIndexChange, onClose, altOf, name }: PhotoViewerProps) {
  const { t } = useTranslation('listing');
  const { language } = useLanguage();
  const rtl = language === 'he';
  const swipeStart = useRef<number | null>(null);
  const photo = photos[index];
  const count = photos.length;
  const go = (step: 1 | -1) => onIndexChange((index + step + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // In Hebrew the next photo lies to the left, as the next page of a book does.
    const forward = event.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
    go(forward ? 1 : -1);
  };
  const onTouchEnd = (x: number) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || Math.abs(x - start) < SWIPE_PX) return;
    const towardsStart = rtl ? x > start : x < start;
    go(towardsStart ? 1 : -1);
  };
  if (!photo) return null;

  const position = t('gallery.position', { index: index + 1, count });
  return (
    <Modal
      opened
      onClose={onClose}
      // The gallery puts focus back itself: this modal unmounts as it closes.
      returnFocus={false}
      fullScreen
      withCloseButton={false}
      padding={0}
      title={t('gallery.viewer', { name })}
      styles={{ header: { display: 'none' }, body: { height: '100%' }, content: { background: '#111' } }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys anywhere in the dialog move between photos; the buttons are the focusable controls. */}
      <div className={classes.viewer} onKeyDown={onKeyDown}>
        <div className={classes.viewerBar}>
          <Text size="sm" role="status" aria-live="polite" aria-atomic="true">
            {position}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray.0"
            size="lg"
            className={classes.viewerButton}
            onClick={onClose}
            aria-label={t('gallery.close')}
            data-autofocus
          >
            <IconX aria-hidden="true" />
          </ActionIcon>
        </div>
        <div
          className={classes.viewerStage}
          onTouchStart={(event) => {
            swipeStart.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={(event) => onTouchEnd(event.changedTouches[0]?.clientX ?? 0)}
        >
          {count > 1 && (
            <ActionIcon
              variant="subtle"
              color="gray.0"
              size="xl"
              className={`${classes.viewerButton} ${classes.viewerSide} ${classes.viewerPrevious}`}
              onClick={() => go(-1)}
              aria-label={t('gallery.previous')}
            >
              <IconChevronLeft aria-hidden="true" className={classes.flip} />
            </ActionIcon>
          )}
          <div className={classes.viewerPicture}>
            <picture key={photo.id}>
              <source type="image/webp" srcSet={photoSrcSet(photo.url, [1024, 1600], 'webp')} sizes="100vw" />
              <img
                className={classes.viewerImage}
                src={photoVariant(photo.url, 1600, 'jpeg')}
                srcSet={photoSrcSet(photo.url, [1024, 1600], 'jpeg')}
                sizes="100vw"
                alt={altOf(photo, index)}
              />
            </picture>
          </div>
          {count > 1 && (
            <ActionIcon
              variant="subtle"
              color="gray.0"
              size="xl"
              className={`${classes.viewerButton} ${classes.viewerSide} ${classes.viewerNext}`}
              onClick={() => go(1)}
              aria-label={t('gallery.next')}
            >
              <IconChevronRight aria-hidden="true" className={classes.flip} />
            </ActionIcon>
          )}
        </div>
        <Text className={classes.viewerCaption} dir="auto">
          {photo.caption ?? ''}
        </Text>
      </div>
    </Modal>
  );
}
