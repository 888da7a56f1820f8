import type { PropertyFieldKey } from '@domain/property-fields';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/he';
import { useTranslation } from 'react-i18next';
import { fieldId } from '../wizard-problems';

interface EntryDateFieldProps {
  field: PropertyFieldKey;
  label: string;
  error?: string;
  placeholder: string;
  /** YYYY-MM-DD, or '' when unanswered. */
  value: string;
  onDateChange: (value: string) => void;
}

/**
 * The entry date on Mantine's calendar, in the screen's language (Hebrew weeks start on Sunday) and
 * direction. Loaded lazily with the step: the calendar is no part of the list's first load.
 */
export default function EntryDateField({ field, value, onDateChange, ...props }: EntryDateFieldProps) {
  const { t, i18n } = useTranslation('wizard');
  const hebrew = i18n.language === 'he';
  return (
    <DatePickerInput
      id={fieldId(field)}
      {...props}
      locale={hebrew ? 'he' : 'en'}
      firstDayOfWeek={0}
      valueFormat={hebrew ? 'D בMMMM YYYY' : 'D MMMM YYYY'}
      clearable
      clearButtonProps={{ 'aria-label': t('listingFacts.clearDate') }}
      value={value === '' ? null : value}
      onChange={(next) => onDateChange(next ?? '')}
    />
  );
}
