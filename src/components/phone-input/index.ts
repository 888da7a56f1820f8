export { loadPhoneRules } from './load-phone-rules';
export { emptyPhoneValue, PhoneInput, type PhoneInputProps, type PhoneInputValue } from './phone-input';
