import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './properties.module.css';

/**
 * "Add property", to the empty wizard: the whole line's width on a phone, its own width elsewhere (by the
 * stylesheet, so the server's HTML is right at any width).
 */
export function AddPropertyButton() {
  const { t } = useTranslation('properties');
  return (
    <Button
      component={Link}
      to="/properties/create"
      leftSection={<IconPlus size={18} aria-hidden="true" />}
      className={classes.addProperty}
    >
      {t('list.addProperty')}
    </Button>
  );
}
