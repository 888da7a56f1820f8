// The dropzone's styles come with the only screen that uses it, not with the first load.
import '@mantine/dropzone/styles.layer.css';
import { MEDIA_FORMATS } from '@domain/media-rules';
import type { MediaFileDescriptor } from '@domain/property-form';
import type { MediaGroup } from '@domain/property-options';
import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { mobileMediaQuery } from '@page-contract/breakpoints';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import {
  acceptFor,
  formatLabel,
  isGallery,
  MEDIA_RULES,
  type RefusedFile,
  sortChosenFiles,
  takesPhotos,
} from '../media-rules';
import { useWizard } from '../wizard-context';
import { formatAlternatives, formatFileSize } from '../wizard-format';
import { MediaCaptionInput } from './media-caption-input';
import { MediaFileActions } from './media-file-actions';
import { MediaPreview } from './media-preview';

const noop = () => {};

/** What the picker itself refused (it checks size and the name's type before our own check runs). */
function refusalOfRejection(rejection: FileRejection): RefusedFile {
  const code = rejection.errors[0]?.code;
  const name = rejection.file.name;
  if (code === 'file-too-large') return { name, reason: 'tooLarge' };
  if (code === 'file-invalid-type') return { name, reason: 'wrongType' };
  return { name, reason: 'other' };
}

/** One media group: its limits (shown before choosing), a dropzone, and its files in order. */
export function MediaGroupSection({ group }: { group: MediaGroup }) {
  const { t } = useTranslation('wizard');
  const { t: tOptions } = useTranslation('options');
  const { form, actor, files, snapshot, language } = useWizard();
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const isPhone = useMediaQuery(mobileMediaQuery, false, { getInitialValueInEffect: false }) ?? false;
  const rule = MEDIA_RULES[group.key];
  const title = tOptions(`mediaGroup.${group.key}`);
  const maxSize = formatFileSize(rule.maxBytes, language);
  const formats = formatAlternatives(rule.formats.map(formatLabel), language);
  // Both read from the shared rule, so the drop area never promises a format the save refuses.
  const limits = t('media.limits', { formats, size: maxSize });
  const dropTitle = !isPhone
    ? t('files.dropTitle')
    : takesPhotos(group.key)
      ? t('files.dropTitlePhone')
      : t('files.dropTitlePhoneNoCamera');
  const items = form.mediaDocuments[group.key];
  const gallery = isGallery(group);
  // The server's answer to a save replaces the file lists, so the machine refuses changes meanwhile.
  const locked = !snapshot.matches('editing') || snapshot.matches({ editing: { serverSave: 'saving' } });
  const headingId = `media-${group.key}-heading`;
  const limitsId = `media-${group.key}-limits`;

  // The picker's own refusals (size, a name of another type) and the check of each file's first
  // bytes are shown together; every file that passes both is added.
  const add = async (picked: File[], rejections: FileRejection[]) => {
    const early = rejections.map(refusalOfRejection);
    const { accepted, refused: late } = await sortChosenFiles(group.key, picked);
    setRefused([...early, ...late]);
    if (accepted.length === 0) return;
    actor.send({ type: 'ADD_FILES', group: group.key, files: accepted.map((file) => files.register(file)) });
  };
  const move = (from: number, to: number) =>
    actor.send({ type: 'REORDER_FILES', group: group.key, from, to });
  const remove = (file: MediaFileDescriptor) =>
    actor.send({ type: 'REMOVE_FILE', group: group.key, fileId: file.id });
  /** What both layouts say under a file's name: its size, and that it is not uploaded yet. */
  const sizeLine = (file: MediaFileDescriptor) =>
    `${formatFileSize(file.size, language)}${file.stored === true ? '' : ` · ${t('media.notUploaded')}`}`;
  /** Reorder and remove, the same in both layouts (the gallery adds "make cover"). */
  const actionsOf = (file: MediaFileDescriptor, index: number) => ({
    name: file.name,
    index,
    count: items.length,
    disabled: locked,
    onMove: move,
    onRemove: () => remove(file),
  });

  const refusalText = (file: RefusedFile) => {
    const { name } = file;
    switch (file.reason) {
      case 'tooLarge':
        return t('files.refused.tooLarge', { name, size: maxSize });
      case 'wrongType':
        return t(`files.refused.wrongType.${group.fileType}`, { name, formats });
      case 'wrongName':
        return t('files.refused.wrongName', {
          name,
          format: formatLabel(file.format),
          extensions: formatAlternatives(
            MEDIA_FORMATS[file.format].extensions.map((extension) => `.${extension}`),
            language,
          ),
        });
      default:
        return t('files.refused.other', { name });
    }
  };

  return (
    <SectionCard labelledBy={headingId} radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Title order={3} fz="md" id={headingId}>
          {title}
        </Title>
        {gallery && (
          <Text fz="sm" c="dimmed">
            {t('media.coverHint')}
          </Text>
        )}

        <Dropzone
          onDrop={noop}
          onDropAny={(picked, rejections) => void add(picked, rejections)}
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
          // The zone's own text is hidden behind its label, so what it takes is read as its description.
          aria-describedby={limitsId}
          radius="md"
          p="md"
        >
          <Group justify="center" gap="sm" wrap="nowrap" mih={56} style={{ pointerEvents: 'none' }}>
            <IconUpload size={28} stroke={1.5} color="var(--mantine-color-brand-7)" aria-hidden />
            <div>
              <Text fz="sm" fw={500}>
                {dropTitle}
              </Text>
              <Text fz="xs" c="dimmed" id={limitsId}>
                {limits}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {locked && snapshot.matches('editing') && (
          <Text fz="sm" c="dimmed">
            {t('media.locked')}
          </Text>
        )}

        {refused.length > 0 && (
          <Alert
            color="red"
            title={t('files.refusedTitle')}
            withCloseButton
            closeButtonLabel={t('files.dismiss')}
            onClose={() => setRefused([])}
            role="alert"
          >
            <List size="sm">
              {refused.map((file, index) => (
                // Two chosen files may share a name; their order in the list is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <List.Item key={index}>{refusalText(file)}</List.Item>
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
                  {sizeLine(file)}
                </Text>
                <MediaCaptionInput
                  file={file}
                  disabled={locked}
                  onChange={(caption) =>
                    actor.send({ type: 'SET_CAPTION', group: 'propertyImages', fileId: file.id, caption })
                  }
                />
                <MediaFileActions
                  {...actionsOf(file, index)}
                  layout="gallery"
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
                      {sizeLine(file)}
                    </Text>
                  </div>
                </Group>
                <MediaFileActions {...actionsOf(file, index)} layout="list" />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
