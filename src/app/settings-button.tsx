import { ActionIcon } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { type ComponentType, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { headerIconProps } from './header-icon-props';
import type { SettingsPopoverProps } from './settings-popover';

/**
 * The settings button, drawn plain until the pointer or the focus reaches it; its popover (with
 * floating-ui, the focus trap and scroll lock, about 20 KiB) loads then, and a press or a click opens
 * it once it has. A phone never shows this group, so it never loads it.
 */
export function SettingsButton() {
  const { t } = useTranslation('layout');
  const button = useRef<HTMLButtonElement>(null);
  const [Loaded, setLoaded] = useState<ComponentType<SettingsPopoverProps> | null>(null);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);

  const load = () =>
    void import('./settings-popover').then((module) => {
      setFocusOnLoad(document.activeElement === button.current);
      setLoaded(() => module.SettingsPopover);
    });

  if (Loaded) return <Loaded defaultOpened={openOnLoad} takeFocus={focusOnLoad} />;
  return (
    <ActionIcon
      ref={button}
      variant="default"
      size="lg"
      aria-label={t('header.settings')}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      // A press opens it too: when the code arrives between the press and the release, the release
      // lands on the loaded button and the browser sends no click to either.
      onPointerDown={() => setOpenOnLoad(true)}
      onClick={() => {
        setOpenOnLoad(true);
        load();
      }}
    >
      <IconSettings {...headerIconProps} />
    </ActionIcon>
  );
}
