// How the admin dashboard words its figures (spec §2, §3 Country names): names the browser knows, the
// code where it knows none, 'Unknown' for a missing device, shares to one decimal, chart days unmoved by
// the viewer's clock, and the batch CSV the NFC encoder reads.
import { describe, expect, it } from 'vitest';
import { cardBatchCsv } from '../../src/features/admin/card-batch-csv';
import { countryName, deviceName, formatDay, percentOf } from '../../src/features/admin/format';

describe('admin figures', () => {
  it('names countries with Intl.DisplayNames and keeps an unknown code as it is', () => {
    expect(countryName('FR')).toBe('France');
    expect(countryName('de')).toBe('Germany');
    expect(countryName('XY')).toBe('XY');
    expect(countryName('not-a-code')).toBe('not-a-code');
    expect(countryName(null)).toBe('Unknown');
  });

  it("shows a missing device name as 'Unknown'", () => {
    expect(deviceName('mobile')).toBe('Mobile');
    expect(deviceName('tablet')).toBe('Tablet');
    expect(deviceName('')).toBe('Unknown');
    expect(deviceName(null)).toBe('Unknown');
    expect(deviceName('Unknown')).toBe('Unknown');
  });

  it('gives a share of all members to one decimal, 0.0 when there are none', () => {
    expect(percentOf(1, 3)).toBe('33.3');
    expect(percentOf(2, 3)).toBe('66.7');
    expect(percentOf(5, 5)).toBe('100.0');
    expect(percentOf(0, 0)).toBe('0.0');
  });

  it('labels a chart day as the calendar date the server counted it on', () => {
    expect(formatDay('2026-11-01')).toBe('Nov 1');
    expect(formatDay('2026-12-31')).toBe('Dec 31');
  });

  it('writes a batch as nfcUID,url rows with CRLF line ends', () => {
    const id = `${'a'.repeat(40)}-7`;
    expect(cardBatchCsv([{ nfcUID: id, url: `https://tapnet.example/nfc/${id}` }])).toBe(
      `nfcUID,url\r\n${id},https://tapnet.example/nfc/${id}\r\n`,
    );
  });
});
