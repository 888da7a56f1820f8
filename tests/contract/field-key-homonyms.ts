/**
 * The hand-written files where a field's key is a word of something else, each with why (issue 21,
 * task "names"). Beyond these, a field is named only by the registry and its two locale files
 * (field-key-files.test.ts holds both: a file listed here must still name the word, and no file
 * outside this list and those three may name a field). A reviewer checks a reason by opening the file.
 */
import type { PropertyFieldKey } from '@domain/property-fields';

/** Where a field is named as a property field: its declaration and its words in each language. */
export const FIELD_HOMES = [
  'domain/property-fields.ts',
  'src/i18n/locales/en/fields.json',
  'src/i18n/locales/he/fields.json',
] as const;

const ORDER_PARTY_ADDRESS =
  "the brokerage order's parties' addresses (the broker's business address, the client's home address), not the property's";
const ORDER_DEAL =
  "the brokerage order's own deal type (rent or sale, the order's term), not the property's answer";
const ORDER_DESCRIPTION =
  "the brokerage order's description of each property (the regulation's item 3, written by describeProperty), not the broker's text";
const NETWORK_ADDRESS = "a server's or a client's network address (a socket's, an IP)";
const MANTINE_DESCRIPTION = "Mantine's `description` prop: the hint under an input's label";
const MACHINE_DESCRIPTION =
  "XState's `description` of a machine's states and transitions, the diagrams' plain words";
const FLOOR_PAGE =
  "the benchmark's floor page (src/floor/): the same stack with one heading, which every page is measured beside";

export const HOMONYMS: { readonly [K in PropertyFieldKey]?: Readonly<Record<string, string>> } = {
  city: {
    'domain/search-text.ts':
      "a city's name that an abbreviation stands for (ת״א), a value the search looks for",
    'src/features/property-wizard/israeli-cities.ts': "one city of the city field's suggestion list, a value",
  },
  floor: {
    'scripts/perf/bench-web.ts': FLOOR_PAGE,
    'scripts/perf/floor/vite.floor.config.ts': FLOOR_PAGE,
    'src/floor/entry-floor-client.tsx': FLOOR_PAGE,
    'src/floor/entry-floor-server.tsx': FLOOR_PAGE,
    'src/floor/floor-app.tsx': FLOOR_PAGE,
  },
  dealType: {
    'domain/brokerage-order.ts': ORDER_DEAL,
    'openapi/openapi.yaml': `${ORDER_DEAL}: the exposure request's schemas (the property's are generated)`,
    'server/exposure/client-page.render.ts': ORDER_DEAL,
    'server/exposure/exposure-requests.service.ts': ORDER_DEAL,
    'src/features/properties/exposure/exposure-request-dialog.tsx': ORDER_DEAL,
    'src/i18n/locales/en/exposure.json': `${ORDER_DEAL}: the request dialog's label`,
    'src/i18n/locales/he/exposure.json': `${ORDER_DEAL}: the request dialog's label`,
  },
  address: {
    'domain/brokerage-order.ts': ORDER_PARTY_ADDRESS,
    'domain/street-mention.ts':
      "a parameter: an address line's text, whose street's name is read (callers pass the street role's answer)",
    'scripts/fonts/compare-heebo.ts': NETWORK_ADDRESS,
    'scripts/perf/bench-api.ts': NETWORK_ADDRESS,
    'scripts/perf/bench-server.ts': NETWORK_ADDRESS,
    'scripts/perf/lib/processes.ts': NETWORK_ADDRESS,
    'scripts/perf/lib/script-free-lab.ts': NETWORK_ADDRESS,
    'scripts/perf/lib/sms-gateway-stub.ts': NETWORK_ADDRESS,
    'server/exposure/client-page.copy.ts': `${ORDER_PARTY_ADDRESS}: the order's label`,
    'server/exposure/client-page.render.ts': `${ORDER_PARTY_ADDRESS}: the sign form's input`,
    'server/exposure/client-page.routes.ts': `${ORDER_PARTY_ADDRESS}: the sign form's body`,
    'server/exposure/exposure-client.service.ts': ORDER_PARTY_ADDRESS,
    'server/exposure/exposure-requests.service.ts': ORDER_PARTY_ADDRESS,
    'server/handlers/dev.handlers.ts': NETWORK_ADDRESS,
    'server/http/connection-guard.ts': NETWORK_ADDRESS,
    'server/main.ts': NETWORK_ADDRESS,
    'server/sharing/share-page.routes.ts':
      'the path of the module hidden-address.ts, which reads the street by its role',
    'src/features/exposure-requests/profile-page.tsx': "the browser's autocomplete token street-address",
    'src/features/property-wizard/wizard-screen.tsx':
      "the path of use-step-address.ts: the page's address (?step=), not the property's",
  },
  description: {
    'diagrams/machine-descriptions.ts': MACHINE_DESCRIPTION,
    'domain/brokerage-order.ts': ORDER_DESCRIPTION,
    'machines/auth/auth.machine.ts': MACHINE_DESCRIPTION,
    'machines/exposure-request/exposure-request.machine.ts': MACHINE_DESCRIPTION,
    'machines/otp/otp.machine.ts': MACHINE_DESCRIPTION,
    'machines/property-wizard/property-wizard.machine.ts': MACHINE_DESCRIPTION,
    'machines/registration/registration.machine.ts': MACHINE_DESCRIPTION,
    'machines/sign-out/sign-out.machine.ts': MACHINE_DESCRIPTION,
    'openapi/openapi.yaml': `OpenAPI's \`description\` keyword, and ${ORDER_DESCRIPTION}`,
    'package.json': "npm's `description` of the package",
    'scripts/gen/property-registry.generator.ts': "OpenAPI's `description` keyword the generator writes",
    'server/exposure/client-page.render.ts': ORDER_DESCRIPTION,
    'server/exposure/exposure-requests.service.ts': ORDER_DESCRIPTION,
    'src/components/phone-input/phone-input.tsx': MANTINE_DESCRIPTION,
    'src/features/auth/register/company-details-step.tsx': MANTINE_DESCRIPTION,
    'src/features/exposure-requests/exposure-requests-page.tsx': ORDER_DESCRIPTION,
    'src/features/exposure-requests/profile-page.tsx': MANTINE_DESCRIPTION,
    'src/features/properties/exposure/exposure-request-dialog.tsx': `${MANTINE_DESCRIPTION}; ${ORDER_DESCRIPTION}`,
    'src/features/properties/share/share-dialog.tsx': MANTINE_DESCRIPTION,
    'src/features/property-wizard/fields/amount-inputs.tsx': MANTINE_DESCRIPTION,
    'src/features/property-wizard/fields/choice-chips.tsx': `${MANTINE_DESCRIPTION}, and the hint's element id`,
    'src/features/property-wizard/fields/kind-options-field.tsx': MANTINE_DESCRIPTION,
    'src/features/property-wizard/fields/registry-field.tsx': MANTINE_DESCRIPTION,
    'src/features/property-wizard/layout/wizard-stepper.tsx': MANTINE_DESCRIPTION,
    'src/features/property-wizard/steps/kind-step.tsx':
      "the element id of a kind card's explanation (aria-describedby)",
    'src/features/property-wizard/wizard-screen.tsx':
      "a wizard step's description under its title (wizard.json)",
    'src/i18n/locales/en/wizard.json': "each wizard step's description under its title",
    'src/i18n/locales/he/wizard.json': "each wizard step's description under its title",
  },
};
