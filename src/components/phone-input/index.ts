export { type CountryOption, countryOptionsFor, filterCountryOptions } from './country-options';
export {
  emptyPhoneValue,
  PhoneInput,
  type PhoneInputProps,
  type PhoneInputValue,
  toPhoneInputValue,
} from './phone-input';
