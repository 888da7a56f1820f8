import { listingNameField } from '@domain/listing-name';
import type { PropertyKind } from '@domain/property-options';
import { Anchor, Avatar, Badge, Box, Group, Text } from '@mantine/core';
import {
  IconBuildingFactory2,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconBuildingWarehouse,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { photoVariant } from '../photo-variants';
import type { PropertyListItem } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { wizardSearchFor } from '../wizard-link';
import classes from './properties.module.css';

const KIND_ICONS = {
  offices: IconBuildingSkyscraper,
  retail: IconBuildingStore,
  logistics: IconBuildingWarehouse,
  industry: IconBuildingFactory2,
} as const satisfies Record<PropertyKind, unknown>;

/** The field of what the space is (its kind), which picks the thumbnail's icon. */
type WhatField = ReturnType<typeof listingNameField<'what'>>;

export function PropertyThumb({
  item,
  size = 40,
}: {
  item: Pick<PropertyListItem, WhatField | 'coverImageUrl'>;
  size?: number;
}) {
  const Icon = KIND_ICONS[item[listingNameField('what')] ?? 'offices'];
  return (
    <Avatar
      // A 320 px copy, never the original: a 40 px cover of a 12 MB photo is still 12 MB.
      src={item.coverImageUrl ? photoVariant(item.coverImageUrl, 320) : null}
      alt=""
      size={size}
      radius="md"
      color="brand"
      className={classes.thumb}
      // Sized, so nothing moves when it arrives; lazy, so a long list fetches only the covers in view.
      imageProps={{ loading: 'lazy', decoding: 'async', width: size, height: size }}
    >
      <Icon size={size * 0.55} stroke={1.5} aria-hidden="true" />
    </Avatar>
  );
}

interface PropertyNameProps {
  item: PropertyListItem;
  /** Show the city under the address (the card layout; the table has its own city column). */
  withCity?: boolean;
}

/**
 * The property's address as its link. A draft's main action is to finish it, so its link resumes
 * the wizard; a published property opens its page.
 */
export function PropertyName({ item, withCity = false }: PropertyNameProps) {
  const { t } = useTranslation('options');
  const text = usePropertyText();
  const draft = item.status === 'draft';
  const where = text.where(item);
  // Addresses are typed by brokers in either script: <bdi> lets each keep its own direction.
  const link = draft ? (
    <Anchor
      renderRoot={(props) => <Link to="/properties/create" search={wizardSearchFor(item)} {...props} />}
      className={classes.nameLink}
    >
      <bdi>{text.name(item)}</bdi>
    </Anchor>
  ) : (
    <Anchor
      renderRoot={(props) => (
        <Link to="/properties/$propertyId" params={{ propertyId: item.id }} {...props} />
      )}
      className={classes.nameLink}
    >
      <bdi>{text.name(item)}</bdi>
    </Anchor>
  );

  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <PropertyThumb item={item} />
      <Box miw={0}>
        <Text component="div" lineClamp={2}>
          {link}
        </Text>
        {withCity && where && (
          <Text size="sm" c="dimmed" truncate="end">
            <bdi>{where}</bdi>
          </Text>
        )}
        {draft && (
          // Mantine's light orange badge (orange.9 on orange.1) is 3.6:1; text needs 4.5:1 (WCAG AA).
          <Badge size="sm" variant="light" color="orange" c="#9a3412" mt={4}>
            {t('propertyStatus.draft')}
          </Badge>
        )}
      </Box>
    </Group>
  );
}
