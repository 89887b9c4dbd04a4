/** FNV-1a over UTF-16 code units, finished with a murmur3 avalanche: a fast, well-spread 32-bit hash. */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return finaliseHash(h);
}

/** The murmur3 finaliser: spreads every input bit over the whole unsigned 32-bit result. */
export function finaliseHash(value: number): number {
  let h = value ^ (value >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
