import { formatFileSize } from '@domain/format';
import { MEDIA_GROUPS } from '@domain/property-options';
import { Anchor, Group, Image, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { photoSrcSet, photoVariant } from '../photo-variants';
import type { Property, PropertyFile } from '../property-types';

/** Two columns on a phone, up to four on a wide screen (the grid below). */
const THUMB_SIZES = '(min-width: 62em) 220px, (min-width: 48em) 30vw, 50vw';

import { usePropertyText } from '../use-property-text';
import { DetailsSection } from './property-details';

/** Photos as pictures; every other file (plans, videos, certificates, reports) as a link that opens it. */
export function PropertyMedia({ property }: { property: Property }) {
  const { t } = useTranslation(['properties', 'options']);
  const text = usePropertyText();
  const name = text.fullName(property);
  const photos = property.files.propertyImages;
  const groups = MEDIA_GROUPS.filter((group) => group.key !== 'propertyImages').filter(
    (group) => property.files[group.key].length > 0,
  );

  return (
    <DetailsSection section="media" property={property}>
      {photos.length === 0 && groups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('properties:view.noFiles')}
        </Text>
      ) : (
        <Stack gap="lg">
          {photos.length > 0 && (
            <Stack gap="xs">
              <Title order={4} fz="sm" fw={600}>
                {t('options:mediaGroup.propertyImages')}
              </Title>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
                {photos.map((photo, index) => (
                  <Anchor
                    key={photo.id}
                    href={photoVariant(photo.url, 1600, 'jpeg')}
                    target="_blank"
                    rel="noopener"
                  >
                    {/* Resized copies for the thumbnail's width; the link opens a large one, not the original. */}
                    <picture>
                      <source
                        type="image/webp"
                        srcSet={photoSrcSet(photo.url, [320, 640], 'webp')}
                        sizes={THUMB_SIZES}
                      />
                      <Image
                        src={photoVariant(photo.url, 320, 'jpeg')}
                        srcSet={photoSrcSet(photo.url, [320, 640], 'jpeg')}
                        sizes={THUMB_SIZES}
                        alt={t('properties:view.photoAlt', { index: index + 1, name })}
                        radius="md"
                        h={140}
                        fit="cover"
                        loading="lazy"
                      />
                    </picture>
                  </Anchor>
                ))}
              </SimpleGrid>
            </Stack>
          )}
          {groups.map((group) => (
            <Stack gap="xs" key={group.key}>
              <Title order={4} fz="sm" fw={600}>
                {t(`options:mediaGroup.${group.key}`)}
              </Title>
              <List spacing={4} listStyleType="none" p={0}>
                {property.files[group.key].map((file) => (
                  <List.Item key={file.id}>
                    <FileLink file={file} />
                  </List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </Stack>
      )}
    </DetailsSection>
  );
}

function FileLink({ file }: { file: PropertyFile }) {
  const { language } = usePropertyText();
  const Icon = file.fileType === 'video' ? IconMovie : IconFileText;
  return (
    <Group gap="xs" wrap="nowrap">
      <Icon size={18} stroke={1.6} aria-hidden="true" />
      <Anchor
        href={file.url}
        target="_blank"
        rel="noopener"
        size="sm"
        miw={0}
        style={{ overflowWrap: 'anywhere' }}
      >
        <bdi>{file.fileName}</bdi>
      </Anchor>
      <Text size="xs" c="dimmed" flex="none">
        <bdi>{formatFileSize(file.size, language)}</bdi>
      </Text>
    </Group>
  );
}
