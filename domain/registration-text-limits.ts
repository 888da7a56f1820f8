/**
 * The character limits of registration's free texts, apart from the rules that check them
 * (auth-validation.ts, built on zod): the sign-in page's error texts name these limits, and importing
 * them from the rules brought zod into that page's first load (7 KiB gzipped) for five numbers.
 */
export const NAME_MAX_LENGTH = 60;
/** RFC 5321's limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
/** Not in the spec: bounds that keep free text in the database sane, as the contract sets them. */
export const COMPANY_NAME_MAX_LENGTH = 120;
export const POSITION_MAX_LENGTH = 80;

/**
 * Each registration text's character limit, equal to the contract's maxLength (a contract test holds
 * them equal): the forms set it as the input's maxLength and their tooLong message names it.
 */
export const REGISTRATION_TEXT_LIMITS = {
  firstName: NAME_MAX_LENGTH,
  lastName: NAME_MAX_LENGTH,
  email: EMAIL_MAX_LENGTH,
  companyName: COMPANY_NAME_MAX_LENGTH,
  position: POSITION_MAX_LENGTH,
} as const;
