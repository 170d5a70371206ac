import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from '../test/database.js';
import { databaseFileStore, type FileStore, newStorageKey } from './file-store.js';

let handle: DatabaseHandle;
let store: FileStore;
beforeAll(async () => {
  handle = await createTestDatabase();
  store = databaseFileStore(handle.db);
});
afterAll(() => handle.close());

describe('the database file store (stored_file)', () => {
  it('gives back what was put, byte for byte, as a stream', async () => {
    const key = newStorageKey('pdf', 'enrollments');
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a]);
    await store.put(key, bytes);
    const stream = await store.open(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('refuses a key already taken and keeps the first file', async () => {
    const key = newStorageKey('png');
    await store.put(key, Buffer.from('primero'));
    await expect(store.put(key, Buffer.from('segundo'))).rejects.toThrow();
    expect(await text((await store.open(key))!)).toBe('primero');
  });

  it('removes files, and opening a missing one gives null', async () => {
    const keys = [newStorageKey('png'), newStorageKey('png')];
    for (const key of keys) await store.put(key, Buffer.from(key));
    await store.remove(keys);
    await store.remove([]);
    for (const key of keys) expect(await store.open(key)).toBeNull();
  });
});
