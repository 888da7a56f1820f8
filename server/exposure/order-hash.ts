import { createHash } from 'node:crypto';
import { type BrokerageOrder, canonicalBrokerageOrder } from '@domain/brokerage-order';

/** The SHA-256 of the order's canonical text (UTF-8), in hex: what the signature record keeps. */
export function brokerageOrderSha256(order: BrokerageOrder): string {
  return sha256Hex(canonicalBrokerageOrder(order));
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
