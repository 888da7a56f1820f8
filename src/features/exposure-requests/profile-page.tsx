import {
  type BrokerProfile,
  type BrokerProfileField,
  missingBrokerProfileFields,
  normalizeBrokerProfile,
  validateBrokerProfile,
} from '@domain/broker-profile';
import { Alert, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Me } from '@openapi/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '@/api';

/** The app's own key for GET /me (src/app/use-me.ts): a save here updates the sidebar's card at once. */
const ME_KEY = ['me'] as const;

/**
 * The broker's profile (issue 23): the details a brokerage order needs beyond the registered name, checked
 * with the domain's one rule before saving and by the server again.
 */
export function ProfilePage() {
  const { t } = useTranslation('exposure');
  const me = useQuery({ queryKey: ME_KEY, queryFn: ({ signal }) => unwrap(api.GET('/me', { signal })) });
  if (me.isPending) return null;
  if (me.isError) {
    return (
      <Alert color="red" role="alert">
        {t('profile.loadFailed', { message: me.error.message })}
      </Alert>
    );
  }
  return <ProfileForm me={me.data} />;
}

function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation('exposure');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<BrokerProfileField, string>>({
    licenceNumber: me.brokerProfile.licenceNumber ?? '',
    idNumber: me.brokerProfile.idNumber ?? '',
    businessAddress: me.brokerProfile.businessAddress ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<BrokerProfileField, string>>>({});
  const save = useMutation({
    mutationFn: (profile: BrokerProfile) => unwrap(api.PATCH('/me', { body: profile })),
    onSuccess: (saved) => {
      queryClient.setQueryData(ME_KEY, saved);
      notifications.show({ color: 'teal', message: t('profile.saved') });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: t('profile.saveFailed', { message: error.message }) }),
  });

  const stored = normalizeBrokerProfile(me.brokerProfile);
  const missing = missingBrokerProfileFields(stored);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const profile = normalizeBrokerProfile(values);
    const found = validateBrokerProfile(profile);
    setErrors(
      Object.fromEntries(
        Object.entries(found).map(([field, error]) => [field, t(`profile.errors.${error}`)]),
      ),
    );
    if (Object.keys(found).length === 0) save.mutate(profile);
  };

  const field = (
    name: BrokerProfileField,
    props: { hint?: string; inputMode?: 'numeric'; autoComplete: string },
  ) => (
    <TextInput
      label={t(`profile.${name}`)}
      description={props.hint}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
      error={errors[name]}
      inputMode={props.inputMode}
      autoComplete={props.autoComplete}
      maxLength={200}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560} mx="auto" w="100%">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text c="dimmed">{t('profile.intro')}</Text>
          <Alert
            color={missing.length > 0 ? 'orange' : 'teal'}
            c={missing.length > 0 ? '#9a3412' : '#065f46'}
          >
            {missing.length > 0
              ? t('profile.missing', { fields: missing.map((name) => t(`profile.${name}`)).join(', ') })
              : t('profile.complete')}
          </Alert>
          <TextInput label={t('profile.name')} value={`${me.firstName} ${me.lastName}`} readOnly />
          {field('licenceNumber', {
            hint: t('profile.licenceHint'),
            inputMode: 'numeric',
            autoComplete: 'off',
          })}
          {field('idNumber', { hint: t('profile.idHint'), inputMode: 'numeric', autoComplete: 'off' })}
          {field('businessAddress', { autoComplete: 'street-address' })}
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {save.isPending ? t('profile.saving') : t('profile.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
