import { streetOf, TEXTS_THAT_MAY_NAME_STREET } from '@domain/listing-name';
import { namesStreet } from '@domain/street-mention';
import { Alert, List } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Property } from '../property-types';

/**
 * Tells the broker, before the link is made, what the page will leave out because it names the
 * street while the link hides the address (the same rule the server applies: street-mention.ts).
 * Nothing is said when nothing names it.
 */
export function StreetMentionNotice({
  property,
  documentFileIds,
}: {
  property: Property;
  documentFileIds: readonly string[];
}) {
  const { t } = useTranslation('share');
  const street = streetOf(property);
  const values = property as unknown as Readonly<Record<string, unknown>>;
  const inDescription = TEXTS_THAT_MAY_NAME_STREET.some((field) => {
    const text = values[field];
    return typeof text === 'string' && namesStreet(text, street);
  });
  const captions = property.files.propertyImages.filter((file) => namesStreet(file.caption, street)).length;
  const documents = Object.values(property.files)
    .flat()
    .filter((file) => documentFileIds.includes(file.id) && namesStreet(file.fileName, street)).length;
  if (!inDescription && captions === 0 && documents === 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      // The orange title on its light ground is 2.7:1; the text colour reads at full contrast.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      icon={<IconEyeOff size={18} aria-hidden="true" />}
      title={t('streetNotice.title')}
    >
      {t('streetNotice.body')}
      <List size="sm" mt={4}>
        {inDescription && <List.Item>{t('streetNotice.ownWords')}</List.Item>}
        {captions > 0 && <List.Item>{t('streetNotice.captions', { count: captions })}</List.Item>}
        {documents > 0 && <List.Item>{t('streetNotice.documents', { count: documents })}</List.Item>}
      </List>
    </Alert>
  );
}
