// What a process remembers between change notices is bounded (server/platform/db/change-notices.ts): by
// the sum of its values' weights, the least recently used forgotten first. The contact lists weigh
// their JSON's bytes (server/modules/contacts/list-memory.ts).
import { describe, expect, it } from 'vitest';
import { type KnownList, LIST_MEMORY_BOUND } from '../../server/modules/contacts/list-memory';
import { Remembered } from '../../server/platform/db/change-notices';

const bytes = (size: number) => ({ weigh: (value: string) => value.length, limit: size });

async function rememberedWith(memory: Remembered<string>, entries: Record<string, string>) {
  for (const [key, value] of Object.entries(entries)) await memory.fresh(key, async () => value);
}

describe('remembered values under a bound', () => {
  it('forgets the least recently used first, and never holds more than the limit', async () => {
    const memory = new Remembered<string>(bytes(10));
    memory.setLive(true);
    await rememberedWith(memory, { a: 'aaaa', b: 'bbbb' });
    expect(memory.known('a')).toBe('aaaa');
    await rememberedWith(memory, { c: 'cccc' });
    expect(memory.known('b')).toBeUndefined();
    expect(memory.known('a')).toBe('aaaa');
    expect(memory.known('c')).toBe('cccc');
    expect(memory.weight).toBe(8);
    await rememberedWith(memory, { d: 'dddddddddd' });
    expect([memory.known('a'), memory.known('c'), memory.known('d')]).toEqual([
      undefined,
      undefined,
      'dddddddddd',
    ]);
    expect(memory.weight).toBe(10);
  });

  it('keeps nothing heavier than the whole limit, and counts a value replaced once', async () => {
    const memory = new Remembered<string>(bytes(10));
    memory.setLive(true);
    await rememberedWith(memory, { a: 'aaaa' });
    expect(await memory.fresh('huge', async () => 'x'.repeat(11))).toBe('x'.repeat(11));
    expect(memory.known('huge')).toBeUndefined();
    expect(memory.known('a')).toBe('aaaa');
    await rememberedWith(memory, { a: 'aaaaaa' });
    expect(memory.weight).toBe(6);
    memory.forget('a');
    expect(memory.weight).toBe(0);
  });

  it('remembers nothing until notices arrive, and drops everything when they may have been missed', async () => {
    const memory = new Remembered<string>(bytes(10));
    await rememberedWith(memory, { a: 'aaaa' });
    expect(memory.known('a')).toBeUndefined();
    memory.setLive(true);
    await rememberedWith(memory, { a: 'aaaa' });
    memory.setLive(false);
    expect(memory.known('a')).toBeUndefined();
    expect(memory.weight).toBe(0);
  });

  it('weighs a remembered contact list by its JSON', () => {
    const list = (body?: Buffer): KnownList => ({
      version: '7',
      tag: 'W/"1.7.x"',
      ...(body ? { body } : {}),
    });
    const tagOnly = LIST_MEMORY_BOUND.weigh(list());
    expect(LIST_MEMORY_BOUND.weigh(list(Buffer.alloc(50_000)))).toBe(tagOnly + 50_000);
  });
});
