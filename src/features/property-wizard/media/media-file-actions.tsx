import { ActionIcon, Group, useDirection } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tooltip } from '@/components/tooltip/tooltip';

interface MediaFileActionsProps {
  name: string;
  index: number;
  count: number;
  /** Gallery items move along the row (start/end); list items up and down. */
  layout: 'gallery' | 'list';
  disabled: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  /** Shown for gallery items other than the first (the first image is the cover). */
  onMakeCover?: () => void;
}

const icon = { size: 16, stroke: 1.8, 'aria-hidden': true } as const;

/** Reorder, cover and remove as labelled buttons: every action works from the keyboard. */
export function MediaFileActions({
  name,
  index,
  count,
  layout,
  disabled,
  onMove,
  onRemove,
  onMakeCover,
}: MediaFileActionsProps) {
  const { t } = useTranslation('wizard');
  const { dir } = useDirection();
  const Earlier = layout === 'list' ? IconArrowUp : dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  const Later = layout === 'list' ? IconArrowDown : dir === 'rtl' ? IconArrowLeft : IconArrowRight;
  const earlierLabel = t('media.moveEarlier', { name });
  const laterLabel = t('media.moveLater', { name });
  const removeLabel = t('media.remove', { name });

  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          {...tooltip(earlierLabel)}
          variant="default"
          size="md"
          aria-label={earlierLabel}
          disabled={disabled || index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <Earlier {...icon} />
        </ActionIcon>
        <ActionIcon
          {...tooltip(laterLabel)}
          variant="default"
          size="md"
          aria-label={laterLabel}
          disabled={disabled || index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <Later {...icon} />
        </ActionIcon>
        {onMakeCover && index > 0 && (
          <ActionIcon
            {...tooltip(t('media.makeCover'))}
            variant="default"
            size="md"
            aria-label={t('media.makeCoverLabel', { name })}
            disabled={disabled}
            onClick={onMakeCover}
          >
            <IconStar {...icon} />
          </ActionIcon>
        )}
      </Group>
      <ActionIcon
        {...tooltip(removeLabel)}
        variant="subtle"
        color="red"
        size="md"
        aria-label={removeLabel}
        disabled={disabled}
        onClick={onRemove}
      >
        <IconTrash {...icon} />
      </ActionIcon>
    </Group>
  );
}
