// The dropzone's styles come with the only screen that uses it, not with the first load.
import '@mantine/dropzone/styles.layer.css';
import type { MediaFileDescriptor } from '@domain/property-form';
import type { MediaGroup } from '@domain/property-options';
import { Alert, Badge, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptFor, FORMAT_LABELS, isGallery, MEDIA_RULES } from '../media-rules';
import { useWizard } from '../wizard-context';
import { formatAlternatives, formatFileSize } from '../wizard-format';
import { MediaFileActions } from './media-file-actions';
import { MediaPreview } from './media-preview';

/** One media group: its limits (shown before choosing), a dropzone, and its files in order. */
export function MediaGroupSection({ group }: { group: MediaGroup }) {
  const { t } = useTranslation('wizard');
  const { t: tOptions } = useTranslation('options');
  const { form, actor, files, snapshot, language } = useWizard();
  const [rejections, setRejections] = useState<FileRejection[]>([]);
  const rule = MEDIA_RULES[group.key];
  const title = tOptions(`mediaGroup.${group.key}`);
  const maxSize = formatFileSize(rule.maxBytes, language);
  const limits = t('media.limits', {
    formats: formatAlternatives(
      rule.formats.map((format) => FORMAT_LABELS[format]),
      language,
    ),
    size: maxSize,
  });
  const items = form.mediaDocuments[group.key];
  const gallery = isGallery(group);
  // The server's answer to a save replaces the file lists, so the machine refuses changes meanwhile.
  const locked = !snapshot.matches('editing') || snapshot.matches({ editing: { serverSave: 'saving' } });
  const headingId = `media-${group.key}-heading`;

  const add = (picked: File[]) => {
    setRejections([]);
    if (picked.length === 0) return;
    actor.send({ type: 'ADD_FILES', group: group.key, files: picked.map((file) => files.register(file)) });
  };
  const move = (from: number, to: number) =>
    actor.send({ type: 'REORDER_FILES', group: group.key, from, to });
  const remove = (file: MediaFileDescriptor) =>
    actor.send({ type: 'REMOVE_FILE', group: group.key, fileId: file.id });

  const rejectionText = (rejection: FileRejection) => {
    const code = rejection.errors[0]?.code;
    const name = rejection.file.name;
    if (code === 'file-too-large') return t('media.rejected.tooLarge', { name, size: maxSize });
    if (code === 'file-invalid-type') return t('media.rejected.wrongType', { name });
    return t('media.rejected.other', { name });
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={headingId}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={3} fz="md" id={headingId}>
            {title}
          </Title>
          <Text fz="sm" c="dimmed">
            {limits}
          </Text>
        </Group>
        {gallery && (
          <Text fz="sm" c="dimmed">
            {t('media.coverHint')}
          </Text>
        )}

        <Dropzone
          onDrop={add}
          onReject={setRejections}
          accept={acceptFor(group.key)}
          maxSize={rule.maxBytes}
          multiple
          disabled={locked}
          name={`media-${group.key}`}
          // The zone itself is the button; a file input left in the accessibility tree would be a
          // second, unnamed button nested inside it (axe: nested-interactive).
          inputProps={{ style: { display: 'none' }, 'aria-label': t('media.dropLabel', { group: title }) }}
          role="button"
          aria-label={t('media.dropLabel', { group: title })}
          aria-describedby={headingId}
          radius="md"
          p="md"
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={56} style={{ pointerEvents: 'none' }}>
            <IconUpload size={28} stroke={1.5} color="var(--mantine-color-brand-7)" aria-hidden />
            <Text fz="sm" fw={500}>
              {t('media.dropTitle')}
            </Text>
          </Group>
        </Dropzone>
        {locked && snapshot.matches('editing') && (
          <Text fz="sm" c="dimmed">
            {t('media.locked')}
          </Text>
        )}

        {rejections.length > 0 && (
          <Alert
            color="red"
            title={t('media.rejectedTitle')}
            withCloseButton
            onClose={() => setRejections([])}
            role="alert"
          >
            <List size="sm">
              {rejections.map((rejection) => (
                <List.Item key={`${rejection.file.name}-${rejection.file.size}`}>
                  {rejectionText(rejection)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}

        {items.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('media.empty')}
          </Text>
        ) : gallery ? (
          <SimpleGrid
            component="ol"
            cols={{ base: 2, sm: 3, lg: 4 }}
            spacing="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {items.map((file, index) => (
              <Card component="li" key={file.id} withBorder padding="xs" radius="md">
                <Card.Section pos="relative">
                  <MediaPreview descriptor={file} height={110} />
                  {index === 0 && (
                    <Badge pos="absolute" top={6} style={{ insetInlineStart: 6 }} size="sm" variant="filled">
                      {t('media.cover')}
                    </Badge>
                  )}
                </Card.Section>
                <Text fz="xs" mt={6} truncate="end" title={file.name}>
                  {file.name}
                </Text>
                <Text fz="xs" c="dimmed" mb={6}>
                  {formatFileSize(file.size, language)}
                  {file.stored === true ? '' : ` · ${t('media.notUploaded')}`}
                </Text>
                <MediaFileActions
                  name={file.name}
                  index={index}
                  count={items.length}
                  layout="gallery"
                  disabled={locked}
                  onMove={move}
                  onRemove={() => remove(file)}
                  onMakeCover={() => move(index, 0)}
                />
              </Card>
            ))}
          </SimpleGrid>
        ) : (
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((file, index) => (
              <Group component="li" key={file.id} gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
                  <div style={{ width: 48, flexShrink: 0 }}>
                    <MediaPreview descriptor={file} height={40} />
                  </div>
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" truncate="end" title={file.name}>
                      {file.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatFileSize(file.size, language)}
                      {file.stored === true ? '' : ` · ${t('media.notUploaded')}`}
                    </Text>
                  </div>
                </Group>
                <MediaFileActions
                  name={file.name}
                  index={index}
                  count={items.length}
                  layout="list"
                  disabled={locked}
                  onMove={move}
                  onRemove={() => remove(file)}
                />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
