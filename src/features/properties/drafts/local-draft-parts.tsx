import { Anchor, Badge, Box, Group, Text } from '@mantine/core';
import { IconDeviceLaptop, IconFilePencil, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from '../components/properties.module.css';
import { PropertyThumb } from '../components/property-name';
import { RowAction, rowIconProps } from '../components/row-action';
import { usePropertyText } from '../use-property-text';
import type { LocalDraftView } from './local-draft-view';

/** What a local draft's row and card share: its name, its "this browser only" mark, its actions. */
export interface LocalDraftItemProps {
  draft: LocalDraftView;
  onDelete: () => void;
}

/** The address as the link that continues it, and the honest mark: the only copy is in this browser. */
export function LocalDraftName({ draft, withCity = false }: { draft: LocalDraftView; withCity?: boolean }) {
  const { t } = useTranslation(['properties', 'options', 'drafts']);
  const text = usePropertyText();
  const where = text.where(draft);
  const savedAt = new Intl.DateTimeFormat(text.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    draft.savedAt,
  );
  return (
    <Group gap="sm" wrap="nowrap" miw={0} align="flex-start">
      <PropertyThumb item={{ ...draft, coverImageUrl: null }} />
      <Box miw={0}>
        <Text component="div" lineClamp={2}>
          <Anchor
            renderRoot={(props) => <Link to="/properties/create" search={draft.resumeSearch} {...props} />}
            className={classes.nameLink}
          >
            <bdi>{text.name(draft)}</bdi>
          </Anchor>
        </Text>
        {withCity && where && (
          <Text size="sm" c="dimmed" truncate="end">
            <bdi>{where}</bdi>
          </Text>
        )}
        <Group gap={6} mt={4} wrap="wrap">
          {/* The list's draft badge, with its contrast fix (docs: WCAG AA). */}
          <Badge size="sm" variant="light" color="orange" c="#9a3412">
            {t('options:propertyStatus.draft')}
          </Badge>
          {/* Plain text, not a badge: a badge cuts a long label short, and this one must be read. */}
          <Group gap={4} wrap="nowrap" c="gray.8">
            <IconDeviceLaptop size={14} stroke={1.8} aria-hidden="true" />
            <Text size="xs" fw={600}>
              {t('drafts:local.badge')}
            </Text>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t('drafts:local.savedAt', { time: savedAt })}
        </Text>
      </Box>
    </Group>
  );
}

/** Continue (the wizard takes it as it is) and delete (asked first: there is no other copy). */
export function LocalDraftActions({
  draft,
  onDelete,
  size = 'md',
}: LocalDraftItemProps & { size?: 'md' | 'lg' }) {
  const { t } = useTranslation(['properties', 'drafts']);
  const text = usePropertyText();
  const name = text.fullName(draft);
  return (
    <Group gap={4} wrap="nowrap" role="group" aria-label={t('actions.groupFor', { name })}>
      <RowAction
        tip={t('actions.resume')}
        label={t('actions.resumeFor', { name })}
        renderRoot={(props) => <Link to="/properties/create" search={draft.resumeSearch} {...props} />}
        size={size}
      >
        <IconFilePencil {...rowIconProps} />
      </RowAction>
      <RowAction
        tip={t('actions.delete')}
        label={t('drafts:local.deleteFor', { name })}
        color="red"
        size={size}
        onClick={onDelete}
      >
        <IconTrash {...rowIconProps} />
      </RowAction>
    </Group>
  );
}
