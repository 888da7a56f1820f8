import { Group } from '@mantine/core';
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
import type { PropertyListItem } from '../property-types';
import { wizardSearchFor } from '../wizard-link';
import { RowAction, rowIconProps } from './row-action';

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
      <RowAction
        tip={t('actions.view')}
        label={t('actions.viewFor', { name })}
        renderRoot={(props) => (
          <Link to="/properties/$propertyId" params={{ propertyId: item.id }} {...props} />
        )}
        size={size}
      >
        <IconEye {...rowIconProps} />
      </RowAction>
      <RowAction
        tip={draft ? t('actions.resume') : t('actions.edit')}
        label={draft ? t('actions.resumeFor', { name }) : t('actions.editFor', { name })}
        renderRoot={(props) => <Link to="/properties/create" search={wizardSearchFor(item)} {...props} />}
        size={size}
      >
        {draft ? <IconFilePencil {...rowIconProps} /> : <IconPencil {...rowIconProps} />}
      </RowAction>
      <RowAction
        tip={t('share.button')}
        label={t('share.buttonFor', { name })}
        size={size}
        onClick={() => onShare(item)}
      >
        <IconShare {...rowIconProps} />
      </RowAction>
      <RowAction
        tip={t('exposureRequest.button')}
        label={t('exposureRequest.buttonFor', { name })}
        size={size}
        onClick={() => onRequestExposure(item)}
      >
        <IconSignature {...rowIconProps} />
      </RowAction>
      <RowAction
        tip={t('actions.add')}
        label={t('actions.addFor', { name })}
        size={size}
        loading={copyingId === item.id}
        disabled={copyingId !== null && copyingId !== item.id}
        onClick={() => onCopy(item)}
      >
        <IconCopyPlus {...rowIconProps} />
      </RowAction>
      <RowAction
        tip={t('actions.delete')}
        label={t('actions.deleteFor', { name })}
        color="red"
        size={size}
        onClick={() => onDelete(item)}
      >
        <IconTrash {...rowIconProps} />
      </RowAction>
    </Group>
  );
}
