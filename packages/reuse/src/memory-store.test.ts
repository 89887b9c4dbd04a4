import { expect, test } from 'vitest';
import { MemoryStore } from './memory-store.ts';
import { verifyStoreContract } from './store-contract.ts';

test('the in-memory store keeps the store contract', async () => {
  expect(await verifyStoreContract(async () => new MemoryStore())).toBeGreaterThan(15);
});
