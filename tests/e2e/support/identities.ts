import { randomInt } from 'node:crypto';

// Test files share one server, and each file counts from its own random base, so numbers and
// addresses from different files do not collide in the server's per-phone and per-address limits.
let phoneCounter = randomInt(0, 9_000_000);
let addressCounter = randomInt(0, 1 << 22);

/** A valid Israeli mobile number (E.164) no earlier journey of this run has used. */
export function uniqueIsraeliPhone(): string {
  phoneCounter = (phoneCounter + 1) % 10_000_000;
  return `+97254${String(phoneCounter).padStart(7, '0')}`;
}

/** The national form a person types: 054-xxxxxxx without the dash. */
export function nationalNumber(e164: string): string {
  return `0${e164.slice('+972'.length)}`;
}

/** A client address of its own for one journey (sent as X-Forwarded-For). */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}
