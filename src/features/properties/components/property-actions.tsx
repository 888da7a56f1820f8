import { Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { PropertyListItem } from '../property-types';
import { wizardSearchFor } from '../wizard-link';
import { RowAction } from './row-action';

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
        icon="eye"
        renderRoot={(props) => (
          <Link to="/properties/$propertyId" params={{ propertyId: item.id }} {...props} />
        )}
        size={size}
      />
      <RowAction
        tip={draft ? t('actions.resume') : t('actions.edit')}
        label={draft ? t('actions.resumeFor', { name }) : t('actions.editFor', { name })}
        icon={draft ? 'filePencil' : 'pencil'}
        renderRoot={(props) => <Link to="/properties/create" search={wizardSearchFor(item)} {...props} />}
        size={size}
      />
      <RowAction
        tip={t('share.button')}
        label={t('share.buttonFor', { name })}
        icon="share"
        size={size}
        onClick={() => onShare(item)}
      />
      <RowAction
        tip={t('exposureRequest.button')}
        label={t('exposureRequest.buttonFor', { name })}
        icon="signature"
        size={size}
        onClick={() => onRequestExposure(item)}
      />
      <RowAction
        tip={t('actions.add')}
        label={t('actions.addFor', { name })}
        icon="copyPlus"
        size={size}
        loading={copyingId === item.id}
        disabled={copyingId !== null && copyingId !== item.id}
        onClick={() => onCopy(item)}
      />
      <RowAction
        tip={t('actions.delete')}
        label={t('actions.deleteFor', { name })}
        icon="trash"
        color="red"
        size={size}
        onClick={() => onDelete(item)}
      />
    </Group>
  );
}
