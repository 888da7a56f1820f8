import { captionProblem, MAX_CAPTION_LENGTH } from '@domain/media-rules';
import type { MediaFileDescriptor } from '@domain/property-form';
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The caption under a photo's thumbnail: saved with the draft like any answer, checked by the same
 * rule the server applies (domain/media-rules.ts), so a refused caption is explained here, not by a
 * failed save.
 */
export function MediaCaptionInput({
  file,
  disabled,
  onChange,
}: {
  file: MediaFileDescriptor;
  disabled: boolean;
  onChange: (caption: string) => void;
}) {
  const { t } = useTranslation('wizard');
  const value = file.caption ?? '';
  const problem = captionProblem(value);
  return (
    <TextInput
      size="xs"
      mb={6}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={disabled}
      maxLength={MAX_CAPTION_LENGTH}
      placeholder={t('media.captionPlaceholder')}
      aria-label={t('media.captionLabel', { name: file.name })}
      // A caption may be in either language, whatever the page's.
      dir="auto"
      error={
        problem === 'unsafeCharacters'
          ? t('fieldErrors.unsafeCharacters')
          : problem === 'maxLength'
            ? t('fieldErrors.tooLong', { limit: MAX_CAPTION_LENGTH })
            : undefined
      }
    />
  );
}
