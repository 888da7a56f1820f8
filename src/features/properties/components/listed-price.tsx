import { formatShekel } from '@domain/format';
import { formatShekelRate, listedPrices, type PricedRow } from '@domain/listed-price';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePropertyText } from '../use-property-text';

interface ListedPriceProps {
  property: PricedRow;
  /** The table says "not specified" where a card says nothing: a column keeps its rows aligned. */
  showMissing?: boolean;
  size?: 'xs' | 'sm';
}

/**
 * The asking rent (₪ per m² per month, as listings quote it) and the sale price a row states, each on
 * its own line, the rent first; which of them follows the deal type (domain/listed-price.ts).
 */
export function ListedPrice({ property, showMissing = false, size = 'sm' }: ListedPriceProps) {
  const { t } = useTranslation('properties');
  const { language } = usePropertyText();
  const { rent, price } = listedPrices(property);
  const lines = [
    rent === null ? null : t('values.perSqmPerMonth', { amount: formatShekelRate(rent, language) }),
    price === null ? null : formatShekel(price, language),
  ].filter((line) => line !== null);
  if (lines.length === 0) {
    return showMissing ? (
      <Text component="span" size="sm" c="dimmed">
        {t('values.notSpecified')}
      </Text>
    ) : null;
  }
  // A second line is a second price (rent or sale): a little apart, so a wrapped rent is not taken for two.
  return lines.map((line, index) => (
    <Text key={line} size={size} fw={500} mt={index > 0 ? 6 : 0} data-testid="listed-price">
      <bdi>{line}</bdi>
    </Text>
  ));
}
