// The contacts module's face: a member's contacts, the invitations that are pending contacts, sending
// one's card, the details visitors of one's card share back and the copies they ask for, and the
// contacts export; the CardDAV address book reads the list and its changes here.
import type { ApiModule } from '../../platform/module';
import { addSomeoneRoutes } from './add-someone-routes';
import { cardCopyRoutes } from './card-copy-routes';
import { pruneCardSends } from './card-sends';
import { invitationRoutes } from './invitation-routes';
import { backfillPlaceWords } from './place-backfill';
import { contactRoutes } from './routes';
import { sharedDetailsRoutes } from './shared-details-routes';
import { pruneContactTombstones } from './tombstones';

export { noteForOtherApps } from './meeting-note';
export {
  findContactListVersion,
  findOldestCursor,
  listDeletedContactIdsSince,
  listVersionedContacts,
  type VersionedContact,
} from './queries';

export const contactsModule: ApiModule = {
  name: 'contacts',
  routes: async (app) => {
    await app.register(contactRoutes);
    await app.register(invitationRoutes);
    await app.register(sharedDetailsRoutes);
    await app.register(cardCopyRoutes);
    await app.register(addSomeoneRoutes);
  },
  onStart: (app) => {
    // Contacts saved before the "Met near …" words existed get theirs, after listening, so start-up
    // is not held up; tests that never listen never run it.
    app.addHook('onListen', async () => {
      backfillPlaceWords(app.ctx.db).then(
        (filled) => filled > 0 && app.log.info({ filled }, 'added place words to contacts'),
        (error: unknown) =>
          app.log.warn({ err: error }, 'adding place words to contacts failed; retried at next start'),
      );
    });
  },
  daily: async (app) => {
    await pruneCardSends(app.ctx.db);
    await pruneContactTombstones(app.ctx.db);
  },
};
