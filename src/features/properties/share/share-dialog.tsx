import { SHARE_LINK_LABEL_MAX_LENGTH } from '@domain/share-link';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Divider,
  Group,
  Image,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconCopy,
  IconLinkOff,
  IconMail,
  IconQrcode,
  type TablerIcon,
} from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledSegments } from '@/components/labelled-segments';
import { LimitedTextInput } from '@/components/limited-text-input';
import { useProperty } from '../api/get-property';
import { type ShareLink, useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';
import { PropertyDialogTitle } from '../components/property-dialog-title';
import { useErrorText, usePropertyText } from '../use-property-text';
import { StreetMentionNotice } from './street-mention-notice';

export interface ShareDialogProps {
  propertyId: string;
  /** How the broker knows the property (address, city): the dialog's heading. */
  name: string;
  /** What a client may read about it (kind and city): the prefilled messages never name the street. */
  title: string;
  opened: boolean;
  onClose: () => void;
}

const EXPIRY_DAYS = ['never', '7', '30', '90'] as const;
type Expiry = (typeof EXPIRY_DAYS)[number];
const DAY_MS = 24 * 60 * 60 * 1000;

/** "שיתוף": make a public link (label, expiry, address or city only, language, documents), then send it. */
export function ShareDialog({ propertyId, name, title, opened, onClose }: ShareDialogProps) {
  const { t } = useTranslation('share');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={<PropertyDialogTitle title={t('title')} name={name} />}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="lg">
        <Text size="sm">{t('subtitle')}</Text>
        <NewLinkForm propertyId={propertyId} />
        <Divider />
        <LinkList propertyId={propertyId} title={title} />
      </Stack>
    </Modal>
  );
}

function NewLinkForm({ propertyId }: { propertyId: string }) {
  const { t, i18n } = useTranslation('share');
  const errorText = useErrorText();
  const property = useProperty(propertyId);
  const create = useCreateShareLink(propertyId);
  const [label, setLabel] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('30');
  const [showExactAddress, setShowExactAddress] = useState(false);
  const [language, setLanguage] = useState<'he' | 'en'>(i18n.language === 'en' ? 'en' : 'he');
  const [documentFileIds, setDocumentFileIds] = useState<string[]>([]);
  const documents = property.data
    ? Object.entries(property.data.files)
        .filter(([group]) => group !== 'propertyImages')
        .flatMap(([, files]) => files)
    : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      label: label.trim() || null,
      expiresAt: expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * DAY_MS).toISOString(),
      showExactAddress,
      language,
      documentFileIds,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('newLink')}
        </Title>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <LimitedTextInput
            label={t('label')}
            placeholder={t('labelPlaceholder')}
            value={label}
            maxLength={SHARE_LINK_LABEL_MAX_LENGTH}
            cutMessage={t('limits.pastedCut', { limit: SHARE_LINK_LABEL_MAX_LENGTH })}
            onChange={(event) => setLabel(event.currentTarget.value)}
            miw={200}
          />
          <Select
            label={t('expiry')}
            data={EXPIRY_DAYS.map((value) => ({
              value,
              label: t(`expiryOptions.${value}`),
            }))}
            value={expiry}
            onChange={(value) => setExpiry((value as Expiry | null) ?? 'never')}
            allowDeselect={false}
            miw={140}
          />
        </Group>
        <LabelledSegments
          id="share-language"
          label={t('language')}
          value={language}
          onChange={setLanguage}
          data={[
            { value: 'he', label: 'עברית' },
            { value: 'en', label: 'English' },
          ]}
          w="fit-content"
        />
        <Switch
          label={t('showExactAddress')}
          description={t('showExactAddressHint')}
          checked={showExactAddress}
          onChange={(event) => setShowExactAddress(event.currentTarget.checked)}
        />
        {!showExactAddress && property.data && (
          <StreetMentionNotice property={property.data} documentFileIds={documentFileIds} />
        )}
        {documents.length > 0 && (
          <Checkbox.Group label={t('documents')} value={documentFileIds} onChange={setDocumentFileIds}>
            <Stack gap={6} mt={6}>
              {documents.map((file) => (
                <Checkbox key={file.id} value={file.id} label={<bdi>{file.fileName}</bdi>} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {create.isError && (
          <Alert color="red" variant="light" role="alert">
            {t('createFailed', { message: errorText(create.error) })}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={create.isPending} loaderProps={{ 'aria-label': t('creating') }}>
            {t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LinkList({ propertyId, title }: { propertyId: string; title: string }) {
  const { t } = useTranslation('share');
  const errorText = useErrorText();
  const links = useShareLinks(propertyId);

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('links')}
      </Title>
      {links.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('loading')}</Text>
        </Group>
      ) : links.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('loadFailed', { message: errorText(links.error) })}
        </Alert>
      ) : links.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noLinks')}
        </Text>
      ) : (
        links.data.map((link) => <LinkCard key={link.id} link={link} propertyId={propertyId} title={title} />)
      )}
    </Stack>
  );
}

const STATUS_COLORS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;
const STATUS_TEXT = { active: '#065f46', expired: '#343a40', revoked: '#9b1c1c' } as const;

function LinkCard({ link, propertyId, title }: { link: ShareLink; propertyId: string; title: string }) {
  const { t } = useTranslation('share');
  const { language } = usePropertyText();
  const errorText = useErrorText();
  const revoke = useRevokeShareLink(propertyId);
  const [showQr, setShowQr] = useState(false);
  const urlId = useId();
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language === 'he' ? 'he-IL' : 'en-IL', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  const label = link.label ?? t('unnamed');
  const active = link.status === 'active';
  const url = link.url ?? '';
  const message = t('message', { title, url });

  const onRevoke = () =>
    revoke.mutate(link.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: t('revoked') }),
      onError: (error) =>
        notifications.show({ color: 'red', message: t('revokeFailed', { message: errorText(error) }) }),
    });

  return (
    <Paper withBorder radius="md" p="sm" data-testid="share-link">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} truncate="end">
            <bdi>{label}</bdi>
          </Text>
          {/* Mantine's light badge text is under 4.5:1 on its background; these are over 6:1. */}
          <Badge variant="light" color={STATUS_COLORS[link.status]} c={STATUS_TEXT[link.status]}>
            {t(`status.${link.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            t('createdAt', { date: date(link.createdAt) }),
            link.expiresAt ? t('expiresAt', { date: date(link.expiresAt) }) : null,
            link.showExactAddress ? t('exactAddress') : t('cityOnly'),
            link.language === 'he' ? 'עברית' : 'English',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" data-testid="share-opens">
          {link.opens.total === 0
            ? t('opens', { count: 0 })
            : [
                t('opens', { count: link.opens.total }),
                t('devices', { count: link.opens.devices }),
                link.opens.lastAt ? `· ${t('lastOpened', { date: date(link.opens.lastAt) })}` : '',
              ].join(' ')}
        </Text>
        {active && url && (
          <>
            <TextInput
              id={urlId}
              label={t('url')}
              value={url}
              readOnly
              dir="ltr"
              onFocus={(event) => event.currentTarget.select()}
              size="sm"
            />
            <Group gap="xs">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant={copied ? 'light' : 'filled'}
                    color={copied ? 'teal' : undefined}
                    leftSection={
                      copied ? (
                        <IconCheck size={16} aria-hidden="true" />
                      ) : (
                        <IconCopy size={16} aria-hidden="true" />
                      )
                    }
                    onClick={copy}
                  >
                    {copied ? t('copied') : t('copy')}
                  </Button>
                )}
              </CopyButton>
              <SendLinkButton
                href={`https://wa.me/?text=${encodeURIComponent(message)}`}
                newTab
                icon={IconBrandWhatsapp}
                label={t('whatsapp')}
              />
              <SendLinkButton
                href={`mailto:?subject=${encodeURIComponent(t('emailSubject', { title }))}&body=${encodeURIComponent(message)}`}
                icon={IconMail}
                label={t('email')}
              />
              <Button
                size="compact-sm"
                variant={showQr ? 'light' : 'default'}
                aria-pressed={showQr}
                leftSection={<IconQrcode size={16} aria-hidden="true" />}
                onClick={() => setShowQr((shown) => !shown)}
              >
                {t('qr')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                loading={revoke.isPending}
                aria-label={t('revokeFor', { label })}
                leftSection={<IconLinkOff size={16} aria-hidden="true" />}
                onClick={onRevoke}
              >
                {t('revoke')}
              </Button>
            </Group>
            {showQr && <QrCode url={url} alt={t('qrAlt', { label })} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Drawn in the browser; the qrcode module loads only when a broker asks for a code. */
function QrCode({ url, alt }: { url: string; alt: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' }))
      .then((dataUrl) => {
        if (current) setImage(dataUrl);
      });
    return () => {
      current = false;
    };
  }, [url]);
  if (!image) return <Loader size="sm" />;
  return (
    <Anchor href={image} download="qr.png" w="fit-content">
      <Image src={image} alt={alt} w={220} h={220} />
    </Anchor>
  );
}

interface SendLinkButtonProps {
  href: string;
  /** A web address opens in a new tab; a mail link hands over to the mail app. */
  newTab?: boolean;
  icon: TablerIcon;
  label: string;
}

/** A way to send the link on (WhatsApp, e-mail): a link drawn as the row's other buttons. */
function SendLinkButton({ href, newTab = false, icon: Icon, label }: SendLinkButtonProps) {
  return (
    <Button
      component="a"
      href={href}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      size="compact-sm"
      variant="default"
      leftSection={<Icon size={16} aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}
