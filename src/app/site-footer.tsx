import { Anchor, Group } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

const RouterAnchor = createLink(
  forwardRef<HTMLAnchorElement, ComponentPropsWithoutRef<'a'>>((props, ref) => (
    <Anchor component="a" ref={ref} size="sm" c="dimmed" {...props} />
  )),
);

/** The last line of every layout: where the accessibility statement is linked, as IS 5568 asks. */
export function SiteFooter({ className }: { className?: string }) {
  const { t } = useTranslation('layout');
  return (
    <Group component="footer" className={className} justify="center" py="md" aria-label={t('footer.label')}>
      <RouterAnchor to="/accessibility">{t('footer.accessibilityLink')}</RouterAnchor>
    </Group>
  );
}
