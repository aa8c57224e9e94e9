// Bad input gets a clear refusal and changes nothing: NUL bytes, tokens of deleted accounts, and card
// text written to break out of its vCard line.
import { expect, it } from 'vitest';
import { CreateContactResponseSchema } from '../../contract/contacts';
import { NUL_CHARACTER_MESSAGE } from '../../contract/fields';
import {
  bearer,
  createMember,
  createMemberWithCard,
  describeOnEachDatabase,
  json,
  type TestContext,
  uniqueEmail,
} from './helpers';

const FORGED_CARD =
  'Acme\rEND:VCARD\rBEGIN:VCARD\rVERSION:3.0\rFN:Bank Support\rTEL:+19005550199\rEMAIL:help@evil.test';

/** How a lenient address book reads a vCard file: it splits lines on any break it recognises. */
function lenientLines(vCard: string): string[] {
  return vCard.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).filter(Boolean);
}

function expectOneCardOfFoldedLines(vCard: string): void {
  expect(lenientLines(vCard).filter((line) => line === 'BEGIN:VCARD')).toHaveLength(1);
  expect(lenientLines(vCard).filter((line) => line.startsWith('FN:'))).toHaveLength(1);
  expect(vCard).not.toContain('\r\nFN:Bank Support');
  for (const line of vCard.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
}

async function saveCardOf(t: TestContext, nfcUID: string) {
  const visitor = await createMember(t);
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/contact/create',
    headers: bearer(visitor.accessToken),
    payload: { nfcUID },
  });
  expect(saved.statusCode).toBe(201);
  return { visitor, contact: CreateContactResponseSchema.parse(saved.json()).contact };
}

describeOnEachDatabase('input handling', (t) => {
  it('refuses a NUL byte in a body with 400 and leaves the notes as they were', async () => {
    const owner = await createMemberWithCard(t());
    const { visitor, contact } = await saveCardOf(t(), owner.nfcUID);
    const response = await t().app.inject({
      method: 'PUT',
      url: `/api/contact/${contact._id}`,
      headers: bearer(visitor.accessToken),
      payload: { notes: 'met at\u0000 the fair' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({
      error: 'Validation failed',
      code: 'VALIDATION_FAILED',
      errors: [NUL_CHARACTER_MESSAGE],
    });
    const list = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(visitor.accessToken),
    });
    expect(JSON.stringify(list.json())).not.toContain('the fair');
  });

  // An encoded NUL in a path is an attack pattern (docs/behaviour/security.md): the inspection
  // answers it 404 before any route sees it, like the other probes; never a 500, never the app page.
  it('answers a NUL byte in a path with 404, on public and member routes alike', async () => {
    const publicCard = await t().app.inject({ method: 'GET', url: '/api/nfc/%00' });
    expect(publicCard.statusCode).toBe(404);
    expect(json(publicCard)).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    const vCard = await t().app.inject({ method: 'GET', url: '/api/nfc/abc%00def/vcard' });
    expect(vCard.statusCode).toBe(404);
  });

  it('refuses a NUL byte in a registration and creates no account', async () => {
    const email = uniqueEmail('nul');
    const response = await t().app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ada\u0000', email, password: 'Corr3ct-Horse', dateOfBirth: '1990-05-17' },
    });
    expect(response.statusCode).toBe(400);
    expect(await t().db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBe(
      undefined,
    );
  });

  it('answers 401 Invalid or expired token to a token whose account was deleted, on reads and writes', async () => {
    const owner = await createMemberWithCard(t());
    const member = await createMember(t());
    await t().db.deleteFrom('users').where('email', '=', member.email).execute();
    const write = await t().app.inject({
      method: 'POST',
      url: '/api/contact/create',
      headers: bearer(member.accessToken),
      payload: { nfcUID: owner.nfcUID },
    });
    expect(write.statusCode).toBe(401);
    expect(json(write)).toEqual({ error: 'Invalid or expired token', code: 'TOKEN_INVALID' });
    const read = await t().app.inject({
      method: 'GET',
      url: '/api/contact',
      headers: bearer(member.accessToken),
    });
    expect(read.statusCode).toBe(401);
  });

  it('keeps a card field with bare CRs on its own vCard line: public vCard and the saver’s export', async () => {
    const owner = await createMemberWithCard(t(), { company: FORGED_CARD });
    const publicVCard = await t().app.inject({ method: 'GET', url: `/api/nfc/${owner.nfcUID}/vcard` });
    expect(publicVCard.statusCode).toBe(200);
    expectOneCardOfFoldedLines(publicVCard.body);
    // Unfolded and unescaped, the company reads as it was typed, line breaks included.
    const unfolded = publicVCard.body.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      'ORG:Acme\\nEND:VCARD\\nBEGIN:VCARD\\nVERSION:3.0\\nFN:Bank Support\\nTEL:+19005550199',
    );

    const { visitor } = await saveCardOf(t(), owner.nfcUID);
    const exported = await t().app.inject({
      method: 'GET',
      url: '/api/user/export/contacts.vcf',
      headers: bearer(visitor.accessToken),
    });
    expect(exported.statusCode).toBe(200);
    expectOneCardOfFoldedLines(exported.body);
  });

  it('escapes every line-break form and folds long UTF-8 text without splitting a character', async () => {
    const company = `Caf\u00e9\u2028Line\u2029Para\u0085Next\nLF\r\nCRLF ${'\u00e9'.repeat(60)}`;
    const owner = await createMemberWithCard(t(), { company });
    const { body } = await t().app.inject({ method: 'GET', url: `/api/nfc/${owner.nfcUID}/vcard` });
    expectOneCardOfFoldedLines(body);
    // Every folded line is valid UTF-8 on its own (no character cut in two).
    for (const line of body.split('\r\n')) expect(Buffer.from(line).toString()).not.toContain('\ufffd');
    expect(body.replace(/\r\n /g, '')).toContain(
      `ORG:Caf\u00e9\\nLine\\nPara\\nNext\\nLF\\nCRLF ${'\u00e9'.repeat(60)}`,
    );
  });
});
