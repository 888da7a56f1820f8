import { Badge, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/api';
import { usePropertyText } from '../use-property-text';
import { OverviewLinkCard } from './overview-link-card';

/**
 * Under the /exposure-requests keys (features/exposure-requests), so that its page marking them seen
 * or a new request refreshes the card too.
 */
const OVERVIEW_KEY = ['exposure-requests', 'overview'] as const;

/**
 * "בקשות חשיפה" (issue 23): the broker's requests, with the orders signed since the broker last opened
 * /exposure-requests as "new". Its own small query, not part of the list's: the list paints without it.
 */
export function ExposureOverviewCard() {
  const { t } = useTranslation('properties');
  const text = usePropertyText();
  const overview = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/exposure-requests/overview', { signal })),
    staleTime: 30_000,
  });
  const data = overview.data;
  const label = t('overview.cards.exposureRequests');

  return (
    <OverviewLinkCard
      renderRoot={(props) => <Link to="/exposure-requests" {...props} />}
      icon={IconEye}
      hint={t('overview.showExposureRequests')}
      label={label}
      ariaLabel={
        data
          ? `${label}: ${data.total}${data.signedSinceSeen > 0 ? `, ${t('overview.newSigned', { count: data.signedSinceSeen })}` : ''}`
          : undefined
      }
      value={
        data === undefined ? undefined : (
          <Group gap="xs" wrap="nowrap" align="baseline">
            <Text fz={26} fw={700} lh={1.2}>
              <bdi>{text.number(data.total)}</bdi>
            </Text>
            {data.signedSinceSeen > 0 && (
              <Badge variant="light" color="teal" c="#065f46" size="sm">
                {t('overview.newSigned', { count: data.signedSinceSeen })}
              </Badge>
            )}
          </Group>
        )
      }
    />
  );
}
