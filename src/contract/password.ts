import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** Passwords travel as lowercase md5 hex (CONTRACT.md, "Session"); the server stores a slow hash of that. */
export function md5Hex(text: string): string {
  return bytesToHex(md5(utf8ToBytes(text)));
}
