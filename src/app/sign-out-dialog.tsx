import { Alert, Button, Flex, Modal, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { SignOutActor } from './use-sign-out';

/**
 * Sign-out would clear local drafts the server lacks (issue 19, item 8): save them first, let them go
 * explicitly, or stay. Closing it (Escape, a click outside) is cancelling. While the save
 * runs it cannot be closed: the broker learns whether it worked, and stays signed in if it did not.
 */
export function SignOutDialog({ actor }: { actor: SignOutActor }) {
  const { t } = useTranslation('wizard');
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const count = useSelector(actor, (snapshot) => snapshot.context.unsavedDrafts);
  const error = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const cancel = () => actor.send({ type: 'CANCEL' });

  return (
    <Modal
      opened
      onClose={cancel}
      centered
      title={t('signOut.title', { count })}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      closeOnEscape={!saving}
      closeOnClickOutside={!saving}
      // The cancel button closes it; a second control with the same name would only repeat it.
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text>{t('signOut.body', { count })}</Text>
        <Text fz="sm" c="dimmed">
          {t('signOut.hint')}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            <Text fz="sm">{t('signOut.saveFailed')}</Text>
            {error.message && (
              <Text fz="sm" mt={4}>
                {error.message}
              </Text>
            )}
          </Alert>
        )}
        {/* On a phone the buttons stack, the recommended one on top; the destructive one never is. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" disabled={saving} onClick={cancel}>
            {t('signOut.cancel')}
          </Button>
          <Button
            color="red"
            variant="outline"
            disabled={saving}
            onClick={() => actor.send({ type: 'SIGN_OUT_WITHOUT_SAVING' })}
          >
            {t('signOut.discard')}
          </Button>
          <Button data-autofocus loading={saving} onClick={() => actor.send({ type: 'SAVE_AND_SIGN_OUT' })}>
            {t('signOut.save', { count })}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}
