import {
  BROKERAGE_ORDER_FORMAT,
  type BrokerageOrder,
  type BrokerageOrderTerms,
  buildBrokerageOrder,
  canonicalBrokerageOrder,
  type OrderExclusivity,
  validateBrokerageOrder,
  validateOrderRequest,
  validateOrderTerms,
} from '@domain/brokerage-order';
import { describe, expect, it } from 'vitest';
import { brokerageOrderSha256, sha256Hex } from '../../server/exposure/order-hash';

const terms: BrokerageOrderTerms = {
  broker: {
    fullName: 'דנה לוי',
    idNumber: '123456782',
    address: 'רחוב הברזל 3, תל אביב',
    licenceNumber: '12345',
  },
  clientName: 'יוסי כהן',
  dealType: 'rent',
  properties: [
    { propertyId: 'p-1', description: 'משרדים, 250 מ"ר, קומה 5, רמת החייל', approximatePrice: 25_000 },
    { propertyId: 'p-2', description: 'מסחר, 90 מ"ר, קומת קרקע, יפו', approximatePrice: 12_000 },
  ],
  fee: { basis: 'percent', percent: 100 / 12 },
  feeIncludesVat: false,
  exclusivity: null,
};
const client = {
  fullName: 'יוסי כהן',
  idNumber: '000000018',
  address: 'הרצל 1, חיפה',
  phone: '+972501234567',
};
const order = buildBrokerageOrder(terms, client, 1);

/**
 * תקנות המתווכים במקרקעין (פרטי הזמנה בכתב), התשנ"ז-1997, §1, item by item, with the order's fields
 * that carry each. Written from the regulation, not from the code: a field dropped from the order, or
 * left optional, fails here.
 */
const REGULATION_1997_SECTION_1: Record<string, readonly string[]> = {
  '(1) names, addresses and ID numbers of the broker and the client': [
    'broker.fullName',
    'broker.address',
    'broker.idNumber',
    'client.fullName',
    'client.address',
    'client.idNumber',
  ],
  '(2) the kind of deal, such as rent or sale': ['dealType'],
  '(3) a description of the property': ['properties.0.description'],
  '(4) the approximate price of the deal': ['properties.0.approximatePrice'],
  '(5) the agreed fee, an amount or a percentage of the price, and whether it includes VAT': [
    'fee.percent',
    'feeIncludesVat',
  ],
};

function at(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | null)?.[key], value);
}

function without(source: BrokerageOrder, path: string): BrokerageOrder {
  const copy = structuredClone(source) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce<Record<string, unknown>>(
    (node, key) => node[key] as Record<string, unknown>,
    copy,
  );
  delete parent[last];
  return copy as unknown as BrokerageOrder;
}

describe('the brokerage order against the regulation', () => {
  it.each(Object.entries(REGULATION_1997_SECTION_1))(
    'holds %s, in the signed text, and requires it',
    (_, paths) => {
      const signed = JSON.parse(canonicalBrokerageOrder(order));
      for (const path of paths) {
        expect(at(signed, path), path).not.toBeUndefined();
        expect(at(signed, path), path).not.toBe('');
        const issues = validateBrokerageOrder(without(order, path));
        expect(
          issues.map((issue) => issue.field),
          path,
        ).toContain(path);
      }
    },
  );

  it('names the broker’s licence, which §9 of the law makes a condition of the fee', () => {
    expect(JSON.parse(canonicalBrokerageOrder(order)).broker.licenceNumber).toBe('12345');
    expect(validateBrokerageOrder(without(order, 'broker.licenceNumber'))).toContainEqual({
      field: 'broker.licenceNumber',
      error: 'required',
    });
  });

  it('takes the fee as an amount as well as a percentage', () => {
    const byAmount = buildBrokerageOrder({ ...terms, fee: { basis: 'amount', amount: 25_000 } }, client, 1);
    expect(validateBrokerageOrder(byAmount)).toEqual([]);
    expect(validateBrokerageOrder(without(byAmount, 'fee.amount'))).toContainEqual({
      field: 'fee.amount',
      error: 'required',
    });
  });

  it('gives an exclusive order its period and the marketing actions the broker undertakes', () => {
    const exclusive = buildBrokerageOrder(
      {
        ...terms,
        exclusivity: {
          startsOn: '2026-12-01',
          endsOn: '2027-05-31',
          marketingActions: 'מודעה ביד2 ושלט בנכס',
        },
      },
      client,
      1,
    );
    expect(validateBrokerageOrder(exclusive)).toEqual([]);
    const period = exclusive.exclusivity as OrderExclusivity;
    for (const path of ['exclusivity.startsOn', 'exclusivity.endsOn', 'exclusivity.marketingActions']) {
      expect(validateBrokerageOrder(without(exclusive, path)).map((issue) => issue.field)).toContain(path);
    }
    const backwards = { ...exclusive, exclusivity: { ...period, endsOn: '2026-11-30' } };
    expect(validateBrokerageOrder(backwards)).toEqual([
      { field: 'exclusivity.endsOn', error: 'endsBeforeStart' },
    ]);
    const notADay = { ...exclusive, exclusivity: { ...period, startsOn: '2026-02-30' } };
    expect(validateBrokerageOrder(notADay)).toEqual([
      { field: 'exclusivity.startsOn', error: 'invalidDate' },
    ]);
  });
});

describe('checking the order', () => {
  it('accepts a complete order', () => {
    expect(validateBrokerageOrder(order)).toEqual([]);
    expect(validateOrderTerms(terms)).toEqual([]);
  });

  it('rejects an ID number whose check digit is wrong, for broker and client', () => {
    const wrong = {
      ...order,
      broker: { ...order.broker, idNumber: '123456789' },
      client: { ...order.client, idNumber: '18' },
    };
    expect(validateBrokerageOrder(wrong)).toEqual([
      { field: 'broker.idNumber', error: 'invalidIsraeliId' },
      { field: 'client.idNumber', error: 'invalidIsraeliId' },
    ]);
  });

  it('rejects no properties, a price of zero, an unknown deal and a fee above the price', () => {
    expect(validateOrderTerms({ ...terms, properties: [] })).toEqual([
      { field: 'properties', error: 'required' },
    ]);
    expect(
      validateOrderTerms({
        ...terms,
        properties: [{ propertyId: 'p-1', description: 'משרד', approximatePrice: 0 }],
      }),
    ).toEqual([{ field: 'properties.0.approximatePrice', error: 'notPositive' }]);
    expect(validateOrderTerms({ ...terms, dealType: 'swap' as never })).toEqual([
      { field: 'dealType', error: 'invalidChoice' },
    ]);
    expect(validateOrderTerms({ ...terms, fee: { basis: 'percent', percent: 120 } })).toEqual([
      { field: 'fee.percent', error: 'percentTooHigh' },
    ]);
  });
});

describe('the broker’s request form', () => {
  const { broker: _broker, ...request } = terms;
  const picked = { ...request, properties: [{ propertyId: 'p-1', approximatePrice: 25_000 }] };

  it('accepts the terms without a broker or descriptions, which the server adds', () => {
    expect(validateOrderRequest(picked)).toEqual([]);
  });

  it('names the client, the price and the exclusivity dates that are wrong', () => {
    expect(
      validateOrderRequest({
        ...picked,
        clientName: ' ',
        properties: [{ propertyId: 'p-1', approximatePrice: 0 }],
        fee: { basis: 'amount', amount: Number.NaN },
        exclusivity: { startsOn: '2026-12-01', endsOn: '2026-11-01', marketingActions: 'שלט' },
      }),
    ).toEqual([
      { field: 'clientName', error: 'required' },
      { field: 'properties.0.approximatePrice', error: 'notPositive' },
      { field: 'fee.amount', error: 'required' },
      { field: 'exclusivity.endsOn', error: 'endsBeforeStart' },
    ]);
  });
});

describe('the signed text and its hash', () => {
  it('is the same text whatever the key order, spacing or Unicode composition', () => {
    const reordered = JSON.parse(JSON.stringify(order), (_, value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    ) as BrokerageOrder;
    expect(canonicalBrokerageOrder(reordered)).toBe(canonicalBrokerageOrder(order));
    // "é" composed and decomposed are one text once signed.
    const composed = buildBrokerageOrder(terms, { ...client, fullName: 'Andr\u00e9' }, 1);
    const decomposed = buildBrokerageOrder(terms, { ...client, fullName: '  Andre\u0301 ' }, 1);
    expect(canonicalBrokerageOrder(decomposed)).toBe(canonicalBrokerageOrder(composed));
    expect(canonicalBrokerageOrder(order)).not.toMatch(/\s"|":\s/);
  });

  it('normalises ID numbers to nine digits before signing', () => {
    const short = buildBrokerageOrder(terms, { ...client, idNumber: '18' }, 1);
    expect(short.client.idNumber).toBe('18');
    expect(buildBrokerageOrder(terms, { ...client, idNumber: '00018' }, 1).client.idNumber).toBe('000000018');
  });

  it('hashes the canonical text with SHA-256, and any change gives another hash', () => {
    expect(order.format).toBe(BROKERAGE_ORDER_FORMAT);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(brokerageOrderSha256(order)).toBe(sha256Hex(canonicalBrokerageOrder(order)));
    expect(brokerageOrderSha256(order)).toMatch(/^[0-9a-f]{64}$/);
    const otherFee = buildBrokerageOrder({ ...terms, feeIncludesVat: true }, client, 1);
    expect(brokerageOrderSha256(otherFee)).not.toBe(brokerageOrderSha256(order));
    expect(brokerageOrderSha256(buildBrokerageOrder(terms, client, 2))).not.toBe(brokerageOrderSha256(order));
  });
});
