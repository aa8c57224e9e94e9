// The cards module's face: issued cards, members' card links, a card's public side, and the business
// card's columns that every module reading a member's card shares.
import type { ApiModule } from '../../platform/module';
import { adminCardRoutes, publicCardRoutes } from './routes';

export {
  BUSINESS_CARD_COLUMNS,
  fromBusinessCardColumns,
  toBusinessCardColumns,
} from './business-card-columns';
export { cardLinkMessages, changeCardHandle, createCardLink, findCurrentHandle } from './card-links';
export { cardsToCsv } from './csv';
export { type CardLookup, cardMessages, lookUpCard } from './lookup';
export {
  claimCard,
  createStartingBusinessCard,
  EMPTY_CARD,
  findCardForUpdate,
  issueCards,
  listCards,
  releaseCardsOfUser,
} from './queries';

export const cardsModule: ApiModule = {
  name: 'cards',
  routes: async (app) => {
    await app.register(publicCardRoutes);
    await app.register(adminCardRoutes);
  },
};
