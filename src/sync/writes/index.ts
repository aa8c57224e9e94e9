// The registry of offline write kinds: the queue (src/sync/queue.ts) finds each stored write's kind here.
// A new kind is one file in this folder and one line below (src/sync/README.md).
import { ContactAddWrite } from './contact-add';
import { ContactSaveWrite } from './contact-save';
import { ContactDeleteWrite, ContactFlagWrite, ContactNotesWrite, SendCardWrite } from './contact-writes';
import { ContactEventWrite, CurrentEventWrite } from './event-writes';
import { AcceptInvitationWrite, DenyInvitationWrite } from './invitation-answers';
import {
  BusinessCardWrite,
  InsightPreferencesWrite,
  NotificationSettingsWrite,
  ProfileWrite,
} from './resource-edits';
import type { WriteKind } from './write-kind';

export const writeKinds: readonly WriteKind<unknown>[] = [
  ContactSaveWrite,
  ContactAddWrite,
  ContactFlagWrite,
  ContactNotesWrite,
  ContactDeleteWrite,
  SendCardWrite,
  ContactEventWrite,
  CurrentEventWrite,
  InsightPreferencesWrite,
  NotificationSettingsWrite,
  BusinessCardWrite,
  ProfileWrite,
  AcceptInvitationWrite,
  DenyInvitationWrite,
];

const byName = new Map(writeKinds.map((kind) => [kind.kind, kind]));

export function findWriteKind(name: string): WriteKind<unknown> | undefined {
  return byName.get(name);
}
