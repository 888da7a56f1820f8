/**
 * The Web APIs the shared code uses beyond the language: browsers and Node both provide them, and
 * this side is checked with neither the DOM library nor Node's types (tsconfig.shared.json).
 */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBuffer | ArrayBufferView): string;
}

/** Web Crypto's random bytes (a new draft's key when the screen names none). */
declare var crypto: { getRandomValues<T extends Uint8Array>(array: T): T };
