import { Button, Input, Stack } from '@mantine/core';
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthFooter } from './components/auth-footer';
import { AuthScreenHeader } from './components/auth-screen-header';
import { SocialSignIn } from './components/social-sign-in';
import { loadLoginPhoneForm } from './load-login-phone-form';

/** The form once its module is there: suspends until then, renders at once when it already is. */
function LoginPhoneForm() {
  const { LoginPhoneForm: Form } = use(loadLoginPhoneForm());
  return <Form />;
}

/**
 * /login: phone, send code. Login is 0 of 0 on the progress indicator, so none shows here.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <>
      <AuthScreenHeader title={t('login.title')} subtitle={t('login.subtitle')} />
      <Suspense fallback={<LoginPhoneFormPlaceholder />}>
        <LoginPhoneForm />
      </Suspense>
      <SocialSignIn />
      <AuthFooter question={t('login.noAccount')} linkText={t('login.toRegister')} to="/register" />
    </>
  );
}

/**
 * The form's outline while its phone rules load: the same label, field height and button, so nothing
 * moves when the form arrives. Only a picture: hidden from screen readers, with nothing to focus or type in.
 */
function LoginPhoneFormPlaceholder() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="md" aria-hidden="true">
      <Input.Wrapper label={t('login.phoneLabel')} required size="md">
        <Input component="div" size="md" disabled />
      </Input.Wrapper>
      <div />
      <Button size="md" fullWidth disabled>
        {t('login.submit')}
      </Button>
    </Stack>
  );
}
