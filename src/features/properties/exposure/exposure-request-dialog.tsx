import {
  type DealType,
  type FeeBasis,
  type OrderFee,
  type OrderIssue,
  validateOrderRequest,
} from '@domain/brokerage-order';
import { type PhoneError, validatePhone } from '@domain/phone';
import { checkMobileLine, type PhoneLineError } from '@domain/phone-line';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api';
import { LabelledSegments } from '@/components/labelled-segments';
import { LeftToRight } from '@/components/left-to-right';
import { emptyPhoneValue, PhoneInput, type PhoneInputValue } from '@/components/phone-input';
import { useLanguage } from '@/i18n/use-language';
import { type AmendedExposureRequest, useAmendExposureRequest } from '../api/amend-exposure-request';
import {
  type ExposureRequestInput,
  useCreateExposureRequest,
  usePropertyChoices,
} from '../api/create-exposure-request';
import { PropertyDialogTitle } from '../components/property-dialog-title';
import { usePropertyText } from '../use-property-text';

export interface ExposureRequestDialogProps {
  propertyId: string;
  /** Address and city: the dialog's heading and the first property's label. */
  name: string;
  opened: boolean;
  onClose: () => void;
  /** Amending (issue 23): this request's terms fill the form, and sending makes its next version. */
  amend?: AmendedExposureRequest;
}

const LINK_DAYS_DEFAULT = 14;
const LINK_DAYS_MAX = 30;

type Errors = Record<string, string>;
type RequestError = OrderIssue['error'] | PhoneError | PhoneLineError | 'linkDays';

const numberOf = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

/**
 * "בקשת חשיפה" (issue 23): the terms of a brokerage order for one or more of the broker's properties,
 * checked with the domain's one rule before sending; the server copies the broker's profile in and
 * sends the client an SMS with the link.
 */
export function ExposureRequestDialog({
  propertyId,
  name,
  opened,
  onClose,
  amend,
}: ExposureRequestDialogProps) {
  const { t } = useTranslation('exposure');
  const title = amend ? t('amend.title', { version: amend.orderVersion + 1 }) : t('request.title');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={<PropertyDialogTitle title={title} name={name} />}
      closeButtonProps={{ 'aria-label': t('request.close') }}
    >
      <RequestForm propertyId={propertyId} name={name} onDone={onClose} amend={amend} />
    </Modal>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The form's first values: empty for a new request, the request's own terms for an amendment. */
function initialValues(propertyId: string, amend: AmendedExposureRequest | undefined) {
  if (!amend) {
    return {
      selected: [propertyId],
      prices: {} as Record<string, number | string>,
      dealType: 'rent' as DealType,
      feeBasis: 'percent' as FeeBasis,
      feeValue: '' as number | string,
      feeIncludesVat: false,
      exclusivity: null,
      linkDays: LINK_DAYS_DEFAULT,
    };
  }
  // The contract does not return the link's days; the last link's life, in whole days, is the guess.
  const lastLinkDays =
    amend.sentAt && amend.expiresAt
      ? Math.round((Date.parse(amend.expiresAt) - Date.parse(amend.sentAt)) / DAY_MS)
      : LINK_DAYS_DEFAULT;
  return {
    selected: amend.properties.map((property) => property.propertyId),
    prices: Object.fromEntries(
      amend.properties.map((property) => [property.propertyId, property.approximatePrice]),
    ) as Record<string, number | string>,
    dealType: amend.dealType,
    feeBasis: amend.fee.basis,
    feeValue: amend.fee.basis === 'amount' ? amend.fee.amount : amend.fee.percent,
    feeIncludesVat: amend.feeIncludesVat,
    exclusivity: amend.exclusivity,
    linkDays: lastLinkDays >= 1 && lastLinkDays <= LINK_DAYS_MAX ? lastLinkDays : LINK_DAYS_DEFAULT,
  };
}

function RequestForm({
  propertyId,
  name,
  onDone,
  amend,
}: {
  propertyId: string;
  name: string;
  onDone: () => void;
  amend?: AmendedExposureRequest;
}) {
  const { t } = useTranslation('exposure');
  const { language } = useLanguage();
  const text = usePropertyText();
  const ids = useId();
  const choices = usePropertyChoices();
  const create = useCreateExposureRequest();
  const amendment = useAmendExposureRequest();
  const [initial] = useState(() => initialValues(propertyId, amend));

  const [clientName, setClientName] = useState(amend?.clientName ?? '');
  const [phone, setPhone] = useState<PhoneInputValue>({ ...emptyPhoneValue(), e164: null });
  const [selected, setSelected] = useState<string[]>(initial.selected);
  const [prices, setPrices] = useState<Record<string, number | string>>(initial.prices);
  const [dealType, setDealType] = useState<DealType>(initial.dealType);
  const [feeBasis, setFeeBasis] = useState<FeeBasis>(initial.feeBasis);
  const [feeValue, setFeeValue] = useState<number | string>(initial.feeValue);
  const [feeIncludesVat, setFeeIncludesVat] = useState(initial.feeIncludesVat);
  const [exclusive, setExclusive] = useState(initial.exclusivity !== null);
  const [startsOn, setStartsOn] = useState(initial.exclusivity?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(initial.exclusivity?.endsOn ?? '');
  const [marketingActions, setMarketingActions] = useState(initial.exclusivity?.marketingActions ?? '');
  const [linkDays, setLinkDays] = useState<number | string>(initial.linkDays);
  const [errors, setErrors] = useState<Errors>({});
  const [profileMissing, setProfileMissing] = useState(false);

  // An amended request names its properties by the order's own descriptions until the picker loads.
  const labels = new Map<string, string>(
    amend
      ? amend.properties.map((property) => [property.propertyId, property.description])
      : [[propertyId, name]],
  );
  for (const item of choices.data?.items ?? []) labels.set(item.id, text.fullName(item));
  const options = [...labels].map(([value, label]) => ({ value, label }));
  const labelOf = (id: string) => labels.get(id) ?? id;

  const errorText = (issue: RequestError): string => t(`request.errors.${issue}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProfileMissing(false);
    const fee: OrderFee =
      feeBasis === 'amount'
        ? { basis: 'amount', amount: numberOf(feeValue) }
        : { basis: 'percent', percent: numberOf(feeValue) };
    const exclusivity = exclusive ? { startsOn, endsOn, marketingActions: marketingActions.trim() } : null;
    const properties = selected.map((id) => ({
      propertyId: id,
      approximatePrice: numberOf(prices[id] ?? ''),
    }));
    const found: Errors = {};
    for (const issue of validateOrderRequest({
      clientName,
      dealType,
      properties,
      fee,
      feeIncludesVat,
      exclusivity,
    })) {
      const field = issue.field.startsWith('fee.') ? 'fee' : issue.field;
      found[field] ??= errorText(issue.error);
    }
    // An amendment goes to the same client and phone: only a new request asks for them.
    const phoneError = amend
      ? null
      : (validatePhone(phone.country, phone.nationalDigits) ??
        (phone.e164 ? await checkMobileLine(phone.e164) : 'invalidPhoneNumber'));
    if (phoneError) found.clientPhone = errorText(phoneError);
    const days = numberOf(linkDays);
    if (!Number.isInteger(days) || days < 1 || days > LINK_DAYS_MAX) found.linkDays = errorText('linkDays');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (amend) {
      amendment.mutate(
        {
          id: amend.id,
          body: { dealType, properties, fee, feeIncludesVat, exclusivity, linkDays: days },
        },
        {
          onSuccess: (request) => {
            notifications.show({
              color: 'teal',
              message: t('amend.sent', { name: request.clientName, version: request.orderVersion }),
            });
            onDone();
          },
          onError: (error) => {
            if (isApiError(error) && error.code === 'broker_profile_incomplete') setProfileMissing(true);
          },
        },
      );
      return;
    }
    if (!phone.e164) return;

    const body: ExposureRequestInput = {
      clientName: clientName.trim(),
      clientPhone: phone.e164,
      dealType,
      properties,
      fee,
      feeIncludesVat,
      exclusivity,
      linkDays: days,
      language,
    };
    create.mutate(body, {
      onSuccess: (request) => {
        notifications.show({
          color: request.status === 'draft' ? 'orange' : 'teal',
          message:
            request.status === 'draft'
              ? t('request.sentDraft')
              : t('request.sent', { name: request.clientName }),
        });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'broker_profile_incomplete') setProfileMissing(true);
      },
    });
  };

  const error = amend ? amendment.error : create.error;
  const pending = amend ? amendment.isPending : create.isPending;
  const failure = error && !profileMissing ? error : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {amend ? t('amend.intro', { version: amend.orderVersion }) : t('request.intro')}
        </Text>
        {profileMissing && (
          <Alert color="orange" c="#9a3412" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('request.profileIncomplete')}</Text>
              <Button component={Link} to="/profile" size="xs" variant="light" color="orange">
                {t('request.toProfile')}
              </Button>
            </Stack>
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {t(amend ? 'amend.failed' : 'request.failed', { message: failure.message })}
          </Alert>
        )}
        {amend ? (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('amend.client')}:{' '}
            </Text>
            {amend.clientName}, <LeftToRight>{amend.clientPhone}</LeftToRight>
          </Text>
        ) : (
          <>
            <TextInput
              label={t('request.clientName')}
              value={clientName}
              onChange={(event) => setClientName(event.currentTarget.value)}
              error={errors.clientName}
              autoComplete="off"
              maxLength={120}
              required
            />
            <PhoneInput
              id={`${ids}-phone`}
              label={t('request.clientPhone')}
              value={phone}
              onChange={setPhone}
              error={errors.clientPhone}
              required
            />
          </>
        )}
        <MultiSelect
          label={t('request.properties')}
          description={amend ? undefined : t('request.propertiesHint')}
          placeholder={t('request.propertiesSearch')}
          data={options}
          value={selected}
          onChange={setSelected}
          error={errors.properties}
          searchable
          maxValues={20}
          nothingFoundMessage="—"
        />
        <LabelledSegments
          id={`${ids}-deal`}
          label={t('request.dealType')}
          value={dealType}
          onChange={setDealType}
          data={[
            { value: 'rent', label: t('request.rent') },
            { value: 'sale', label: t('request.sale') },
          ]}
        />
        {selected.map((id, index) => (
          <NumberInput
            key={id}
            label={t('request.priceFor', { name: labelOf(id) })}
            description={dealType === 'rent' ? t('request.priceHintRent') : t('request.priceHintSale')}
            value={prices[id] ?? ''}
            onChange={(value) => setPrices((current) => ({ ...current, [id]: value }))}
            error={errors[`properties.${index}.approximatePrice`]}
            min={0}
            thousandSeparator=","
            allowNegative={false}
            required
          />
        ))}
        <LabelledSegments
          id={`${ids}-fee`}
          label={t('request.feeBasis')}
          value={feeBasis}
          onChange={setFeeBasis}
          data={[
            { value: 'percent', label: t('request.feePercent') },
            { value: 'amount', label: t('request.feeAmount') },
          ]}
        />
        <NumberInput
          label={feeBasis === 'amount' ? t('request.feeAmountLabel') : t('request.feePercentLabel')}
          value={feeValue}
          onChange={setFeeValue}
          error={errors.fee}
          min={0}
          max={feeBasis === 'percent' ? 100 : undefined}
          decimalScale={2}
          thousandSeparator={feeBasis === 'amount' ? ',' : undefined}
          allowNegative={false}
          required
        />
        <Checkbox
          label={t('request.vat')}
          checked={feeIncludesVat}
          onChange={(event) => setFeeIncludesVat(event.currentTarget.checked)}
        />
        <Switch
          label={t('request.exclusivity')}
          description={t('request.exclusivityHint')}
          checked={exclusive}
          onChange={(event) => setExclusive(event.currentTarget.checked)}
        />
        {exclusive && (
          <>
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label={t('request.startsOn')}
                value={startsOn}
                onChange={(event) => setStartsOn(event.currentTarget.value)}
                error={errors['exclusivity.startsOn']}
                required
              />
              <TextInput
                type="date"
                label={t('request.endsOn')}
                value={endsOn}
                onChange={(event) => setEndsOn(event.currentTarget.value)}
                error={errors['exclusivity.endsOn']}
                required
              />
            </Group>
            <Textarea
              label={t('request.marketingActions')}
              value={marketingActions}
              onChange={(event) => setMarketingActions(event.currentTarget.value)}
              error={errors['exclusivity.marketingActions']}
              rows={3}
              maxLength={1000}
              required
            />
          </>
        )}
        <NumberInput
          label={t('request.linkDays')}
          description={t('request.linkDaysHint')}
          value={linkDays}
          onChange={setLinkDays}
          error={errors.linkDays}
          min={1}
          max={LINK_DAYS_MAX}
          allowDecimal={false}
          allowNegative={false}
          w={200}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('request.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {pending ? t('request.sending') : amend ? t('amend.send') : t('request.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
