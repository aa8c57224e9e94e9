// `npm run cards -- secure-import` / `secure-export` on the embedded database: a supplier's list becomes
// secure cards; the encoder's file holds their URLs, SDM offsets and keys, readable by its owner alone,
// never written over another file; without CARD_KEYS_SECRET the tool refuses.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hexKeys, SimulatedTag } from '../support/tag-simulator';
import { CARD_KEYS_SECRET, PUBLIC_URL } from './helpers';

const CLI_TEST_TIMEOUT_MS = 180_000;

describe('the secure cards command line', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tapnet-secure-cards-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function cards(args: string[], env: Record<string, string> = {}) {
    return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/cards.ts', ...args], {
      env: {
        ...process.env,
        DATA_DIR: join(folder, 'data'),
        DATABASE_URL: '',
        PUBLIC_URL,
        CARD_KEYS_SECRET,
        ...env,
      },
      encoding: 'utf8',
    });
  }

  it(
    'imports a supplier’s list and exports what the encoder needs, keys protected',
    () => {
      const tags = [new SimulatedTag(), new SimulatedTag()];
      const list = join(folder, 'supplier.csv');
      writeFileSync(
        list,
        [
          'uid,metaReadKey,fileReadKey',
          ...tags.map((tag) => {
            const keys = hexKeys(tag.keys);
            return `${tag.uid},${keys.metaReadKey},${keys.fileReadKey}`;
          }),
        ].join('\n'),
      );
      const imported = cards(['secure-import', list]);
      expect(imported.stderr).toContain('Registered 2 secure cards');
      expect(imported.status).toBe(0);
      const [header, ...rows] = imported.stdout.trim().split('\r\n');
      expect(header).toBe('nfcUID,url');
      expect(rows).toHaveLength(2);
      const ids = rows.map((row) => row.split(',')[0] ?? '');
      for (const [index, id] of ids.entries()) {
        expect(rows[index]).toBe(`${id},${PUBLIC_URL}/nfc/${id}?p=${'0'.repeat(32)}&c=${'0'.repeat(16)}`);
      }

      const file = join(folder, 'encoder.csv');
      const exported = cards(['secure-export', file]);
      expect(exported.status).toBe(0);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const [columns, ...lines] = readFileSync(file, 'utf8').trim().split('\r\n');
      expect(columns).toBe(
        'nfcUID,tagUID,url,piccDataOffset,sdmMacOffset,sdmMacInputOffset,metaReadKey,fileReadKey',
      );
      expect(lines).toHaveLength(2);
      for (const [index, tag] of tags.entries()) {
        const keys = hexKeys(tag.keys);
        const line = lines.find((candidate) => candidate.startsWith(`${ids[index]},`)) ?? '';
        const [, tagUid, url, piccDataOffset, sdmMacOffset, sdmMacInputOffset, metaReadKey, fileReadKey] =
          line.split(',');
        expect({ tagUid, metaReadKey, fileReadKey }).toEqual({
          tagUid: tag.uid,
          metaReadKey: keys.metaReadKey.toUpperCase(),
          fileReadKey: keys.fileReadKey.toUpperCase(),
        });
        // The offsets point at the zeros in the NDEF file: 2 length bytes, 4 header bytes, the prefix byte.
        const ndef = `xxxxxxx${(url ?? '').slice('https://'.length)}`;
        expect(ndef.slice(Number(piccDataOffset) - 2, Number(piccDataOffset) + 32)).toBe(
          `p=${'0'.repeat(32)}`,
        );
        expect(ndef.slice(Number(sdmMacOffset) - 2, Number(sdmMacOffset) + 16)).toBe(`c=${'0'.repeat(16)}`);
        expect(sdmMacInputOffset).toBe(sdmMacOffset);
      }

      // Never over a file already there; one card on its own.
      const again = cards(['secure-export', file, ids[0] ?? '']);
      expect(again.status).toBe(1);
      expect(readFileSync(file, 'utf8').trim().split('\r\n')).toHaveLength(3);
      const single = join(folder, 'one.csv');
      expect(cards(['secure-export', single, ids[0] ?? '']).status).toBe(0);
      expect(readFileSync(single, 'utf8').trim().split('\r\n')).toHaveLength(2);

      const withoutSecret = cards(['secure-export', join(folder, 'none.csv')], { CARD_KEYS_SECRET: '' });
      expect(withoutSecret.status).toBe(1);
      expect(withoutSecret.stderr).toContain('Secure cards are stored but CARD_KEYS_SECRET is not set');
    },
    CLI_TEST_TIMEOUT_MS,
  );

  it(
    'says what is wrong in a supplier’s list, line by line',
    () => {
      const list = join(folder, 'broken.csv');
      writeFileSync(list, 'uid,metaReadKey,fileReadKey\n04AABBCCDDEEFF,00,\n');
      const imported = cards(['secure-import', list]);
      expect(imported.status).toBe(1);
      expect(imported.stderr).toContain('line 2: metaReadKey must be 32 hex characters');
    },
    CLI_TEST_TIMEOUT_MS,
  );
});
