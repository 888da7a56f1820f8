import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LogoMark } from './logo';
import { mainContentId } from './skip-link';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" id={mainContentId} mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <LogoMark size={48} />
        <Text c="brand.8" fw={800} fz={48} lh={1} mt="md" aria-hidden="true">
          {t('notFound.code')}
        </Text>
        <Title order={1} fz="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        <Button component={Link} to="/" mt="md">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
