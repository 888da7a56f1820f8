import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder: the six-step creation wizard replaces this. */
export function WizardPage() {
  const { t } = useTranslation();
  return <Title order={2}>{t('screens.createProperty')}</Title>;
}
