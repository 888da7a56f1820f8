/**
 * The one Web API the shared code uses beyond the language: browsers and Node both provide it, and
 * this side is checked with neither the DOM library nor Node's types (tsconfig.shared.json).
 */
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: ArrayBuffer | ArrayBufferView): string;
}
