/**
 * Everything the phone field needs from libphonenumber (about 37 KiB gzipped), in one module that
 * load-phone-rules.ts imports on the first sign of use.
 */
export {
  dialCodeOf,
  formatNationalForDisplay,
  isPhoneCountry,
  parseE164,
  phonePlaceholderOf,
  readPhoneEntry,
  toE164,
  validateLoginPhone,
} from '@domain/phone';
export { countryNameFor } from './country-options';
