// Every value the app keeps in localStorage and sessionStorage (spec §3 Local storage keys), under the
// spec's key names: the one module that touches browser storage. Reads are checked and an unreadable value
// is dropped (spec §3 says so of the pending card save); a browser that refuses storage (private modes)
// leaves the app working without it. No zod here: the public card page reads the session through this
// module and must stay under its JavaScript budget (docs/budgets.md).
import type { Role } from '../../contract/auth';
import { CONTACTS_CACHE_PREFIX, POLL_LEADER_PREFIX, StorageKeys } from './storage-keys';

/** One stored value: null when it is absent or unreadable. */
export interface StoredValue<T> {
  read(): T | null;
  write(value: T): void;
  remove(): void;
}

interface Codec<T> {
  encode(value: T): string;
  /** Undefined when the stored text is not a value of this kind. */
  decode(raw: string): T | undefined;
}

type Area = 'local' | 'session';

/** The part of Web Storage used here; the service worker, which loads this module too, has none. */
interface WebStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storageArea(area: Area): WebStorage | null {
  const scope = globalThis as { localStorage?: WebStorage; sessionStorage?: WebStorage };
  try {
    return (area === 'local' ? scope.localStorage : scope.sessionStorage) ?? null;
  } catch {
    return null;
  }
}

function storedValue<T>(key: string, codec: Codec<T>, area: Area = 'local'): StoredValue<T> {
  const remove = () => {
    try {
      storageArea(area)?.removeItem(key);
    } catch {
      // Nothing stored can be removed.
    }
  };
  return {
    read() {
      let raw: string | null = null;
      try {
        raw = storageArea(area)?.getItem(key) ?? null;
      } catch {
        return null;
      }
      if (raw === null) return null;
      const value = codec.decode(raw);
      if (value !== undefined) return value;
      remove();
      return null;
    },
    write(value) {
      try {
        storageArea(area)?.setItem(key, codec.encode(value));
      } catch {
        // A full or refused storage loses the value; the app goes on without it.
      }
    },
    remove,
  };
}

const text: Codec<string> = { encode: (value) => value, decode: (raw) => raw };

/** Stored as 'true' / 'false', the spec's flag values. */
const flag: Codec<boolean> = {
  encode: String,
  decode: (raw) => (raw === 'true' ? true : raw === 'false' ? false : undefined),
};

const timestamp: Codec<number> = {
  encode: String,
  decode: (raw) => {
    const value = Number(raw);
    return raw !== '' && Number.isFinite(value) ? value : undefined;
  },
};

function oneOf<const T extends string>(values: readonly T[]): Codec<T> {
  return { encode: (value) => value, decode: (raw) => values.find((value) => value === raw) };
}

/** JSON checked by `accept`, which answers the value or undefined when it is not one. */
export function json<T>(accept: (value: unknown) => T | undefined): Codec<T> {
  return {
    encode: (value) => JSON.stringify(value),
    decode: (raw) => {
      try {
        return accept(JSON.parse(raw));
      } catch {
        return undefined;
      }
    },
  };
}

const ROLES = ['user', 'admin', 'security'] as const satisfies readonly Role[];

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
}

/** The spec's keys (§3), each with what it holds. */
export const Stored = {
  /** The member's session (spec §3 Session data); written with the IndexedDB copy by token-store.ts. */
  token: storedValue(StorageKeys.token, text),
  refreshToken: storedValue(StorageKeys.refreshToken, text),
  role: storedValue(StorageKeys.role, oneOf(ROLES)),
  userEmail: storedValue(StorageKeys.userEmail, text),
  /** A registration waiting for its e-mail code: signed out until verified (spec §2). */
  verificationPending: storedValue(StorageKeys.verificationPending, flag),
  /** Operator sessions (insights-and-operators.md), apart from the member's. */
  adminToken: storedValue(StorageKeys.adminToken, text),
  securityToken: storedValue(StorageKeys.securityToken, text),
  activationCardId: storedValue(StorageKeys.activationCardId, text),
  activationPromptDismissed: storedValue(StorageKeys.activationPromptDismissed, flag),
  cardActivationSuccess: storedValue(StorageKeys.cardActivationSuccess, flag),
  /** Parsed by its owner (session/pending-card-save.ts), which tells an unreadable save from none. */
  pendingCardSave: storedValue(StorageKeys.pendingCardSave, text),
  ignoredContacts: storedValue(StorageKeys.ignoredContacts, json(stringList)),
  enableEditMode: storedValue(StorageKeys.enableEditMode, flag),
  lastVisitTime: storedValue(StorageKeys.lastVisitTime, timestamp),
  contactsPanelTab: storedValue(StorageKeys.contactsPanelTab, oneOf(['map', 'notes'] as const)),
  contactsPanelExpanded: storedValue(StorageKeys.contactsPanelExpanded, flag),
  /** The public card page's NFC-likelihood signals (spec §4): seen in this browser session, and ever. */
  cardPageVisitedThisSession: storedValue('tapnet:card-page-visited', flag, 'session'),
  cardPageSeen: storedValue('tapnet:card-page-seen', flag),
  /**
   * A random id this browser shows card pages, so that one visitor's repeat openings count once and
   * visitors behind one address count apart; the server keeps only its salted daily hash.
   */
  cardVisitor: storedValue('tapnet:card-visitor', text),
  /** When /contacts was last left: people who shared their details since count as new (issue 26). */
  sharedDetailsSeenAt: storedValue('tapnet:shared-details-seen-at', timestamp),
} as const;

/** The lease of the member's polling leader tab, under the poll-leader prefix (spec §3). */
export function pollLeaderLease<T>(userId: string, accept: (value: unknown) => T | undefined) {
  return storedValue(`${POLL_LEADER_PREFIX}${userId}`, json(accept));
}

/** Spec §4 Session token: clearing the session also removes every key under these prefixes. */
export function removeSessionPrefixedKeys(): void {
  const storage = storageArea('local');
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string =>
        key !== null && (key.startsWith(CONTACTS_CACHE_PREFIX) || key.startsWith(POLL_LEADER_PREFIX)),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing stored can be removed.
  }
}
