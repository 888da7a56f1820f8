import { Badge, Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingSkyscraper, type TablerIcon } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export type ComingSoonScreen =
  | 'tasks'
  | 'matches'
  | 'exposureRequests'
  | 'transactions'
  | 'messages'
  | 'history';

interface ComingSoonPageProps {
  screen: ComingSoonScreen;
  /** The same icon the sidebar shows for this screen, so the page feels like the link it came from. */
  icon: TablerIcon;
}

/** Sidebar screens the spec lists but does not describe yet. */
export function ComingSoonPage({ screen, icon: Icon }: ComingSoonPageProps) {
  const { t } = useTranslation();
  return (
    <Center mih="calc(100dvh - 160px)">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={480} w="100%">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={72} radius="xl" variant="light">
            <Icon size={38} stroke={1.5} aria-hidden="true" />
          </ThemeIcon>
          <Badge variant="light" size="lg">
            {t('comingSoon.badge')}
          </Badge>
          <Title order={2}>{t(`screens.${screen}`)}</Title>
          <Text c="dimmed" size="lg">
            {t('comingSoon.body')}
          </Text>
          <Button
            component={Link}
            to="/properties"
            mt="xs"
            leftSection={<IconBuildingSkyscraper size={18} aria-hidden="true" />}
          >
            {t('comingSoon.backToProperties')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
