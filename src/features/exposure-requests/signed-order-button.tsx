import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/api';

/**
 * "The signed order": opens the order's printable page in a new tab, to print or save as PDF. The
 * app holds a bearer token that a new tab cannot send, so the server signs a ten-minute address for
 * the request's owner first. The tab opens at the click (a tab opened after the request would be a
 * blocked pop-up), then goes to the address, or this tab goes there if pop-ups are refused.
 */
export function SignedOrderButton({ requestId }: { requestId: string }) {
  const { t, i18n } = useTranslation('exposure');
  const link = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/exposure-requests/{id}/order-document', {
          params: { path: { id: requestId }, query: { lang: i18n.language === 'en' ? 'en' : 'he' } },
        }),
      ),
  });
  const open = () => {
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.replace(url);
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        notifications.show({ color: 'red', message: t('list.actionFailed', { message: error.message }) });
      },
    });
  };
  return (
    <Button variant="light" loading={link.isPending} onClick={open}>
      {t('signedOrder.open')}
    </Button>
  );
}
