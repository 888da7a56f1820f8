import { formatFileSize } from '@domain/format';
import { formatOfMimeType, MEDIA_FORMATS } from '@domain/media-rules';
import { MEDIA_GROUPS } from '@domain/property-options';
import { Anchor, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconMovie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Property, PropertyFile } from '../property-types';
import { usePropertyText } from '../use-property-text';
import { DetailsSection } from './property-details';

/**
 * Every file that is not a photo (plans, videos, certificates, reports), by group, each a link with
 * its format and size, so a client knows what a tap will fetch. Photos are the gallery's.
 */
export function PropertyDocuments({ property }: { property: Property }) {
  const { t } = useTranslation(['properties', 'options']);
  const groups = MEDIA_GROUPS.filter((group) => group.key !== 'propertyImages').filter(
    (group) => property.files[group.key].length > 0,
  );

  return (
    <DetailsSection section="media" property={property}>
      {groups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('properties:view.noFiles')}
        </Text>
      ) : (
        <Stack gap="lg">
          {groups.map((group) => (
            <Stack gap="xs" key={group.key}>
              <Title order={4} fz="sm" fw={600}>
                {t(`options:mediaGroup.${group.key}`)}
              </Title>
              <List spacing={6} listStyleType="none" p={0}>
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
  const { t } = useTranslation('listing');
  const { language } = usePropertyText();
  const Icon = file.fileType === 'video' ? IconMovie : IconFileText;
  const format = formatOfMimeType(file.mimeType);
  const details = t('documentType', {
    format: format ? MEDIA_FORMATS[format].label : file.mimeType,
    size: formatFileSize(file.size, language),
  });
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Icon size={18} stroke={1.6} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
      <Stack gap={0} miw={0}>
        <Anchor href={file.url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <bdi>{file.fileName}</bdi>
        </Anchor>
        <Text size="xs" c="dimmed">
          <bdi>{details}</bdi>
        </Text>
      </Stack>
    </Group>
  );
}
