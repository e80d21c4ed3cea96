/** Spec section 9: random ids are 11 characters. */
export const RECORD_ID_LENGTH = 11;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 that fits a byte: bytes at or above it are redrawn, so no character is favoured. */
const UNBIASED_LIMIT = 248;

/** Fills a byte array with random bytes; `crypto.getRandomValues` in browsers and Node. */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const systemRandom: RandomBytes = (bytes) => {
  if (typeof globalThis.crypto?.getRandomValues !== 'function') throw new Error('Unable to generate ID');
  return globalThis.crypto.getRandomValues(bytes);
};

/**
 * A new record id: 11 base62 characters (the format of boards and folders, spec section 3), so the
 * client can create a record and refer to it before the server has seen it. Uses a cryptographic
 * source because ids are guessable otherwise, and rejection sampling so all 62 characters are equally
 * likely. Throws 'Unable to generate ID' where no random source exists (catalogue text, spec section 8).
 */
export function createRecordId(random: RandomBytes = systemRandom): string {
  let id = '';
  const bytes = new Uint8Array(RECORD_ID_LENGTH * 2);
  // Each round keeps ~97% of the bytes, so one or two rounds almost always suffice; the cap only guards
  // against a broken source that never yields a usable byte.
  for (let round = 0; round < 32 && id.length < RECORD_ID_LENGTH; round++) {
    random(bytes);
    for (let i = 0; i < bytes.length && id.length < RECORD_ID_LENGTH; i++) {
      const byte = bytes[i]!;
      if (byte < UNBIASED_LIMIT) id += ALPHABET[byte % 62];
    }
  }
  if (id.length < RECORD_ID_LENGTH) throw new Error('Unable to generate ID');
  return id;
}

/** Whether a value has the shape of a client-generated id. */
export function isRecordId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9A-Za-z]{11}$/.test(value);
}
