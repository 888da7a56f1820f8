/**
 * The accessibility coordinator's details, published on the statement page as IS 5568 practice asks.
 * Placeholders until the operator names a coordinator: replace them here, in one place.
 */
export const ACCESSIBILITY_CONTACT = {
  phone: '+972-3-000-0000',
  email: 'accessibility@example.co.il',
} as const;

/** The day the statement was last reviewed (ISO date); update it with every review. */
export const STATEMENT_UPDATED_ON = '2026-11-22';
