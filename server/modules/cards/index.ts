// The cards module's face: issued cards, secure cards and their verified taps, members' card links, a
// card's public side, and the business card's columns that every module reading a member's card shares.
import type { ApiModule } from '../../platform/module';
import { adminCardRoutes, publicCardRoutes } from './routes';
import { loadSecureCardKeys } from './secure-cards';
import { forgetOldVisits } from './visits';

export {
  BUSINESS_CARD_COLUMNS,
  cardPhotoUrls,
  fromBusinessCardColumns,
  toBusinessCardColumns,
  toCardLooksColumns,
} from './business-card-columns';
export { cardLinkMessages, changeCardHandle, createCardLink, findCurrentHandle } from './card-links';
export { cardsToCsv } from './csv';
export { type CardLookup, cardMessages, lookUpCard } from './lookup';
export { preparePhoto } from './photo-image';
export { findCardPhotoImages, findPhotoOfMember, replaceCardPhoto } from './photos';
export {
  claimCard,
  createStartingBusinessCard,
  EMPTY_CARD,
  findCardForUpdate,
  issueCards,
  listCards,
  moveCardToReplacement,
  releaseCardsOfUser,
} from './queries';
export {
  loadSecureCardKeys,
  registerSecureCards,
  type SecureCardKeys,
  secureCardsForEncoder,
  secureCardUrl,
} from './secure-cards';
export { tapProofOf } from './secure-taps';
export { verifyTap } from './verified-taps';

export const cardsModule: ApiModule = {
  name: 'cards',
  onStart: async (app) => {
    app.decorate('secureCardKeys', await loadSecureCardKeys(app.ctx.db, app.ctx.config.secureCards));
  },
  routes: async (app) => {
    await app.register(publicCardRoutes);
    await app.register(adminCardRoutes);
  },
  daily: (app) => forgetOldVisits(app.ctx.db, new Date()),
};
