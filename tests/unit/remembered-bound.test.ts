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

  it('keeps a value outdated by its notice for lastKnown only, where the bound asks for it', async () => {
    const memory = new Remembered<string>({ ...bytes(10), keepsOutdated: true });
    memory.setLive(true);
    await rememberedWith(memory, { a: 'aaaa' });
    memory.forget('a');
    expect(memory.known('a')).toBeUndefined();
    expect(memory.lastKnown('a')).toBe('aaaa');
    expect(memory.weight).toBe(4);
    // A read overtaken by a notice is kept as outdated too; a later read is current again.
    await memory.fresh('b', async () => {
      memory.forget('a');
      return 'bb';
    });
    expect([memory.known('b'), memory.lastKnown('b')]).toEqual([undefined, 'bb']);
    await rememberedWith(memory, { b: 'bbb' });
    expect(memory.known('b')).toBe('bbb');
    memory.setLive(false);
    expect([memory.lastKnown('a'), memory.lastKnown('b'), memory.weight]).toEqual([undefined, undefined, 0]);
  });

  it('weighs a remembered contact list by its JSON and its contacts', () => {
    const list = (contacts: number, bytes: number): KnownList => ({
      version: '7',
      tag: 'W/"1.7.x"',
      built: {
        version: '7',
        body: Buffer.alloc(bytes),
        ids: Array.from({ length: contacts }, (_, index) => String(index)),
        orders: new Float64Array(contacts),
        starts: new Uint32Array(contacts + 1),
      },
    });
    const tagOnly = LIST_MEMORY_BOUND.weigh({ version: '7', tag: 'W/"1.7.x"' });
    expect(LIST_MEMORY_BOUND.weigh(list(0, 50_000))).toBe(tagOnly + 50_000);
    expect(LIST_MEMORY_BOUND.weigh(list(100, 50_000))).toBeGreaterThan(tagOnly + 50_000 + 100 * 50);
  });
});
