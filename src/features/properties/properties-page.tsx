import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder: the property list (overview cards, filters, table) replaces this. */
export function PropertiesPage() {
  const { t } = useTranslation();
  return <Title order={2}>{t('screens.properties')}</Title>;
}
