import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { LeftToRight } from '@/components/left-to-right';

/** '+972 50 123 4567' for an E.164 number, in its own left-to-right island inside Hebrew text. */
export function formatPhoneForDisplay(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

export function PhoneNumberText({ value }: { value: string }) {
  return (
    <LeftToRight style={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
      {formatPhoneForDisplay(value)}
    </LeftToRight>
  );
}
