import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { ACCESSIBILITY_CONTACT, STATEMENT_UPDATED_ON } from './accessibility-contact';

const DONE_ITEMS = [
  'keyboard',
  'focus',
  'screenReaders',
  'dialogs',
  'direction',
  'contrast',
  'responsive',
  'testing',
] as const;
const LIMITATION_ITEMS = ['uploads', 'social', 'comingSoon'] as const;

/** The accessibility statement (הצהרת נגישות) that Israeli regulations require, public to everyone. */
export function AccessibilityPage() {
  const { t } = useTranslation('accessibility');
  const { language } = useLanguage();
  const updatedOn = new Intl.DateTimeFormat(language === 'he' ? 'he-IL' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(STATEMENT_UPDATED_ON));

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('title')}
      </Title>
      <Text>{t('intro')}</Text>

      <Stack gap="xs" component="section" aria-labelledby="a11y-conformance">
        <Title order={2} fz="h4" id="a11y-conformance">
          {t('conformance.title')}
        </Title>
        <Text>{t('conformance.body')}</Text>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="a11y-done">
        <Title order={2} fz="h4" id="a11y-done">
          {t('done.title')}
        </Title>
        <List spacing="xs">
          {DONE_ITEMS.map((item) => (
            <List.Item key={item}>{t(`done.items.${item}`)}</List.Item>
          ))}
        </List>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="a11y-limitations">
        <Title order={2} fz="h4" id="a11y-limitations">
          {t('limitations.title')}
        </Title>
        <Text>{t('limitations.intro')}</Text>
        <List spacing="xs">
          {LIMITATION_ITEMS.map((item) => (
            <List.Item key={item}>{t(`limitations.items.${item}`)}</List.Item>
          ))}
        </List>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="a11y-contact">
        <Title order={2} fz="h4" id="a11y-contact">
          {t('contact.title')}
        </Title>
        <Text>{t('contact.body')}</Text>
        <Table variant="vertical" layout="fixed" withTableBorder captionSide="top">
          <Table.Caption>{t('contact.coordinator')}</Table.Caption>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={110}>{t('contact.name')}</Table.Th>
              <Table.Td>{t('contact.nameValue')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('contact.phone')}</Table.Th>
              <Table.Td>
                <Anchor href={`tel:${ACCESSIBILITY_CONTACT.phone.replaceAll('-', '')}`} dir="ltr">
                  {ACCESSIBILITY_CONTACT.phone}
                </Anchor>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('contact.email')}</Table.Th>
              <Table.Td>
                <Anchor
                  href={`mailto:${ACCESSIBILITY_CONTACT.email}`}
                  dir="ltr"
                  style={{ wordBreak: 'break-all' }}
                >
                  {ACCESSIBILITY_CONTACT.email}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text>{t('contact.responseTime')}</Text>
      </Stack>

      <Text size="sm" c="dimmed">
        {t('updated', { date: updatedOn })}
      </Text>
    </Stack>
  );
}
