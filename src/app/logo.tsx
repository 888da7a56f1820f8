import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LogoMarkProps {
  size?: number;
}

/** The building mark, drawn to match public/favicon.svg. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-8)" />
      <rect x="8" y="7" width="11" height="18.5" rx="1.2" fill="#fff" />
      <rect x="20" y="13" width="5.5" height="12.5" rx="1" fill="#fff" fillOpacity=".72" />
      <g fill="var(--mantine-color-brand-8)">
        <rect x="10.2" y="9.6" width="2.6" height="2.2" rx=".4" />
        <rect x="14.2" y="9.6" width="2.6" height="2.2" rx=".4" />
        <rect x="10.2" y="13.4" width="2.6" height="2.2" rx=".4" />
        <rect x="14.2" y="13.4" width="2.6" height="2.2" rx=".4" />
        <rect x="10.2" y="17.2" width="2.6" height="2.2" rx=".4" />
        <rect x="14.2" y="17.2" width="2.6" height="2.2" rx=".4" />
        <rect x="12" y="21.2" width="3" height="4.3" rx=".5" />
      </g>
      <rect x="5.5" y="25" width="21" height="1.8" rx=".9" fill="#fff" />
    </svg>
  );
}

interface LogoProps {
  size?: number;
  /** Icon-only in the collapsed sidebar. */
  withWordmark?: boolean;
}

export function Logo({ size = 32, withWordmark = true }: LogoProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <LogoMark size={size} />
      {withWordmark && (
        <Text component="span" fw={800} fz="xl" c="brand.9" lh={1}>
          {t('appName')}
        </Text>
      )}
    </Group>
  );
}
