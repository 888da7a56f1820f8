import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** A part of the statement under its own heading, which names the section for screen readers. */
function StatementSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} fz="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A bulleted list of the statement's points, as written in the texts. */
function StatementList({ items }: { items: string[] }) {
  return (
    <List spacing="xs">
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

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

      <StatementSection id="a11y-conformance" title={t('conformance.title')}>
        <Text>{t('conformance.body')}</Text>
      </StatementSection>

      <StatementSection id="a11y-done" title={t('done.title')}>
        <StatementList items={DONE_ITEMS.map((item) => t(`done.items.${item}`))} />
      </StatementSection>

      <StatementSection id="a11y-limitations" title={t('limitations.title')}>
        <Text>{t('limitations.intro')}</Text>
        <StatementList items={LIMITATION_ITEMS.map((item) => t(`limitations.items.${item}`))} />
      </StatementSection>

      <StatementSection id="a11y-contact" title={t('contact.title')}>
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
      </StatementSection>

      <Text size="sm" c="dimmed">
        {t('updated', { date: updatedOn })}
      </Text>
    </Stack>
  );
}
