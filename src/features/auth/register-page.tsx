import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder: the sign-in flow replaces this screen. */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <Title order={1} fz="h2" ta="center">
      {t('screens.register')}
    </Title>
  );
}
