import { Alert, Badge, Button, Group, Loader, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeftToRight } from '@/components/left-to-right';
import { EXPOSURE_FILTERS } from './exposure-filters';
import {
  type ExposureRequest,
  type ExposureStatus,
  useExposureRequests,
  useMarkExposureRequestsSeen,
  useResendExposureRequest,
  useRevokeExposureRequest,
} from './exposure-requests-api';
import { SignedOrderButton } from './signed-order-button';

const STATUS_COLORS: Record<ExposureStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  opened: 'indigo',
  verified: 'violet',
  signed: 'teal',
  declined: 'orange',
  expired: 'gray',
  revoked: 'red',
};

/** Text dark enough for 4.5:1 on each light tint (Mantine's own shade 9 gives teal 4.32:1), as the share dialog does. */
const STATUS_TEXT: Record<ExposureStatus, string> = {
  draft: '#343a40',
  sent: '#1c4f8a',
  opened: '#2f3b8f',
  verified: '#5f3dc4',
  signed: '#065f46',
  declined: '#9a3412',
  expired: '#343a40',
  revoked: '#9b1c1c',
};

/** Requests the broker can still act on: resend a link, or withdraw. */
const OPEN: readonly ExposureStatus[] = ['draft', 'sent', 'opened', 'verified'];

/** Requests whose order can be amended into a next version (issue 23): sent, and not withdrawn. */
const AMENDABLE: readonly ExposureStatus[] = ['sent', 'opened', 'verified', 'signed', 'declined', 'expired'];

interface ExposureRequestsPageProps {
  status: ExposureStatus | null;
  onStatusChange: (status: ExposureStatus | null) => void;
  /**
   * The request dialog, opened to amend `request` (the route passes the properties feature's dialog:
   * one form for a new request and a new version, and features do not import each other).
   */
  amendDialog?: (request: ExposureRequest, onClose: () => void) => ReactNode;
}

function useDate() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'he-IL', {
    dateStyle: 'medium',
    timeZone: 'Asia/Jerusalem',
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : null);
}

/** /exposure-requests (issue 23): every request with its status, client, properties and dates. */
export function ExposureRequestsPage({ status, onStatusChange, amendDialog }: ExposureRequestsPageProps) {
  const { t } = useTranslation('exposure');
  const headingId = useId();
  const [amending, setAmending] = useState<ExposureRequest | null>(null);
  const requests = useExposureRequests(status);
  useMarkExposureRequestsSeen();
  const items = requests.data ?? [];

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%" aria-describedby={headingId} component="section">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text c="dimmed" id={headingId} maw={560}>
          {t('list.intro')}
        </Text>
        <NativeSelect
          label={t('list.filterLabel')}
          value={status ?? ''}
          onChange={(event) => onStatusChange((event.currentTarget.value || null) as ExposureStatus | null)}
          data={[
            { value: '', label: t('list.all') },
            ...EXPOSURE_FILTERS.map((value) => ({ value, label: t(`status.${value}`) })),
          ]}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {requests.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('list.loading')}</Text>
        </Group>
      ) : requests.isError ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text>{t('list.loadFailed', { message: requests.error.message })}</Text>
            <Button variant="light" onClick={() => requests.refetch()}>
              {t('list.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text>{status ? t('list.emptyFiltered') : t('list.empty')}</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              onAmend={
                amendDialog && AMENDABLE.includes(request.status) ? () => setAmending(request) : undefined
              }
            />
          ))}
        </Stack>
      )}
      {amending && amendDialog?.(amending, () => setAmending(null))}
    </Stack>
  );
}

function RequestCard({ request, onAmend }: { request: ExposureRequest; onAmend?: () => void }) {
  const { t } = useTranslation('exposure');
  const date = useDate();
  const resend = useResendExposureRequest();
  const revoke = useRevokeExposureRequest();
  const busy = resend.isPending || revoke.isPending;
  const act = (action: typeof resend, done: string) =>
    action.mutate(request.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: done }),
      onError: (error) =>
        notifications.show({ color: 'red', message: t('list.actionFailed', { message: error.message }) }),
    });
  const facts: Array<[string, string | null]> = [
    [t('list.created'), date(request.createdAt)],
    // An amended request keeps its earlier signature's date: the link's end is what an open one shows.
    [
      request.status === 'signed' ? t('list.signedAt') : t('list.expires'),
      date(request.status === 'signed' ? request.signedAt : request.expiresAt),
    ],
  ];
  const signedVersion = request.signedOrder?.version ?? null;

  return (
    <Paper component="li" withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} size="lg">
            {request.clientName}
          </Text>
          <Badge
            color={STATUS_COLORS[request.status]}
            c={STATUS_TEXT[request.status]}
            variant="light"
            size="lg"
          >
            {t(`status.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <LeftToRight>{request.clientPhone}</LeftToRight>
        </Text>
        <Stack
          gap={2}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('list.properties')}
        >
          {request.properties.map((property) => (
            <Text component="li" key={property.propertyId}>
              {property.description}
            </Text>
          ))}
        </Stack>
        <Group gap="lg" wrap="wrap">
          {facts.map(([label, value]) =>
            value ? (
              <Text key={label} size="sm">
                <Text span c="dimmed" size="sm">
                  {label}:{' '}
                </Text>
                {value}
              </Text>
            ) : null,
          )}
          <Text size="sm" c="dimmed">
            {t('list.sends', { count: request.sends })}
          </Text>
          {request.orderVersion > 1 && (
            <Text size="sm" fw={500}>
              {t('amend.version', { version: request.orderVersion })}
            </Text>
          )}
        </Group>
        {signedVersion !== null && signedVersion < request.orderVersion && (
          <Text size="sm">
            {OPEN.includes(request.status)
              ? t('amend.signedEarlier', { signed: signedVersion, version: request.orderVersion })
              : t('amend.signedInForce', { signed: signedVersion })}
          </Text>
        )}
        {request.signedOrder && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {request.orderVersion > 1
              ? t('amend.fingerprint', {
                  version: request.signedOrder.version,
                  hash: request.signedOrder.sha256,
                })
              : t('list.fingerprint', { hash: request.signedOrder.sha256 })}
          </Text>
        )}
        {request.signedOrder && (
          <Group gap="sm">
            <SignedOrderButton requestId={request.id} />
          </Group>
        )}
        {(OPEN.includes(request.status) || onAmend) && (
          <Group gap="sm" wrap="wrap">
            {onAmend && (
              <Button variant="light" disabled={busy} onClick={onAmend}>
                {t('amend.action')}
              </Button>
            )}
            {OPEN.includes(request.status) && (
              <>
                <Button
                  variant="light"
                  disabled={busy}
                  loading={resend.isPending}
                  onClick={() => act(resend, t('list.resent'))}
                >
                  {t('list.resend')}
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  loading={revoke.isPending}
                  onClick={() => act(revoke, t('list.revoked'))}
                >
                  {t('list.revoke')}
                </Button>
              </>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
