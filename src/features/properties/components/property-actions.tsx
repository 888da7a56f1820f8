import { ActionIcon, Group } from '@mantine/core';
import {
  IconCopyPlus,
  IconEye,
  IconFilePencil,
  IconPencil,
  IconShare,
  IconSignature,
  IconTrash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { tooltip } from '@/components/tooltip/tooltip';
import type { PropertyListItem } from '../property-types';
import { wizardSearchFor } from '../wizard-link';

export interface RowActionHandlers {
  onDelete: (item: PropertyListItem) => void;
  onCopy: (item: PropertyListItem) => void;
  onShare: (item: PropertyListItem) => void;
  /** "בקשת חשיפה" with this property chosen (the dialog loads on the click). */
  onRequestExposure: (item: PropertyListItem) => void;
  /** The id of the property being copied, if any: its button spins, the others wait. */
  copyingId: string | null;
}

interface PropertyActionsProps extends RowActionHandlers {
  item: PropertyListItem;
  /** The property's full name, so every button says which property it acts on. */
  name: string;
  size?: 'md' | 'lg';
  /** The table's cell: the six buttons in two lines of three, so the columns fit a laptop's width. */
  twoLines?: boolean;
}

const iconProps = { size: 18, stroke: 1.6, 'aria-hidden': true } as const;

export function PropertyActions({
  item,
  name,
  size = 'md',
  twoLines = false,
  onDelete,
  onCopy,
  onShare,
  onRequestExposure,
  copyingId,
}: PropertyActionsProps) {
  const { t } = useTranslation('properties');
  const draft = item.status === 'draft';

  return (
    <Group
      gap={4}
      wrap={twoLines ? 'wrap' : 'nowrap'}
      w={twoLines ? 92 : undefined}
      role="group"
      aria-label={t('actions.groupFor', { name })}
    >
      <ActionIcon
        {...tooltip(t('actions.view'))}
        renderRoot={(props) => (
          <Link to="/properties/$propertyId" params={{ propertyId: item.id }} {...props} />
        )}
        variant="subtle"
        color="gray"
        size={size}
        aria-label={t('actions.viewFor', { name })}
      >
        <IconEye {...iconProps} />
      </ActionIcon>
      <ActionIcon
        {...tooltip(draft ? t('actions.resume') : t('actions.edit'))}
        renderRoot={(props) => <Link to="/properties/create" search={wizardSearchFor(item)} {...props} />}
        variant="subtle"
        color="gray"
        size={size}
        aria-label={draft ? t('actions.resumeFor', { name }) : t('actions.editFor', { name })}
      >
        {draft ? <IconFilePencil {...iconProps} /> : <IconPencil {...iconProps} />}
      </ActionIcon>
      <ActionIcon
        {...tooltip(t('share.button'))}
        variant="subtle"
        color="gray"
        size={size}
        aria-label={t('share.buttonFor', { name })}
        onClick={() => onShare(item)}
      >
        <IconShare {...iconProps} />
      </ActionIcon>
      <ActionIcon
        {...tooltip(t('exposureRequest.button'))}
        variant="subtle"
        color="gray"
        size={size}
        aria-label={t('exposureRequest.buttonFor', { name })}
        onClick={() => onRequestExposure(item)}
      >
        <IconSignature {...iconProps} />
      </ActionIcon>
      <ActionIcon
        {...tooltip(t('actions.add'))}
        variant="subtle"
        color="gray"
        size={size}
        aria-label={t('actions.addFor', { name })}
        loading={copyingId === item.id}
        disabled={copyingId !== null && copyingId !== item.id}
        onClick={() => onCopy(item)}
      >
        <IconCopyPlus {...iconProps} />
      </ActionIcon>
      <ActionIcon
        {...tooltip(t('actions.delete'))}
        variant="subtle"
        color="red"
        size={size}
        aria-label={t('actions.deleteFor', { name })}
        onClick={() => onDelete(item)}
      >
        <IconTrash {...iconProps} />
      </ActionIcon>
    </Group>
  );
}
