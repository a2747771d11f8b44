/** Secrets the server hands out and keeps only as SHA-256 hashes: device tokens and pairing codes. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** A device's bearer token: 256 random bits. */
export const newDeviceToken = (): string => 'tdv_' + randomBytes(32).toString('base64url');

export const newDeviceId = (): string => 'd' + randomBytes(12).toString('hex');

/** `NNNN-NNNN`, eight random digits. */
export function newPairingCode(): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `${digits.slice(0, 4)}-${digits.slice(4)}`;
}
