import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowRight,
  IconFilePencil,
  IconPencil,
  IconRefresh,
  IconShare,
  IconSignature,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { useDialogOnOpen } from '@/components/dialog-on-open';
import { useProperty } from './api/get-property';
import { CompletionBar } from './components/completion-bar';
import { KeyFacts } from './components/key-facts';
import classes from './components/properties.module.css';
import { PropertyDetails } from './components/property-details';
import { PropertyDocuments } from './components/property-documents';
import type { ExposureRequestDialogProps } from './exposure/exposure-request-dialog';
import { PropertyGallery } from './gallery/property-gallery';
import type { ShareDialogProps } from './share/share-dialog';
import { useErrorText, usePropertyText } from './use-property-text';
import { wizardSearchFor } from './wizard-link';

/**
 * One property, read only, laid out as a listing in the order a client reads one: the photos, what
 * it is and where, the key facts, every answer by group (deal terms among them), the description,
 * the documents and the tour. The broker's actions sit with the title.
 */
export function PropertyViewPage({ id }: { id: string }) {
  const { t } = useTranslation(['properties', 'options']);
  const text = usePropertyText();
  const errorText = useErrorText();
  const query = useProperty(id);
  // Each dialog's loader is itself imported on the click (dialog-on-open.ts).
  const sharing = useDialogOnOpen<true, ShareDialogProps>(() =>
    import('./share/lazy-share-dialog').then((module) => module.LazyShareDialog),
  );
  const requesting = useDialogOnOpen<true, ExposureRequestDialogProps>(() =>
    import('./exposure/lazy-exposure-request-dialog').then((module) => module.LazyExposureRequestDialog),
  );

  const back = (
    <Anchor component={Link} to="/properties" size="sm" className={classes.backLink}>
      <Group gap={4} wrap="nowrap">
        <IconArrowRight size={16} aria-hidden="true" className={classes.backIcon} />
        {t('properties:view.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Stack gap="lg" aria-busy="true">
        {back}
        <Text role="status" className={classes.srOnly}>
          {t('properties:view.loading')}
        </Text>
        <Skeleton h={120} radius="lg" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }

  if (query.isError) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Stack gap="lg">
        {back}
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" ta="center" gap="sm" role="alert">
            <ThemeIcon size={56} radius="xl" variant="light" color={notFound ? 'gray' : 'red'}>
              <IconAlertTriangle size={30} stroke={1.5} aria-hidden="true" />
            </ThemeIcon>
            <Title order={2} fz="h3">
              {notFound
                ? t('properties:view.notFoundTitle')
                : t('properties:view.error', { message: errorText(query.error) })}
            </Title>
            {notFound ? (
              <Text c="dimmed">{t('properties:view.notFoundBody')}</Text>
            ) : (
              <Button
                onClick={() => void query.refetch()}
                loading={query.isFetching}
                leftSection={<IconRefresh size={18} aria-hidden="true" />}
              >
                {t('properties:errors.retry')}
              </Button>
            )}
          </Stack>
        </Paper>
      </Stack>
    );
  }

  const property = query.data;
  const draft = property.status === 'draft';
  const updated = new Intl.DateTimeFormat(text.language === 'he' ? 'he-IL' : 'en-IL', {
    dateStyle: 'long',
  }).format(new Date(property.updatedAt));

  return (
    <Stack gap="lg" maw={960}>
      {back}
      <PropertyGallery photos={property.files.propertyImages} name={text.fullName(property)} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>
                <bdi>{text.name(property)}</bdi>
              </Title>
              {/* Mantine's light badge text is under 4.5:1 on its own background (axe). */}
              <Badge variant="light" color={draft ? 'orange' : 'teal'} c={draft ? '#9a3412' : '#065f46'}>
                {t(`options:propertyStatus.${property.status}`)}
              </Badge>
            </Group>
            <Text c="dimmed">
              {[text.where(property), text.kind(property), text.category(property)]
                .filter((part): part is string => Boolean(part))
                .map((part, index) => (
                  <span key={part}>
                    {index > 0 && ' · '}
                    <bdi>{part}</bdi>
                  </span>
                ))}
            </Text>
            <Text size="sm" c="dimmed">
              {t('properties:view.updatedAt', { date: updated })}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button
              renderRoot={(props) => (
                <Link to="/properties/create" search={wizardSearchFor(property)} {...props} />
              )}
              variant={draft ? 'filled' : 'default'}
              leftSection={
                draft ? (
                  <IconFilePencil size={18} aria-hidden="true" />
                ) : (
                  <IconPencil size={18} aria-hidden="true" />
                )
              }
            >
              {draft ? t('properties:actions.resume') : t('properties:actions.edit')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconShare size={18} aria-hidden="true" />}
              onClick={() => sharing.open(true)}
            >
              {t('properties:share.button')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconSignature size={18} aria-hidden="true" />}
              onClick={() => requesting.open(true)}
            >
              {t('properties:exposureRequest.button')}
            </Button>
          </Group>
        </Group>
        {sharing.shown && (
          <sharing.shown.Dialog
            propertyId={property.id}
            name={text.fullName(property)}
            title={text.shareTitle(property)}
            opened
            onClose={sharing.close}
          />
        )}
        {requesting.shown && (
          <requesting.shown.Dialog
            propertyId={property.id}
            name={text.fullName(property)}
            opened
            onClose={requesting.close}
          />
        )}
        <Group gap="sm" mt="md">
          <Text size="sm" c="dimmed">
            {t('properties:completion.label')}
          </Text>
          <CompletionBar value={property.dataCompletion} name={text.fullName(property)} width={160} />
        </Group>
      </Paper>
      <KeyFacts property={property} />
      <PropertyDetails property={property} />
      <PropertyDocuments property={property} />
    </Stack>
  );
}
