/**
 * The written brokerage order (הזמנה בכתב) a client signs before a property is revealed (issue 23).
 * Real Estate Brokers Law, 1996, §9: a broker earns a fee only with an order signed by the client; the
 * regulations on its details (1997, §1) list what it holds at least:
 *   (1) names, addresses and ID numbers of broker and client;  (2) the kind of deal (rent, sale);
 *   (3) a description of the property;  (4) the approximate price of the deal;
 *   (5) the agreed fee, as an amount or a percentage of the price, and whether it includes VAT.
 * An exclusive order (§9(ב1), and the marketing actions regulations) adds its period and the marketing
 * actions the broker undertakes. The licence number is not on the regulation's list, but §9 pays only a
 * licensed broker, so the order names it.
 *
 * One declaration here, used by the broker's form, the server and the client's signing page. The
 * signed order is stored as `canonicalBrokerageOrder` text (its hash is taken over exactly that), so
 * the text must never depend on key order, spacing or Unicode composition.
 */
import { isValidIsraeliId, normalizeIsraeliId } from './israeli-id';

/** The order's own format; a new field or a changed meaning gets a new number, old orders keep theirs. */
export const BROKERAGE_ORDER_FORMAT = 'nechasim.brokerage-order/1';

export const DEAL_TYPES = ['rent', 'sale'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

export const FEE_BASES = ['amount', 'percent'] as const;
export type FeeBasis = (typeof FEE_BASES)[number];

export const ORDER_NAME_MAX_LENGTH = 120;
export const ORDER_ADDRESS_MAX_LENGTH = 200;
export const ORDER_DESCRIPTION_MAX_LENGTH = 500;
export const ORDER_MARKETING_MAX_LENGTH = 1000;
export const BROKER_LICENCE_MAX_LENGTH = 20;
/** A fee above this share of the price is a typing mistake, not a deal. */
export const FEE_PERCENT_MAX = 100;
export const ORDER_MAX_PROPERTIES = 20;

export interface OrderParty {
  fullName: string;
  /** Nine digits, check digit right (domain/israeli-id.ts). */
  idNumber: string;
  address: string;
}

export interface OrderBroker extends OrderParty {
  /** The brokerage licence number the Registrar of Brokers issued. */
  licenceNumber: string;
}

export interface OrderProperty {
  /** The property's id in Nechasim, so the signed order points at one record. */
  propertyId: string;
  /** What the client agrees to be shown: kind, size, area; enough to tell it from another. */
  description: string;
  /** The approximate price of the deal in shekels: the sale price, or the monthly rent. */
  approximatePrice: number;
}

export type OrderFee = { basis: 'amount'; amount: number } | { basis: 'percent'; percent: number };

export interface OrderExclusivity {
  /** ISO dates (YYYY-MM-DD), both days included. */
  startsOn: string;
  endsOn: string;
  /** The marketing actions the broker undertakes during the period, in the broker's words. */
  marketingActions: string;
}

/** What the broker sets when creating the request. */
export interface BrokerageOrderTerms {
  broker: OrderBroker;
  /** The client's name as the broker typed it; the client confirms it when signing. */
  clientName: string;
  dealType: DealType;
  properties: OrderProperty[];
  fee: OrderFee;
  feeIncludesVat: boolean;
  exclusivity: OrderExclusivity | null;
}

/** The whole order as signed: the terms plus what the client adds on the signing page. */
export interface BrokerageOrder {
  format: typeof BROKERAGE_ORDER_FORMAT;
  /** 1 for the first order of a request; a change to the terms makes the next one. */
  version: number;
  broker: OrderBroker;
  client: OrderParty & { phone: string };
  dealType: DealType;
  properties: OrderProperty[];
  fee: OrderFee;
  feeIncludesVat: boolean;
  exclusivity: OrderExclusivity | null;
}

export type OrderFieldError =
  | 'required'
  | 'tooLong'
  | 'invalidIsraeliId'
  | 'invalidChoice'
  | 'notPositive'
  | 'percentTooHigh'
  | 'invalidDate'
  | 'endsBeforeStart'
  | 'tooMany';

/** One problem with an order, keyed by the field's path (`broker.idNumber`, `properties.0.description`). */
export interface OrderIssue {
  field: string;
  error: OrderFieldError;
}

function text(issues: OrderIssue[], field: string, value: unknown, maxLength: number): void {
  if (typeof value !== 'string' || value.trim() === '') issues.push({ field, error: 'required' });
  else if (value.trim().length > maxLength) issues.push({ field, error: 'tooLong' });
}

function israeliId(issues: OrderIssue[], field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') issues.push({ field, error: 'required' });
  else if (!isValidIsraeliId(value)) issues.push({ field, error: 'invalidIsraeliId' });
}

function positive(issues: OrderIssue[], field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) issues.push({ field, error: 'required' });
  else if (value <= 0) issues.push({ field, error: 'notPositive' });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The broker's part: name, ID, address and licence. Also the profile's completeness rule. */
export function validateOrderBroker(broker: Partial<OrderBroker>, prefix = 'broker'): OrderIssue[] {
  const issues: OrderIssue[] = [];
  text(issues, `${prefix}.fullName`, broker.fullName, ORDER_NAME_MAX_LENGTH);
  israeliId(issues, `${prefix}.idNumber`, broker.idNumber);
  text(issues, `${prefix}.address`, broker.address, ORDER_ADDRESS_MAX_LENGTH);
  text(issues, `${prefix}.licenceNumber`, broker.licenceNumber, BROKER_LICENCE_MAX_LENGTH);
  return issues;
}

/** The client's part, as the signing page collects it. */
export function validateOrderClient(client: Partial<OrderParty>, prefix = 'client'): OrderIssue[] {
  const issues: OrderIssue[] = [];
  text(issues, `${prefix}.fullName`, client.fullName, ORDER_NAME_MAX_LENGTH);
  israeliId(issues, `${prefix}.idNumber`, client.idNumber);
  text(issues, `${prefix}.address`, client.address, ORDER_ADDRESS_MAX_LENGTH);
  return issues;
}

/** A property as the broker's form picks it: the server adds the description from the record. */
export type OrderPropertyChoice = Pick<OrderProperty, 'propertyId' | 'approximatePrice'> &
  Partial<Pick<OrderProperty, 'description'>>;

/** What the broker's form sends: the terms without the broker (the server copies the profile in). */
export interface BrokerageOrderRequest extends Omit<BrokerageOrderTerms, 'broker' | 'properties'> {
  properties: OrderPropertyChoice[];
}

function validateDeal(
  order: Omit<BrokerageOrderTerms, 'broker' | 'clientName' | 'properties'> & {
    properties: OrderPropertyChoice[];
  },
  described = true,
): OrderIssue[] {
  const issues: OrderIssue[] = [];
  if (!DEAL_TYPES.includes(order.dealType)) issues.push({ field: 'dealType', error: 'invalidChoice' });
  if (!Array.isArray(order.properties) || order.properties.length === 0) {
    issues.push({ field: 'properties', error: 'required' });
  } else if (order.properties.length > ORDER_MAX_PROPERTIES) {
    issues.push({ field: 'properties', error: 'tooMany' });
  } else {
    order.properties.forEach((property, index) => {
      text(issues, `properties.${index}.propertyId`, property.propertyId, 100);
      if (described) {
        text(issues, `properties.${index}.description`, property.description, ORDER_DESCRIPTION_MAX_LENGTH);
      }
      positive(issues, `properties.${index}.approximatePrice`, property.approximatePrice);
    });
  }
  const fee = order.fee as Partial<{ basis: string; amount: number; percent: number }> | undefined;
  if (!fee || !FEE_BASES.includes(fee.basis as FeeBasis)) {
    issues.push({ field: 'fee.basis', error: 'invalidChoice' });
  } else if (fee.basis === 'amount') {
    positive(issues, 'fee.amount', fee.amount);
  } else {
    positive(issues, 'fee.percent', fee.percent);
    if (typeof fee.percent === 'number' && fee.percent > FEE_PERCENT_MAX) {
      issues.push({ field: 'fee.percent', error: 'percentTooHigh' });
    }
  }
  if (typeof order.feeIncludesVat !== 'boolean') issues.push({ field: 'feeIncludesVat', error: 'required' });
  if (order.exclusivity) {
    const { startsOn, endsOn, marketingActions } = order.exclusivity;
    if (!isIsoDate(startsOn)) issues.push({ field: 'exclusivity.startsOn', error: 'invalidDate' });
    if (!isIsoDate(endsOn)) issues.push({ field: 'exclusivity.endsOn', error: 'invalidDate' });
    else if (isIsoDate(startsOn) && endsOn < startsOn) {
      issues.push({ field: 'exclusivity.endsOn', error: 'endsBeforeStart' });
    }
    text(issues, 'exclusivity.marketingActions', marketingActions, ORDER_MARKETING_MAX_LENGTH);
  }
  return issues;
}

/** What the broker's request must hold before it can be sent (the client's ID and address come later). */
export function validateOrderTerms(terms: BrokerageOrderTerms): OrderIssue[] {
  const issues = validateOrderBroker(terms.broker);
  text(issues, 'clientName', terms.clientName, ORDER_NAME_MAX_LENGTH);
  return [...issues, ...validateDeal(terms)];
}

/**
 * The broker's form, before it is sent: the client's name and the deal. The broker's part is the
 * profile's rule (the server answers 409 when it is incomplete) and descriptions come from the records.
 */
export function validateOrderRequest(request: BrokerageOrderRequest): OrderIssue[] {
  const issues: OrderIssue[] = [];
  text(issues, 'clientName', request.clientName, ORDER_NAME_MAX_LENGTH);
  return [...issues, ...validateDeal(request, false)];
}

/** Everything the regulations require, for the order about to be signed. */
export function validateBrokerageOrder(order: BrokerageOrder): OrderIssue[] {
  const issues = [...validateOrderBroker(order.broker), ...validateOrderClient(order.client)];
  text(issues, 'client.phone', order.client.phone, 20);
  if (!Number.isInteger(order.version) || order.version < 1)
    issues.push({ field: 'version', error: 'notPositive' });
  return [...issues, ...validateDeal(order)];
}

function cleanText(value: string): string {
  return value.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** The order as the client signs it: texts trimmed and composed, ID numbers in their nine digits. */
export function buildBrokerageOrder(
  terms: BrokerageOrderTerms,
  client: OrderParty & { phone: string },
  version: number,
): BrokerageOrder {
  const party = <T extends OrderParty>(p: T): T => ({
    ...p,
    fullName: cleanText(p.fullName),
    idNumber: normalizeIsraeliId(p.idNumber) ?? p.idNumber,
    address: cleanText(p.address),
  });
  return {
    format: BROKERAGE_ORDER_FORMAT,
    version,
    broker: { ...party(terms.broker), licenceNumber: cleanText(terms.broker.licenceNumber) },
    client: { ...party(client), phone: client.phone.trim() },
    dealType: terms.dealType,
    properties: terms.properties.map((property) => ({
      propertyId: property.propertyId,
      description: cleanText(property.description),
      approximatePrice: property.approximatePrice,
    })),
    fee:
      terms.fee.basis === 'amount'
        ? { basis: 'amount', amount: terms.fee.amount }
        : { basis: 'percent', percent: terms.fee.percent },
    feeIncludesVat: terms.feeIncludesVat,
    exclusivity: terms.exclusivity
      ? {
          startsOn: terms.exclusivity.startsOn,
          endsOn: terms.exclusivity.endsOn,
          marketingActions: cleanText(terms.exclusivity.marketingActions),
        }
      : null,
  };
}

function canonicalValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalValue).join(',')}]`;
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.normalize('NFC'));
    case 'number':
      if (!Number.isFinite(value)) throw new Error('brokerage order: numbers must be finite');
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalValue(v)}`).join(',')}}`;
    }
    default:
      throw new Error(`brokerage order: cannot serialise a ${typeof value}`);
  }
}

/**
 * The exact text that is signed, stored and hashed: JSON with keys sorted by code unit, no spaces,
 * strings in Unicode NFC. The same order always gives the same text, whatever built it.
 */
export function canonicalBrokerageOrder(order: BrokerageOrder): string {
  return canonicalValue(order);
}
