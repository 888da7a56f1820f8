import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** "Add property", to the empty wizard: the whole line's width on a phone, its own width elsewhere. */
export function AddPropertyButton({ isMobile }: { isMobile: boolean }) {
  const { t } = useTranslation('properties');
  return (
    <Button
      component={Link}
      to="/properties/create"
      leftSection={<IconPlus size={18} aria-hidden="true" />}
      flex={isMobile ? '1 1 100%' : 'none'}
    >
      {t('list.addProperty')}
    </Button>
  );
}
