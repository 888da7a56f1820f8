import { MultiSelect, type MultiSelectProps, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 4 "Multi-select dropdown": at most this many tags, then the first tag and '+N'. */
const TAG_DISPLAY_LIMIT = 2;
/** Spec 9: dropdown max height 200 px. */
const DROPDOWN_MAX_HEIGHT = 200;

type TagLimitedMultiSelectProps = Omit<MultiSelectProps, 'renderPill' | 'value'> & { value: string[] };

/**
 * Mantine's MultiSelect, searchable by label without regard to case (its default filter), showing at
 * most two tags; with more, the first tag and a '+N' pill for the rest. Screen readers still hear
 * every choice: the options in the list are marked selected.
 */
export function TagLimitedMultiSelect({ value, ...props }: TagLimitedMultiSelectProps) {
  const { t } = useTranslation('wizard');
  const collapsed = value.length > TAG_DISPLAY_LIMIT;
  return (
    <MultiSelect
      {...props}
      value={value}
      searchable
      maxDropdownHeight={DROPDOWN_MAX_HEIGHT}
      nothingFoundMessage={t('multiSelect.nothingFound')}
      renderPill={({ option, value: pillValue, onRemove, disabled }) => {
        const index = value.indexOf(String(pillValue));
        if (!collapsed || index === 0) {
          return (
            <Pill withRemoveButton={!disabled} onRemove={onRemove} disabled={disabled}>
              {option?.label ?? String(pillValue)}
            </Pill>
          );
        }
        if (index !== 1) return null;
        const rest = value.length - 1;
        return (
          <Pill aria-label={t('multiSelect.moreLabel', { count: rest })}>
            {t('multiSelect.more', { count: rest })}
          </Pill>
        );
      }}
    />
  );
}
