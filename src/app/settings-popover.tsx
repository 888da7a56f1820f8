import { ActionIcon, Popover, Stack, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '@/components/language-switcher';
import { headerIconProps } from './header-icon-props';

export interface SettingsPopoverProps {
  /** Opened by the click that loaded it. */
  defaultOpened: boolean;
  /** The button it replaces had the keyboard focus: keep it there. */
  takeFocus: boolean;
}

/** The header's settings (the interface language), loaded when the pointer or the focus reaches its button. */
export function SettingsPopover({ defaultOpened, takeFocus }: SettingsPopoverProps) {
  const { t } = useTranslation('layout');
  const titleId = useId();
  const target = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when it replaces the placeholder button
  useEffect(() => {
    if (takeFocus) target.current?.focus();
  }, []);

  return (
    <Popover
      position="bottom-end"
      width={260}
      shadow="md"
      withArrow
      trapFocus
      returnFocus
      defaultOpened={defaultOpened}
    >
      <Popover.Target>
        <ActionIcon ref={target} variant="default" size="lg" aria-label={t('header.settings')}>
          <IconSettings {...headerIconProps} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-labelledby={titleId}>
        <Stack gap="sm">
          <Text id={titleId} fw={700}>
            {t('settings.title')}
          </Text>
          <Stack gap={6}>
            <Text size="sm" c="dimmed">
              {t('settings.language')}
            </Text>
            <LanguageSwitcher fullWidth size="sm" />
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
