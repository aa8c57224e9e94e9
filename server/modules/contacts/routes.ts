// /api/contact/*: the signed-in member's contacts, and their export (/api/user/export).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Transaction } from 'kysely';
import {
  CreateContactEndpoint,
  DeleteContactEndpoint,
  GetCurrentEventEndpoint,
  ListContactsEndpoint,
  notesVersion,
  SendMyCardEndpoint,
  SetContactEventEndpoint,
  SetContactFlagEndpoint,
  SetCurrentEventEndpoint,
  ToggleContactFlagEndpoint,
  UpdateContactNotesEndpoint,
} from '../../../contract/contacts';
import { ContactExportEndpoints, ContactExportFormatSchema } from '../../../contract/user';
import { matchesIfMatch, VersionMessages } from '../../../contract/versions';
import type { Database } from '../../platform/db/schema';
import { HttpError } from '../../platform/errors';
import { memberOf } from '../../platform/guards';
import { runOnce } from '../../platform/idempotency';
import { perMinute } from '../../platform/rate-limits';
import { route } from '../../platform/route';
import { verifyTap } from '../cards';
import { isOutboxReplay } from '../sessions';
import { queueContactEvent } from '../webhooks';
import { contactChanges, wholeListAsChanges } from './changes';
import { exportContacts } from './export';
import { isNotModified } from './list-etag';
import { contactListBody, currentContactList, type KnownList, rememberedContactList } from './list-memory';
import { sendListTags, writeContactList } from './list-write';
import {
  deleteContact,
  findContact,
  findCurrentEvent,
  findNotesForUpdate,
  saveCurrentEvent,
  setContactEvent,
  setContactFlag,
  toggleContactFlag,
  updateContactNotes,
} from './queries';
import { contactMessages, saveContactFromCard, sendMyCard } from './service';

/** Each send is an e-mail to someone else's inbox; a person sends cards one at a time. */
const SEND_CARD_PER_MINUTE = 10;

function found<T>(value: T | undefined | false): T {
  if (value === undefined || value === false)
    throw new HttpError('CONTACT_NOT_FOUND', contactMessages.notFound);
  return value;
}

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A write that found nothing to change still answers the tags: they are then the same. */
  async function writeInTransaction<T>(
    reply: FastifyReply,
    userId: string,
    write: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    const { result, tags } = await app.ctx.db
      .transaction()
      .execute((trx) => writeContactList(trx, userId, () => write(trx)));
    sendListTags(reply, tags);
    return result;
  }

  /** A write to one contact that, when it found the contact, tells the member's webhooks in its transaction. */
  function updateContact<T>(
    reply: FastifyReply,
    userId: string,
    contactId: string,
    write: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return writeInTransaction(reply, userId, async (trx) => {
      const result = await write(trx);
      if (result) {
        await queueContactEvent(trx, userId, 'contact.updated', () => findContact(trx, userId, contactId));
      }
      return result;
    });
  }

  // An id that cannot be a contact is as unknown as another member's: both are "not found".
  app.setErrorHandler((error, _request, _reply) => {
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      throw new HttpError('CONTACT_NOT_FOUND', contactMessages.notFound);
    }
    throw error;
  });

  /** What a poll's 304 from memory did not answer: a read of the version, then the feed or the list. */
  async function answerContactList(
    request: FastifyRequest<{ Querystring: { since?: string | undefined } }>,
    reply: FastifyReply,
    userId: string,
    remembered: KnownList | undefined,
  ) {
    const ifNoneMatch = request.headers['if-none-match'];
    const list = remembered ?? (await currentContactList(app.ctx, userId));
    if (isNotModified(ifNoneMatch, list.tag)) return reply.header('ETag', list.tag).code(304).send();
    // The change feed: a cache at an older version gets only what changed after it.
    const { since } = request.query;
    const changes = since === undefined ? undefined : await contactChanges(app.ctx.db, userId, since);
    if (changes) return reply.header('ETag', list.tag).send(changes);
    const { tag, body } = await contactListBody(app.ctx, userId, list, request.log);
    return reply
      .header('ETag', tag)
      .type('application/json; charset=utf-8')
      .send(since === undefined ? body : wholeListAsChanges(tag, body));
  }

  route(
    app,
    ListContactsEndpoint,
    (request, reply) => {
      const { userId } = memberOf(request);
      const ifNoneMatch = request.headers['if-none-match'];
      // Lower-case names, as Fastify keeps them: no new string per header on most of the server's traffic.
      reply.header('cache-control', 'no-cache, private').header('vary', 'Authorization');
      const remembered = rememberedContactList(app.ctx, userId, ifNoneMatch);
      // Most of the server's traffic: a poll answered from memory, with no promise to wait for.
      if (remembered && isNotModified(ifNoneMatch, remembered.tag)) {
        reply.header('etag', remembered.tag).code(304).send();
        return undefined;
      }
      return answerContactList(request, reply, userId, remembered);
    },
    // The whole list is JSON serialised once and remembered (list-memory.ts): it is sent as it is.
    { isResponseChecked: false },
  );

  // Answers are replayed verbatim for a repeated Idempotency-Key, so the response is not re-validated here.
  route(
    app,
    CreateContactEndpoint,
    async (request, reply) => {
      const { userId } = memberOf(request);
      const key = request.headers['idempotency-key'];
      const response = await runOnce(app.ctx.db, { userId, key, request: request.body }, (trx) =>
        saveContactFromCard(trx, userId, request.body, {
          savedOffline: isOutboxReplay(request),
          verifyTap: (db, nfcUid, proof) => verifyTap(request, db, nfcUid, proof, { acceptLastTap: true }),
        }),
      );
      return reply
        .code(response.statusCode)
        .headers(response.headers ?? {})
        .send(response.body);
    },
    // A member saving 5 cards in a minute at a busy show is normal, an outbox of 50 replayed at once
    // too; 500 is not. Counted per member, so the crowd behind the venue's address never adds up.
    { config: perMinute({ perAccount: 120, perAddress: 120 }), isResponseChecked: false },
  );

  // With If-Match (the version of the notes the edit started from), notes another device saved meanwhile
  // are not overwritten: 412 with the contact as it is and when its notes changed.
  route(app, UpdateContactNotesEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    const ifMatch = request.headers['if-match'];
    const contact = found(
      await updateContact(reply, userId, request.params.id, async (trx) => {
        if (ifMatch !== undefined) {
          const stored = found(await findNotesForUpdate(trx, userId, request.params.id));
          if (!matchesIfMatch(ifMatch, notesVersion(stored.contact.notes))) {
            throw new HttpError('VERSION_CONFLICT', VersionMessages.conflict, {
              conflict: { current: stored.contact, changedAt: stored.changedAt },
            });
          }
        }
        return updateContactNotes(trx, userId, request.params.id, request.body.notes);
      }),
    );
    return reply.header('ETag', notesVersion(contact.notes)).send(contact);
  });

  route(app, SetContactFlagEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    return found(
      await updateContact(reply, userId, request.params.id, (trx) =>
        setContactFlag(trx, userId, request.params.id, request.body.isFlagged),
      ),
    );
  });

  route(app, ToggleContactFlagEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    return found(
      await updateContact(reply, userId, request.params.id, (trx) =>
        toggleContactFlag(trx, userId, request.params.id),
      ),
    );
  });

  route(app, SetContactEventEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    return found(
      await writeInTransaction(reply, userId, (trx) =>
        setContactEvent(trx, userId, request.params.id, request.body.event),
      ),
    );
  });

  route(app, GetCurrentEventEndpoint, async (request) => ({
    event: await findCurrentEvent(app.ctx.db, memberOf(request).userId),
  }));

  route(app, SetCurrentEventEndpoint, async (request) => {
    await saveCurrentEvent(app.ctx.db, memberOf(request).userId, request.body.event);
    return { event: request.body.event };
  });

  route(app, DeleteContactEndpoint, async (request, reply) => {
    const { userId } = memberOf(request);
    found(
      await writeInTransaction(reply, userId, async (trx) => {
        const deleted = await deleteContact(trx, userId, request.params.id);
        if (deleted) await queueContactEvent(trx, userId, 'contact.deleted', deleted);
        return deleted;
      }),
    );
    return { message: contactMessages.deleted };
  });

  // A send made offline is replayed with its Idempotency-Key: the card is mailed once, whatever was lost.
  route(
    app,
    SendMyCardEndpoint,
    async (request, reply) => {
      const { userId } = memberOf(request);
      const contactId = request.params.id;
      const key = request.headers['idempotency-key'];
      const response = await runOnce(app.ctx.db, { userId, key, request: { sendCardTo: contactId } }, (trx) =>
        sendMyCard(app.ctx, trx, userId, contactId),
      );
      app.ctx.mailer.wake();
      return reply.code(response.statusCode).send(response.body);
    },
    { config: perMinute(SEND_CARD_PER_MINUTE), isResponseChecked: false },
  );

  for (const format of ContactExportFormatSchema.options) {
    route(
      app,
      ContactExportEndpoints[format],
      async (request, reply) => {
        const file = await exportContacts(app.ctx.db, memberOf(request).userId, format, request.query.event);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(file.body);
      },
      { config: perMinute(30) },
    );
  }
};
