// The browser-storage keys of spec §3, by their spec names; every module reads and writes through these.
export const StorageKeys = {
  token: 'token',
  refreshToken: 'refreshToken',
  role: 'role',
  userEmail: 'userEmail',
  verificationPending: 'verificationPending',
  activationCardId: 'activationCardId',
  activationPromptDismissed: 'activationPromptDismissed',
  cardActivationSuccess: 'cardActivationSuccess',
  pendingCardSave: 'pendingCardSave',
  ignoredContacts: 'ignoredContacts',
  enableEditMode: 'enableEditMode',
  adminToken: 'adminToken',
  securityToken: 'securityToken',
  lastVisitTime: 'lastVisitTime',
  /** The contacts screen's bottom panel: which tab ('map' or 'notes') and whether it is open ('true'). */
  contactsPanelTab: 'contactsPanelTab',
  contactsPanelExpanded: 'contactsPanelExpanded',
} as const;

/** Prefix of the per-user contacts cache keys (`tapnet:contacts:{user}:v1`). */
export const CONTACTS_CACHE_PREFIX = 'tapnet:contacts:';
/** Prefix of the keys the polling tabs use to elect their leader. */
export const POLL_LEADER_PREFIX = 'tapnet:poll-leader:';
