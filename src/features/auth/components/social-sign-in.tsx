import { Button, Divider, Group, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconBrandApple, IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const PROVIDERS = [
  { name: 'Google', Icon: IconBrandGoogle },
  { name: 'Facebook', Icon: IconBrandFacebook },
  { name: 'Apple', Icon: IconBrandApple },
] as const;

type Provider = (typeof PROVIDERS)[number]['name'];

/**
 * Spec 1: the three social buttons appear, but what they do is not given and no provider is set up.
 * A click says so, in words next to the buttons (announced politely), instead of doing nothing.
 */
export function SocialSignIn() {
  const { t } = useTranslation('auth');
  const noteId = useId();
  const [picked, setPicked] = useState<Provider | null>(null);
  return (
    <>
      <Divider label={t('social.divider')} labelPosition="center" my="lg" />
      <Group role="group" aria-label={t('social.groupLabel')} grow gap="xs" wrap="nowrap">
        {PROVIDERS.map(({ name, Icon }) => (
          <Button
            key={name}
            variant="default"
            aria-label={t('social.continueWith', { provider: name })}
            aria-describedby={picked ? noteId : undefined}
            onClick={() => setPicked(name)}
            px="xs"
          >
            <Icon size={20} aria-hidden="true" />
          </Button>
        ))}
      </Group>
      <div id={noteId} aria-live="polite">
        {picked ? (
          <Text size="sm" c="dimmed" mt="xs" ta="center">
            {t('social.notAvailable', { provider: picked })}
          </Text>
        ) : null}
      </div>
    </>
  );
}
