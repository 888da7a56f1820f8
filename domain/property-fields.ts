/**
 * The property's fields, each declared once (issue 21): where the wizard asks it, its type, unit,
 * the kinds it applies to, whether publishing needs it, how the completion score counts it, its
 * limits, and whether the list shows, filters, sorts and exports it. The values record, the form,
 * the mappers, the local-draft schema, the rules' limits, the review and the view page are derived
 * from this table; its label is `fields:<key>` and its option labels `options:<options>.<value>`.
 * A contract test holds it against openapi/openapi.yaml.
 *
 * Display order is the table's order (steps 1 to 4), so rules report problems in it.
 */
import {
  AIR_CONDITIONING,
  BUILDING_CLASSES,
  DEAL_TYPES,
  LOBBY_TYPES,
  MAIN_TRAFFIC_ROUTES,
  NEARBY_PARKING,
  ONSITE_AMENITIES,
  PORTS_AIRPORTS,
  PROPERTY_CATEGORIES,
  PROPERTY_CATEGORIES_BY_KIND,
  PROPERTY_CONDITIONS,
  PROPERTY_KINDS,
  type PropertyKind,
  PUBLIC_TRANSPORT,
  SECURITY_MEASURES,
  TRUCK_ACCESS,
  USAGE_CATEGORIES,
  USAGE_CATEGORIES_BY_KIND,
} from './property-options';
import type { FieldSample } from './property-sample';
import {
  CENTRAL_STREETS,
  INDUSTRIAL_STREETS,
  OTHER_USAGE_TEXTS,
  SAMPLE_CITIES,
  SAMPLE_DESCRIPTIONS,
  SAMPLE_TOURS,
} from './property-sample-texts';

/**
 * - choice: one value of `options` or null; choices: a list of them (may be empty).
 * - text: free text, trimmed, blank is unanswered. number / integer: finite, null unanswered.
 * - date: an ISO calendar date (YYYY-MM-DD); link: an https address (tour-link.ts says which).
 * - boolean: null is unanswered, false is an answer.
 */
export type FieldType = 'choice' | 'choices' | 'text' | 'date' | 'link' | 'number' | 'integer' | 'boolean';

/** Where the wizard's form keeps the answer (a storage group, not a screen: `step` is the screen). */
export type FormSection = 'generalInfo' | 'buildingDetails' | 'environmentTransport';

/** How a value is read out: the review and the view page format it by its unit. */
export type FieldUnit =
  | 'sqm'
  | 'shekel'
  | 'shekelPerSqmMonth'
  | 'shekelPerMonth'
  | 'count'
  | 'meter'
  | 'tonPerSqm'
  | 'ampere';

/**
 * The view page's groups: what the space is (key facts), on what terms (deal terms), the building,
 * the surroundings, and the broker's own words and tour.
 */
export type ViewGroup = 'keyFacts' | 'dealTerms' | 'building' | 'environment' | 'presentation';

/** How the completion score counts a field (spec 9): 12 core, 9 optional, everything else not at all. */
export type CompletionRole = 'core' | 'optional' | null;

/** The errors of `atMost`; wizard-rules.ts holds them to its error keys. */
export type CeilingError = 'exceedsTotalArea' | 'unitExceedsTotalArea' | 'aboveTopFloor';

// ---- Rules as data (task "steps", issue 21): errors of `askedWhen.unasked` ----

/** What an answer given where it is not asked is called, where "not asked" would not tell why. */
export type UnaskedError = 'otherNotChosen' | 'onlyWithParking';

// ---- The wizard's layout of steps 2 and 3 (task "steps", issue 21) ----

/**
 * The groups of the wizard's steps 2 and 3, in the order each step draws them: a group of one column
 * stands its questions one under another at full width, one of two columns lays them in a grid that
 * folds to one column on a phone; a titled group is headed by `wizard:listingFacts.<group>`.
 */
export const WIZARD_GROUPS = {
  usage: { step: 2, columns: 1, titled: false },
  place: { step: 2, columns: 2, titled: false },
  unit: { step: 2, columns: 2, titled: true },
  dealTerms: { step: 2, columns: 2, titled: true },
  presentation: { step: 2, columns: 2, titled: true },
  building: { step: 3, columns: 2, titled: false },
  buildingFacts: { step: 3, columns: 2, titled: false },
  warehouse: { step: 3, columns: 2, titled: true },
  buildingChoices: { step: 3, columns: 1, titled: false },
} as const satisfies Record<string, { step: 2 | 3; columns: 1 | 2; titled: boolean }>;
export type WizardGroup = keyof typeof WIZARD_GROUPS;

/**
 * A question whose input has a behaviour of its own, beyond what its type picks (registry-field.tsx):
 * - kindOptions: the chosen kind's options (`optionsByKind`), several as tags or one from a list.
 * - line: one line of text cut at its length; cityLine: one with the known cities suggested.
 * - area: m² with the unit's hint where the field has none, held to its ceiling as it is typed.
 * - price: shekels, the typed sum read back under it as a sum of money in the broker's language.
 * - radio: one option of a few, all in sight; noneExcludes: choices where "none" excludes the others.
 */
export type WizardInput = 'kindOptions' | 'line' | 'cityLine' | 'area' | 'price' | 'radio' | 'noneExcludes';

/** Where the wizard draws a field of steps 2 and 3: its group, its place in it, its own input. */
export interface WizardPlace {
  readonly group: WizardGroup;
  /** Its place within the group (1 first); absent: the registry's order. */
  readonly order?: number;
  readonly input?: WizardInput;
  /** What the browser may fill a line from (the HTML autocomplete token), or 'off'. */
  readonly autoComplete?: string;
}

// The list's filters (issue 21 item 1): each filterable field's declaration, read by
// property-list-filters.ts, the generator and the filters panel.
/**
 * How the list filters by a field; the address's parameter and its parsing, the filters panel's
 * input and the SQL clause follow from the kind, never from the field:
 * - anyOf: a choice's options, comma-separated; a property with any of them matches.
 * - seeking: one of what a client seeks (`matches`' keys); a property whose answer it lists matches.
 * - yesNo: true or false; a property that does not say matches neither.
 * - exactly: a text as stored.
 * - range: a number's `<name>Min` and `<name>Max`, both ends inclusive, 0 to the field's maximum.
 */
export type ListFilterKind = 'anyOf' | 'seeking' | 'yesNo' | 'exactly' | 'range';

export interface ListFilterSpec {
  readonly as: ListFilterKind;
  /** Its place among the filters (1 first): in the filters panel and in the list's WHERE clause. */
  readonly place: number;
  /** seeking: each value a client may seek and the field's answers that meet it. */
  readonly matches?: Readonly<Record<string, readonly string[]>>;
}

export interface FieldSpec {
  /** The wizard step that asks it. */
  readonly step: 1 | 2 | 3 | 4;
  readonly section: FormSection;
  readonly type: FieldType;
  /** The option values of a choice or choices field; their labels are `options:<optionLabels>.<value>`. */
  readonly options?: readonly string[];
  readonly unit?: FieldUnit;
  /** The kinds that are asked this field; absent means every kind. An unchosen kind is asked everything. */
  readonly kinds?: readonly PropertyKind[];
  /**
   * Asked only after another answer: `is` a value of a choice or boolean, `includes` one of a list.
   * A hidden question's answer is kept in the form (toggling back restores it) but never saved.
   */
  readonly askedWhen?: {
    readonly field: string;
    readonly is?: boolean | string;
    readonly isNot?: string;
    readonly includes?: string;
    /** The error of an answer given where it is not asked (absent: 'notAsked'). Task "steps". */
    readonly unasked?: UnaskedError;
  };
  /** Spec 5: an answer needed before publishing (where the field is asked at all). */
  readonly required: boolean;
  /** Required of these kinds only (asked of all that `kinds` names). */
  readonly requiredKinds?: readonly PropertyKind[];
  readonly completion: CompletionRole;
  /** Numbers: the contract's bounds. `exclusiveMin` 0 is "positive". */
  readonly min?: number;
  readonly exclusiveMin?: number;
  readonly max?: number;
  /** Text: characters, as the contract's maxLength. Choices: items, as its maxItems. */
  readonly maxLength?: number;
  readonly maxItems?: number;
  /**
   * 'declared': every check follows from the declarations (type, bounds, kinds, askedWhen), see
   * wizard-rules.ts. Absent: the spec's own rules in wizard-rules.ts check the field.
   */
  readonly checks?: 'declared';
  /**
   * A number that may not exceed another field's (both answered and valid), and the error it gets
   * (a FIELD_ERROR_KEYS entry, wizard-rules.ts): the marketed area and a divisible unit within the total,
   * the floor within the building's floors (a whole floor only: a fraction is its own error).
   */
  readonly atMost?: { readonly field: string; readonly error: CeilingError };
  /** A number whose 0 reads as a word of its own (`FieldWords`): the floor's 0 is the ground floor. */
  readonly zeroReadsAs?: 'groundFloor';
  readonly viewGroup: ViewGroup;
  /**
   * Its place in the view page's key-facts grid (1 first), what a client asks first about a
   * commercial space; absent: not a key fact. Shown only when answered.
   */
  readonly keyFact?: number;
  /**
   * The list: a column, a filter (how it filters: ListFilterSpec), a sort key, an export column
   * (property-list-tables.ts derives the list's tables from these).
   */
  readonly listed: boolean;
  readonly filter: false | ListFilterSpec;
  readonly sort: boolean;
  readonly export: boolean;
  /** The shorter names the address and the API give its sort, range and filter, where not the key itself. */
  readonly listNames?: { readonly sort?: string; readonly range?: string; readonly filter?: string };
  /**
   * What the contract says of the field beyond its name, type, unit and kinds (openapi.yaml's
   * description, written by `npm run gen`), in English as the contract is.
   */
  readonly about?: string;
  /**
   * The space's size as a client is quoted it (property-areas.ts): `total` the whole space (the
   * brokerage order states it; the other areas stay within it), `marketed` the part offered (what
   * the share page shows, else the total). One field each.
   */
  readonly areaRole?: 'total' | 'marketed';
  /**
   * What the row action "add" (a new draft in the same building, spec 2) does with the answer:
   * 'keep' what describes the building and its surroundings, 'clear' what describes one unit (its
   * use, areas, terms and state), which the broker answers anew. Every field says which, so a new
   * field cannot be copied or dropped by omission.
   */
  readonly copied: 'keep' | 'clear';
  /**
   * A choice among the options of the chosen kind only (task "steps"): an answer of another kind's
   * is refused, and choosing a kind drops the answers it does not offer.
   */
  readonly optionsByKind?: Readonly<Record<PropertyKind, readonly string[]>>;
  /** Steps 2 and 3: where the wizard draws the question (task "steps"). */
  readonly wizard?: WizardPlace;
  /**
   * An item of POST /property/filter's body (the spec's filter items, filter-item-check.ts): the
   * operators it takes; its value is checked against the field's options or its maxLength.
   */
  readonly filterItem?: { readonly operators: readonly 'equals'[] };
}

const NOT_IN_LIST = { listed: false, filter: false, sort: false, export: true } as const;
const NOT_ASKED_OF_OFFICES = ['retail', 'logistics', 'industry'] as const satisfies readonly PropertyKind[];
/** Clear height, docks, floor load and power decide a warehouse or a plant, not an office or a shop. */
const WAREHOUSE_KINDS = ['logistics', 'industry'] as const satisfies readonly PropertyKind[];
/** An area in m², more than none; a square kilometre at most (issue 19): beyond it a value is a typo. */
const AN_AREA = { type: 'number', unit: 'sqm', exclusiveMin: 0, max: 1_000_000 } as const;
/**
 * A monthly charge on the space (the management fee, arnona), quoted as Israeli commercial listings
 * quote it, like the rent: ₪ per m² per month. 0 is an answer: no such charge.
 */
const MONTHLY_CHARGE_PER_SQM = {
  copied: 'clear',
  wizard: { group: 'dealTerms' },
  checks: 'declared',
  step: 2,
  section: 'generalInfo',
  type: 'number',
  unit: 'shekelPerSqmMonth',
  required: false,
  completion: null,
  min: 0,
  max: 1_000,
  viewGroup: 'dealTerms',
  ...NOT_IN_LIST,
} as const satisfies FieldSpec;

/**
 * Spec 5, step 3: a yes or no about the building that a listing must answer before it is published
 * (access for the disabled, parking, a passenger lift; a freight lift too, but not of offices).
 */
const A_REQUIRED_BUILDING_ANSWER = {
  copied: 'keep',
  step: 3,
  section: 'buildingDetails',
  type: 'boolean',
  required: true,
  completion: 'core',
  viewGroup: 'building',
  ...NOT_IN_LIST,
} as const satisfies FieldSpec;

export const PROPERTY_FIELDS = {
  propertyKind: {
    filterItem: { operators: ['equals'] },
    copied: 'keep',
    step: 1,
    section: 'generalInfo',
    type: 'choice',
    options: PROPERTY_KINDS,
    required: true,
    completion: 'core',
    viewGroup: 'keyFacts',
    listed: true,
    filter: { as: 'anyOf', place: 1 },
    sort: false,
    export: true,
    listNames: { filter: 'kind' },
  },
  usageCategories: {
    copied: 'clear',
    wizard: { group: 'usage', input: 'kindOptions' },
    step: 2,
    section: 'generalInfo',
    type: 'choices',
    options: USAGE_CATEGORIES,
    optionsByKind: USAGE_CATEGORIES_BY_KIND,
    // The spec lists no usage categories for offices, so the wizard does not ask for them there.
    kinds: NOT_ASKED_OF_OFFICES,
    required: true,
    completion: 'core',
    maxItems: 20,
    viewGroup: 'keyFacts',
    ...NOT_IN_LIST,
  },
  usageCategoriesOther: {
    copied: 'clear',
    wizard: { group: 'usage', input: 'line' },
    step: 2,
    section: 'generalInfo',
    type: 'text',
    kinds: NOT_ASKED_OF_OFFICES,
    askedWhen: { field: 'usageCategories', includes: 'other', unasked: 'otherNotChosen' },
    required: true,
    completion: null,
    maxLength: 200,
    viewGroup: 'keyFacts',
    ...NOT_IN_LIST,
  },
  city: {
    filterItem: { operators: ['equals'] },
    copied: 'keep',
    wizard: { group: 'place', input: 'cityLine', autoComplete: 'off' },
    step: 2,
    section: 'generalInfo',
    type: 'text',
    required: true,
    completion: 'core',
    maxLength: 80,
    viewGroup: 'keyFacts',
    listed: true,
    filter: { as: 'exactly', place: 5 },
    sort: true,
    export: true,
  },
  address: {
    copied: 'keep',
    wizard: { group: 'place', input: 'line', autoComplete: 'street-address' },
    step: 2,
    section: 'generalInfo',
    type: 'text',
    required: true,
    completion: 'core',
    maxLength: 200,
    viewGroup: 'keyFacts',
    listed: true,
    filter: false,
    sort: false,
    export: true,
  },
  propertyCategory: {
    filterItem: { operators: ['equals'] },
    copied: 'keep',
    wizard: { group: 'place', input: 'kindOptions' },
    step: 2,
    section: 'generalInfo',
    type: 'choice',
    options: PROPERTY_CATEGORIES,
    optionsByKind: PROPERTY_CATEGORIES_BY_KIND,
    required: true,
    completion: 'core',
    viewGroup: 'keyFacts',
    listed: true,
    filter: false,
    sort: false,
    export: true,
  },
  buildingClass: {
    filterItem: { operators: ['equals'] },
    copied: 'keep',
    wizard: { group: 'place' },
    step: 2,
    section: 'generalInfo',
    type: 'choice',
    options: BUILDING_CLASSES,
    required: false,
    completion: 'core',
    viewGroup: 'keyFacts',
    listed: true,
    filter: false,
    sort: false,
    export: true,
  },
  totalArea: {
    copied: 'clear',
    wizard: { group: 'place', input: 'area' },
    step: 2,
    section: 'generalInfo',
    ...AN_AREA,
    required: false,
    completion: null,
    viewGroup: 'keyFacts',
    keyFact: 2,
    listed: true,
    filter: { as: 'range', place: 6 },
    sort: true,
    export: true,
    listNames: { range: 'area' },
    areaRole: 'total',
  },
  marketingArea: {
    copied: 'clear',
    wizard: { group: 'place', input: 'area' },
    step: 2,
    section: 'generalInfo',
    ...AN_AREA,
    required: false,
    completion: null,
    atMost: { field: 'totalArea', error: 'exceedsTotalArea' },
    viewGroup: 'keyFacts',
    listed: true,
    filter: false,
    sort: true,
    export: true,
    areaRole: 'marketed',
  },
  divisible: {
    copied: 'clear',
    wizard: { group: 'unit' },
    checks: 'declared',
    step: 2,
    section: 'generalInfo',
    type: 'boolean',
    required: false,
    completion: null,
    viewGroup: 'keyFacts',
    listed: false,
    filter: { as: 'yesNo', place: 3 },
    sort: false,
    export: true,
  },
  minDivisibleArea: {
    copied: 'clear',
    wizard: { group: 'unit' },
    checks: 'declared',
    step: 2,
    section: 'generalInfo',
    ...AN_AREA,
    askedWhen: { field: 'divisible', is: true },
    required: false,
    completion: null,
    atMost: { field: 'totalArea', error: 'unitExceedsTotalArea' },
    viewGroup: 'keyFacts',
    ...NOT_IN_LIST,
    about: 'The smallest unit offered when divisible',
  },
  dealType: {
    copied: 'clear',
    wizard: { group: 'dealTerms' },
    checks: 'declared',
    step: 2,
    section: 'generalInfo',
    type: 'choice',
    options: DEAL_TYPES,
    required: false,
    completion: null,
    viewGroup: 'dealTerms',
    keyFact: 1,
    listed: true,
    filter: {
      as: 'seeking',
      place: 2,
      // A client seeks a space to rent or to buy: one offered for either answers both.
      matches: { rent: ['rent', 'rentOrSale'], sale: ['sale', 'rentOrSale'] },
    },
    sort: false,
    export: true,
  },
  askingRentPerSqm: {
    copied: 'clear',
    wizard: { group: 'dealTerms', input: 'price' },
    step: 2,
    section: 'generalInfo',
    type: 'number',
    unit: 'shekelPerSqmMonth',
    // Unchosen deal type: both prices are asked, as before the deal type existed.
    askedWhen: { field: 'dealType', isNot: 'sale' },
    required: false,
    completion: null,
    exclusiveMin: 0,
    max: 10_000,
    viewGroup: 'dealTerms',
    keyFact: 3,
    listed: true,
    filter: { as: 'range', place: 7 },
    sort: true,
    export: true,
    listNames: { sort: 'rent', range: 'rent' },
  },
  salePrice: {
    copied: 'clear',
    wizard: { group: 'dealTerms', input: 'price' },
    step: 2,
    section: 'generalInfo',
    type: 'number',
    unit: 'shekel',
    askedWhen: { field: 'dealType', isNot: 'rent' },
    required: false,
    completion: null,
    exclusiveMin: 0,
    max: 10_000_000_000,
    viewGroup: 'dealTerms',
    keyFact: 4,
    listed: true,
    filter: { as: 'range', place: 8 },
    sort: true,
    export: true,
    listNames: { sort: 'price', range: 'price' },
  },
  managementFeePerSqm: MONTHLY_CHARGE_PER_SQM,
  // Municipal tariffs are yearly; listings quote it monthly per m², beside the rent.
  arnonaPerSqm: MONTHLY_CHARGE_PER_SQM,
  entryDate: {
    copied: 'clear',
    wizard: { group: 'dealTerms' },
    checks: 'declared',
    step: 2,
    section: 'generalInfo',
    type: 'date',
    required: false,
    completion: null,
    viewGroup: 'dealTerms',
    keyFact: 5,
    listed: false,
    filter: false,
    sort: true,
    export: true,
    about: 'The first day the tenant or buyer can move in',
  },
  description: {
    copied: 'clear',
    wizard: { group: 'presentation' },
    checks: 'declared',
    // Step 2 with what the space is: the broker's pitch and the tour link are part of the general
    // information, and step 5 stays the uploads (docs/decisions.md, issue 21).
    step: 2,
    section: 'generalInfo',
    type: 'text',
    required: false,
    completion: null,
    maxLength: 4_000,
    viewGroup: 'presentation',
    // A pitch of up to 4,000 characters is no spreadsheet cell: the view page carries it.
    ...NOT_IN_LIST,
    export: false,
  },
  tourLink: {
    copied: 'clear',
    wizard: { group: 'presentation' },
    checks: 'declared',
    step: 2,
    section: 'generalInfo',
    type: 'link',
    required: false,
    completion: null,
    maxLength: 500,
    viewGroup: 'presentation',
    ...NOT_IN_LIST,
    about: 'A YouTube, Vimeo or Matterport link',
  },
  floorsInBuilding: {
    copied: 'keep',
    wizard: { group: 'building', order: 1 },
    step: 3,
    section: 'buildingDetails',
    type: 'integer',
    unit: 'count',
    required: false,
    completion: 'optional',
    min: 1,
    max: 200,
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  floor: {
    copied: 'clear',
    wizard: { group: 'buildingFacts' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'integer',
    // 0 is the ground floor, below it basements (brokers list storage and parking levels).
    required: false,
    completion: null,
    min: -10,
    max: 200,
    atMost: { field: 'floorsInBuilding', error: 'aboveTopFloor' },
    zeroReadsAs: 'groundFloor',
    viewGroup: 'keyFacts',
    keyFact: 6,
    ...NOT_IN_LIST,
    about: 'The floor the space is on; 0 is the ground floor, below it basements',
  },
  accessibleForDisabled: { ...A_REQUIRED_BUILDING_ANSWER, wizard: { group: 'building', order: 2 } },
  hasParking: { ...A_REQUIRED_BUILDING_ANSWER, wizard: { group: 'building', order: 5 } },
  parkingMonthlyCost: {
    copied: 'keep',
    wizard: { group: 'building', order: 6 },
    step: 3,
    section: 'buildingDetails',
    type: 'number',
    unit: 'shekelPerMonth',
    askedWhen: { field: 'hasParking', is: true, unasked: 'onlyWithParking' },
    // Optional even with parking: often included in the rent or negotiated (issue 19).
    required: false,
    completion: 'optional',
    exclusiveMin: 0,
    max: 10_000,
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  parkingSpaces: {
    copied: 'clear',
    wizard: { group: 'buildingFacts' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'integer',
    unit: 'count',
    askedWhen: { field: 'hasParking', is: true },
    required: false,
    completion: null,
    min: 1,
    max: 10_000,
    viewGroup: 'building',
    keyFact: 7,
    ...NOT_IN_LIST,
  },
  bicycleParking: {
    copied: 'keep',
    wizard: { group: 'building', order: 7 },
    step: 3,
    section: 'buildingDetails',
    type: 'boolean',
    required: false,
    completion: 'optional',
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  truckAccess: {
    copied: 'keep',
    wizard: { group: 'buildingChoices', order: 2, input: 'noneExcludes' },
    step: 3,
    section: 'buildingDetails',
    type: 'choices',
    options: TRUCK_ACCESS,
    // Required through the rule of choices a "none" answer excludes (`noneExcludes`), in wizard-rules.ts.
    required: false,
    completion: 'optional',
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  lobbyType: {
    copied: 'keep',
    wizard: { group: 'buildingChoices', order: 1, input: 'radio' },
    step: 3,
    section: 'buildingDetails',
    type: 'choice',
    options: LOBBY_TYPES,
    required: false,
    completion: 'core',
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  securityMeasures: {
    copied: 'keep',
    wizard: { group: 'buildingChoices', order: 3 },
    step: 3,
    section: 'buildingDetails',
    type: 'choices',
    options: SECURITY_MEASURES,
    required: false,
    completion: 'core',
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  passengerElevator: { ...A_REQUIRED_BUILDING_ANSWER, wizard: { group: 'building', order: 3 } },
  // Spec 5, step 3: asked of every kind, required of every kind but offices.
  freightElevator: {
    ...A_REQUIRED_BUILDING_ANSWER,
    requiredKinds: NOT_ASKED_OF_OFFICES,
    wizard: { group: 'building', order: 4 },
  },
  nearbyParking: {
    copied: 'keep',
    wizard: { group: 'buildingChoices', order: 4 },
    step: 3,
    section: 'buildingDetails',
    type: 'choices',
    options: NEARBY_PARKING,
    required: false,
    completion: 'optional',
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  condition: {
    copied: 'clear',
    wizard: { group: 'buildingFacts' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'choice',
    options: PROPERTY_CONDITIONS,
    required: false,
    completion: null,
    viewGroup: 'keyFacts',
    keyFact: 8,
    listed: false,
    filter: { as: 'anyOf', place: 4 },
    sort: false,
    export: true,
  },
  airConditioning: {
    copied: 'clear',
    wizard: { group: 'buildingFacts' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'choice',
    options: AIR_CONDITIONING,
    required: false,
    completion: null,
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  clearHeight: {
    copied: 'clear',
    wizard: { group: 'warehouse' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'number',
    unit: 'meter',
    kinds: WAREHOUSE_KINDS,
    required: false,
    completion: null,
    exclusiveMin: 0,
    max: 50,
    viewGroup: 'keyFacts',
    listed: false,
    filter: false,
    sort: false,
    export: true,
  },
  loadingDocks: {
    copied: 'clear',
    wizard: { group: 'warehouse' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'integer',
    unit: 'count',
    kinds: WAREHOUSE_KINDS,
    required: false,
    completion: null,
    min: 0,
    max: 500,
    viewGroup: 'keyFacts',
    ...NOT_IN_LIST,
  },
  floorLoad: {
    copied: 'clear',
    wizard: { group: 'warehouse' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'number',
    // Tonnes per m², as Israeli warehouse listings state it ("3 טון למ״ר").
    unit: 'tonPerSqm',
    kinds: WAREHOUSE_KINDS,
    required: false,
    completion: null,
    exclusiveMin: 0,
    max: 100,
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  electricalCapacity: {
    copied: 'clear',
    wizard: { group: 'warehouse' },
    checks: 'declared',
    step: 3,
    section: 'buildingDetails',
    type: 'integer',
    // Amperes per phase, the connection size brokers quote ("3x400 אמפר" is 400).
    unit: 'ampere',
    kinds: WAREHOUSE_KINDS,
    required: false,
    completion: null,
    exclusiveMin: 0,
    max: 100_000,
    viewGroup: 'building',
    ...NOT_IN_LIST,
  },
  publicTransport: {
    copied: 'keep',
    step: 4,
    section: 'environmentTransport',
    type: 'choices',
    options: PUBLIC_TRANSPORT,
    required: false,
    completion: 'optional',
    viewGroup: 'environment',
    ...NOT_IN_LIST,
  },
  mainTrafficRoutes: {
    copied: 'keep',
    step: 4,
    section: 'environmentTransport',
    type: 'choices',
    options: MAIN_TRAFFIC_ROUTES,
    required: false,
    completion: 'optional',
    viewGroup: 'environment',
    ...NOT_IN_LIST,
  },
  portsAirportsProximity: {
    copied: 'keep',
    step: 4,
    section: 'environmentTransport',
    type: 'choices',
    options: PORTS_AIRPORTS,
    required: false,
    completion: 'optional',
    viewGroup: 'environment',
    ...NOT_IN_LIST,
  },
  onsiteAmenities: {
    copied: 'keep',
    step: 4,
    section: 'environmentTransport',
    type: 'choices',
    options: ONSITE_AMENITIES,
    required: false,
    completion: 'optional',
    viewGroup: 'environment',
    ...NOT_IN_LIST,
  },
} as const satisfies Record<string, FieldSpec>;

type Fields = typeof PROPERTY_FIELDS;
export type PropertyFieldKey = keyof Fields;

/** A field's answer in the flat values record. */
type ValueOf<S> = S extends { type: 'choices'; options: readonly (infer O)[] }
  ? readonly O[]
  : S extends { type: 'choice'; options: readonly (infer O)[] }
    ? O | null
    : S extends { type: 'boolean' }
      ? boolean | null
      : S extends { type: 'text' | 'date' | 'link' }
        ? string | null
        : number | null;

/** A field's answer in the wizard's form: text as typed (never null), lists as plain arrays. */
type FormValueOf<S> = S extends { type: 'choices'; options: readonly (infer O)[] }
  ? O[]
  : S extends { type: 'text' | 'date' | 'link' }
    ? string
    : ValueOf<S>;

export type PropertyFieldValues = { [K in PropertyFieldKey]: ValueOf<Fields[K]> };

export type SectionFormValues<Section extends FormSection> = {
  [K in PropertyFieldKey as Fields[K]['section'] extends Section ? K : never]: FormValueOf<Fields[K]>;
};

/** Every field in display order (the table's order). */
export const PROPERTY_FIELD_KEYS = Object.keys(PROPERTY_FIELDS) as PropertyFieldKey[];

export function fieldSpec(key: PropertyFieldKey): FieldSpec {
  return PROPERTY_FIELDS[key];
}

export function fieldsWhere(
  predicate: (spec: FieldSpec, key: PropertyFieldKey) => boolean,
): PropertyFieldKey[] {
  return PROPERTY_FIELD_KEYS.filter((key) => predicate(PROPERTY_FIELDS[key], key));
}

export function fieldsOfSection(section: FormSection): PropertyFieldKey[] {
  return fieldsWhere((spec) => spec.section === section);
}

/** The fields asked of a kind (an unchosen kind is asked everything, as the spec's rules read). */
export function appliesToKind(key: PropertyFieldKey, kind: PropertyKind | null): boolean {
  const kinds = fieldSpec(key).kinds;
  return kind === null || kinds === undefined || kinds.includes(kind);
}

/** The fields the registry marks `keyFact`: what a client asks first about a commercial space. */
export type KeyFactField = {
  [K in PropertyFieldKey]: Fields[K] extends { keyFact: number } ? K : never;
}[PropertyFieldKey];

/** The key facts in their `keyFact` order: the view page's grid and the client's revealed properties. */
export const KEY_FACT_FIELDS = fieldsWhere((spec) => spec.keyFact !== undefined).sort(
  (a, b) => (fieldSpec(a).keyFact ?? 0) - (fieldSpec(b).keyFact ?? 0),
) as KeyFactField[];

/** The step on which each field is asked, to show an error where the broker can fix it. */
export const FIELD_STEP = Object.fromEntries(
  PROPERTY_FIELD_KEYS.map((key) => [key, PROPERTY_FIELDS[key].step]),
) as { [K in PropertyFieldKey]: Fields[K]['step'] };

/** A field's unanswered value: an empty list or null. */
export function emptyValue(key: PropertyFieldKey): readonly never[] | null {
  return fieldSpec(key).type === 'choices' ? [] : null;
}

/** A field's unanswered form value: an empty list, an empty text or null. */
export function emptyFormValue(key: PropertyFieldKey): never[] | '' | null {
  const type = fieldSpec(key).type;
  return type === 'choices' ? [] : isTextual(type) ? '' : null;
}

/** The upper bound a field's tooLong (characters) or tooLarge (value) names. */
export function fieldMax(key: PropertyFieldKey): number | undefined {
  const spec = fieldSpec(key);
  return isTextual(spec.type) ? spec.maxLength : spec.max;
}

/** Types the form keeps as a string ('' unanswered) and the values as trimmed text or null. */
export function isTextual(type: FieldType): boolean {
  return type === 'text' || type === 'date' || type === 'link';
}

/** The field whose options are the kinds. */
export type KindField = {
  [K in PropertyFieldKey]: Fields[K] extends { options: typeof PROPERTY_KINDS } ? K : never;
}[PropertyFieldKey];

/**
 * The field whose answer is the kind: the answer every field's `kinds`, `requiredKinds` and
 * `optionsByKind` depend on, asked first and changed only through the form's change of kind. That
 * there is one such field is held by tests/contract/field-declarations.test.ts, not checked here,
 * where the check would weigh on every page that carries the registry.
 */
export const KIND_FIELD = /* @__PURE__ */ PROPERTY_FIELD_KEYS.find(
  (key) => fieldSpec(key).options === PROPERTY_KINDS,
) as KindField;

/** The chosen kind of these values (the form's answers or the flat values), null before one is chosen. */
export function chosenKind(values: Readonly<Record<string, unknown>>): PropertyKind | null {
  return (values[KIND_FIELD] ?? null) as PropertyKind | null;
}

/**
 * Whether the wizard asks a field of these values: it applies to the kind and the answer it
 * depends on (if any) is given. `values` may be the form's answers or the flat values.
 */
export function isAsked(key: PropertyFieldKey, values: Readonly<Record<string, unknown>>): boolean {
  return appliesToKind(key, chosenKind(values)) && meetsAskedWhen(key, values);
}

/** Whether the answer a field's `askedWhen` depends on is given (true where it depends on none). */
export function meetsAskedWhen(key: PropertyFieldKey, values: Readonly<Record<string, unknown>>): boolean {
  const when = fieldSpec(key).askedWhen;
  if (when === undefined) return true;
  const answer = values[when.field];
  if (when.includes !== undefined) return Array.isArray(answer) && answer.includes(when.includes);
  if (when.isNot !== undefined) return answer !== when.isNot;
  return answer === when.is;
}

/** Spec 5: whether publishing needs an answer to this field from these values (where it is asked). */
export function isRequired(key: PropertyFieldKey, values: Readonly<Record<string, unknown>>): boolean {
  const spec = fieldSpec(key);
  if (!spec.required || !isAsked(key, values)) return false;
  const kind = chosenKind(values);
  return kind === null || spec.requiredKinds === undefined || spec.requiredKinds.includes(kind);
}

/** The fields whose answer is a number: what a sample's range may be bounded by. */
type NumericFieldKey = {
  [K in PropertyFieldKey]: Fields[K] extends { type: 'number' | 'integer' } ? K : never;
}[PropertyFieldKey];

/** A realistic sample for every field: a field without one does not compile. */
export type PropertyFieldSamples = {
  readonly [K in PropertyFieldKey]: FieldSample<Fields[K], NumericFieldKey>;
};

/**
 * What the seed draws for each field (scripts/seed.ts walks this table in the registry's order): as
 * Israeli listings quote it, per kind where kinds differ. Kept beside the table rather than in each
 * declaration so the browser, which never imports it, does not download it; the seed's own rules
 * (asked only when, at most, drafts) come from the declarations above.
 */
export const PROPERTY_FIELD_SAMPLES = {
  propertyKind: {
    weighted: [
      ['offices', 40],
      ['retail', 30],
      ['logistics', 15],
      ['industry', 15],
    ],
  },
  usageCategories: { some: [1, 2], of: USAGE_CATEGORIES_BY_KIND, rarely: ['other', 0.05] },
  usageCategoriesOther: { pick: OTHER_USAGE_TEXTS },
  city: { weighted: SAMPLE_CITIES },
  address: {
    byKind: {
      offices: { street: CENTRAL_STREETS, number: [1, 180] },
      retail: { street: CENTRAL_STREETS, number: [1, 180] },
      logistics: { street: INDUSTRIAL_STREETS, number: [1, 180] },
      industry: { street: INDUSTRIAL_STREETS, number: [1, 180] },
    },
  },
  propertyCategory: { pick: PROPERTY_CATEGORIES_BY_KIND },
  buildingClass: { pick: BUILDING_CLASSES },
  totalArea: {
    byKind: {
      offices: { range: [80, 5_000], step: 10 },
      retail: { range: [40, 3_000], step: 10 },
      logistics: { range: [500, 40_000], step: 10 },
      industry: { range: [300, 20_000], step: 10 },
    },
  },
  marketingArea: { shareOfCeiling: [0.4, 1], step: 10 },
  // Offered divisible only once large enough to split; a small space is rarely even asked.
  divisible: {
    byKind: {
      offices: { fromArea: 600, larger: { yes: 0.5 }, smaller: { answered: 0.1, yes: 0 } },
      retail: { fromArea: 600, larger: { yes: 0.5 }, smaller: { answered: 0.1, yes: 0 } },
      logistics: { fromArea: 3_000, larger: { yes: 0.5 }, smaller: { answered: 0.1, yes: 0 } },
      industry: { fromArea: 3_000, larger: { yes: 0.5 }, smaller: { answered: 0.1, yes: 0 } },
    },
  },
  minDivisibleArea: { shareOfCeiling: [0.15, 0.4], step: 50, least: 50 },
  // Offices and shops mostly for rent, plants more often for sale.
  dealType: {
    byKind: {
      offices: {
        weighted: [
          ['rent', 75],
          ['sale', 10],
          ['rentOrSale', 15],
        ],
      },
      retail: {
        weighted: [
          ['rent', 70],
          ['sale', 15],
          ['rentOrSale', 15],
        ],
      },
      logistics: {
        weighted: [
          ['rent', 80],
          ['sale', 5],
          ['rentOrSale', 15],
        ],
      },
      industry: {
        weighted: [
          ['rent', 55],
          ['sale', 25],
          ['rentOrSale', 20],
        ],
      },
    },
  },
  askingRentPerSqm: {
    byKind: {
      offices: { range: [60, 180] },
      retail: { range: [80, 350] },
      logistics: { range: [30, 80] },
      industry: { range: [25, 70] },
    },
  },
  salePrice: { perWholeArea: [9_000, 35_000], step: 10_000 },
  managementFeePerSqm: {
    answered: 0.8,
    byKind: {
      offices: { range: [10, 35] },
      retail: { range: [15, 60] },
      logistics: { range: [2, 8] },
      industry: { range: [1, 6] },
    },
  },
  arnonaPerSqm: {
    answered: 0.75,
    byKind: {
      offices: { range: [18, 45] },
      retail: { range: [25, 70] },
      logistics: { range: [6, 14] },
      industry: { range: [5, 12] },
    },
  },
  entryDate: { answered: 0.7, monthsAhead: [0, 9] },
  description: { answered: 0.6, pick: SAMPLE_DESCRIPTIONS },
  tourLink: { answered: 0.15, pick: SAMPLE_TOURS },
  floorsInBuilding: {
    byKind: {
      offices: { range: [3, 50] },
      retail: { range: [1, 8] },
      logistics: { range: [1, 3] },
      industry: { range: [1, 5] },
    },
  },
  // Offices on any floor of the building, shops mostly on the street, warehouses and plants on the ground.
  floor: {
    byKind: {
      offices: { range: [0, 'floorsInBuilding'] },
      retail: {
        weighted: [
          [0, 4],
          [-1, 1],
          [1, 1],
        ],
      },
      logistics: { pick: [0] },
      industry: { pick: [0] },
    },
  },
  accessibleForDisabled: { yes: 0.8 },
  hasParking: { yes: 0.7 },
  parkingMonthlyCost: { range: [250, 1_200], step: 50 },
  parkingSpaces: {
    answered: 0.8,
    byKind: {
      offices: { range: [2, 120] },
      retail: { range: [1, 20] },
      logistics: { range: [5, 60] },
      industry: { range: [3, 40] },
    },
  },
  bicycleParking: { yes: 0.5 },
  truckAccess: {
    byKind: {
      offices: { some: [1, 1], of: ['none'] },
      retail: { some: [1, 1], of: ['none'] },
      logistics: { some: [1, 3], of: ['truck20ft', 'truck40ft', 'semiTrailer'] },
      industry: { some: [1, 3], of: ['truck20ft', 'truck40ft', 'semiTrailer'] },
    },
  },
  lobbyType: {
    byKind: {
      offices: { pick: LOBBY_TYPES },
      retail: { pick: LOBBY_TYPES },
      logistics: { pick: ['none'] },
      industry: { pick: ['none'] },
    },
  },
  securityMeasures: { some: [1, 3] },
  passengerElevator: {
    byKind: { offices: { yes: 1 }, retail: { yes: 0.5 }, logistics: { yes: 0.5 }, industry: { yes: 0.5 } },
  },
  freightElevator: {
    byKind: {
      offices: { answered: 0.5, yes: 0.3 },
      retail: { yes: 0.6 },
      logistics: { yes: 0.6 },
      industry: { yes: 0.6 },
    },
  },
  nearbyParking: { some: [1, 2] },
  condition: {
    byKind: {
      offices: {
        weighted: [
          ['shell', 30],
          ['finished', 40],
          ['renovated', 20],
          ['furnished', 10],
        ],
      },
      retail: {
        weighted: [
          ['shell', 40],
          ['finished', 40],
          ['renovated', 20],
        ],
      },
      logistics: {
        weighted: [
          ['finished', 70],
          ['shell', 30],
        ],
      },
      industry: {
        weighted: [
          ['finished', 50],
          ['renovated', 20],
          ['shell', 30],
        ],
      },
    },
  },
  airConditioning: {
    answered: 0.85,
    byKind: {
      offices: {
        weighted: [
          ['central', 50],
          ['vrf', 40],
          ['split', 10],
        ],
      },
      retail: {
        weighted: [
          ['central', 40],
          ['vrf', 30],
          ['split', 30],
        ],
      },
      logistics: {
        weighted: [
          ['none', 70],
          ['split', 30],
        ],
      },
      industry: {
        weighted: [
          ['none', 50],
          ['split', 30],
          ['central', 20],
        ],
      },
    },
  },
  clearHeight: {
    byKind: { logistics: { range: [8, 14], step: 0.5 }, industry: { range: [5, 10], step: 0.5 } },
  },
  loadingDocks: { byKind: { logistics: { range: [2, 20] }, industry: { range: [0, 6] } } },
  floorLoad: { byKind: { logistics: { range: [3, 5] }, industry: { range: [2, 10] } } },
  electricalCapacity: {
    byKind: { logistics: { pick: [160, 250, 400, 630] }, industry: { pick: [250, 400, 630, 1_000, 1_600] } },
  },
  publicTransport: { some: [1, 3] },
  mainTrafficRoutes: { some: [0, 2] },
  // Warehouses and plants name the port or airport they serve; offices and shops at most one.
  portsAirportsProximity: {
    byKind: {
      offices: { some: [0, 1] },
      retail: { some: [0, 1] },
      logistics: { some: [1, 2] },
      industry: { some: [1, 2] },
    },
  },
  onsiteAmenities: { some: [0, 4] },
} as const satisfies PropertyFieldSamples;

/** A field's upper bound, or none. */
export function fieldCeiling(key: PropertyFieldKey): number {
  return fieldMax(key) ?? Number.POSITIVE_INFINITY;
}

/** The areas the spec's own rules check (step 2's m² fields not `declared`): the total, then the marketed. */
export const CHECKED_AREAS = fieldsWhere(
  (spec) => spec.step === 2 && spec.unit === 'sqm' && spec.checks !== 'declared',
);

/**
 * The bounds the API contract sets, under the names the wizard's inputs and rules use (a contract
 * test holds them equal to the contract), so the wizard catches them first. The ranges are ones a
 * broker would still accept as real (issue 19, docs/decisions.md): a value beyond them is a typo,
 * like a total rent typed as rent per m².
 */
export const PROPERTY_LIMITS = {
  /** m², total and marketed alike: a square kilometre. */
  maxArea: Math.max(...CHECKED_AREAS.map(fieldCeiling)),
  /** ₪ per m² per month. */
  maxAskingRentPerSqm: fieldCeiling('askingRentPerSqm'),
  /** ₪. */
  maxSalePrice: fieldCeiling('salePrice'),
  /** ₪ per month. */
  maxParkingMonthlyCost: fieldCeiling('parkingMonthlyCost'),
  maxFloorsInBuilding: fieldCeiling('floorsInBuilding'),
  maxCityLength: fieldCeiling('city'),
  maxAddressLength: fieldCeiling('address'),
  maxUsageCategoriesOtherLength: fieldCeiling('usageCategoriesOther'),
} as const;

// ---------------------------------------------------------------------------------------------------
// Issue 21 items 1 and 3 ("renders"): how a listing names the property, and the law's rule on its
// street. A table beside the registry's, keyed by field like it, so the tasks that add to the
// registry at the same time do not edit the same entries.

/**
 * The words a listing is named by, alike on the view page, the share page and the client page:
 * `what` the space is (its kind, refined by `whatDetail`, its category), `where` it is (the city)
 * and its `street`. A title says what and where; a place line the street and where.
 */
export type ListingNameRole = 'what' | 'whatDetail' | 'where' | 'street';

export interface ListingDeclaration {
  readonly names?: ListingNameRole;
  /**
   * Withheld from a client until they sign the brokerage order (the Real Estate Brokers Law): a share
   * link shows it only when the broker chose to, the client page only once the order is signed.
   */
  readonly revealedAfterOrder?: true;
  /**
   * Free text in which a broker may write the street: where the street is withheld, its sentences
   * that name the street are left out, and the share dialog says so before the link is made.
   */
  readonly mayNameStreet?: true;
  /**
   * The price a list row quotes (`listed-price.ts`): the asking rent or the sale price, each shown
   * when its deal type asks it (the field's `askedWhen`), both when the deal type is not given.
   */
  readonly listedPrice?: 'rent' | 'price';
}

export const LISTING_DECLARATIONS = {
  propertyKind: { names: 'what' },
  propertyCategory: { names: 'whatDetail' },
  city: { names: 'where' },
  address: { names: 'street', revealedAfterOrder: true },
  usageCategoriesOther: { mayNameStreet: true },
  description: { mayNameStreet: true },
  askingRentPerSqm: { listedPrice: 'rent' },
  salePrice: { listedPrice: 'price' },
} as const satisfies { readonly [K in PropertyFieldKey]?: ListingDeclaration };

type ListingDeclared = typeof LISTING_DECLARATIONS;

/** The field that names a listing in each role (the generated listing-names.ts carries these to the list). */
export type ListingNameField<Role extends ListingNameRole> = {
  [K in keyof ListingDeclared]: ListingDeclared[K] extends { names: Role } ? K : never;
}[keyof ListingDeclared];

export function listingDeclaration(key: PropertyFieldKey): ListingDeclaration {
  return (LISTING_DECLARATIONS as { readonly [K in PropertyFieldKey]?: ListingDeclaration })[key] ?? {};
}

/** The fields a listing is named by, each with its role, in the registry's order. */
// Pure: the client reads these through generated/listing-names.ts, so its bundle drops them.
export const LISTING_NAME_FIELDS = /* @__PURE__ */ Object.fromEntries(
  PROPERTY_FIELD_KEYS.flatMap((key) => {
    const role = listingDeclaration(key).names;
    return role === undefined ? [] : [[role, key]];
  }),
) as { readonly [Role in ListingNameRole]: ListingNameField<Role> };

/** The fields a client sees only after signing the order (the street). */
export const REVEALED_AFTER_ORDER = /* @__PURE__ */ fieldsWhere(
  (_, key) => listingDeclaration(key).revealedAfterOrder === true,
);

/** The fields a list row quotes as its price, by what it quotes. */
export const LISTED_PRICE_FIELDS = /* @__PURE__ */ fieldsWhere(
  (_, key) => listingDeclaration(key).listedPrice !== undefined,
);

/** The free-text fields that may name the street. */
export const MAY_NAME_STREET = /* @__PURE__ */ fieldsWhere(
  (_, key) => listingDeclaration(key).mayNameStreet === true,
);

// ---- The wizard's layout of steps 2 and 3 (task "steps", issue 21) ----

/** A step's groups in the order it draws them. */
export function wizardGroupsOfStep(step: 2 | 3): WizardGroup[] {
  return (Object.keys(WIZARD_GROUPS) as WizardGroup[]).filter((group) => WIZARD_GROUPS[group].step === step);
}

/** A group's questions: by their `order` where they give one, else in the registry's order. */
export function fieldsOfWizardGroup(group: WizardGroup): PropertyFieldKey[] {
  return fieldsWhere((spec) => spec.wizard?.group === group).sort(
    (a, b) => (fieldSpec(a).wizard?.order ?? 0) - (fieldSpec(b).wizard?.order ?? 0),
  );
}
