// /contacts: the signed-in landing page with a simple contact list (the carousel arrives with the
// contacts issue) and how many offline saves still wait to sync.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Contact } from '../../../contract/contacts';
import { listContacts } from '../../api/contacts';
import { StorageKeys } from '../../session/storage-keys';
import { useAccount } from '../../session/use-account';
import { Logo } from '../../ui/logo';
import styles from './contacts.module.css';
import { useFailedSaveToasts, usePendingSaveCount } from './use-outbox-status';

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; contacts: Contact[] };

export function ContactsScreen() {
  const account = useAccount();
  const email = account?.email ?? localStorage.getItem(StorageKeys.userEmail) ?? '';
  const pendingCount = usePendingSaveCount();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  useFailedSaveToasts();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change in the queue is the trigger: a replayed save shows up here.
  useEffect(() => {
    let isCurrent = true;
    listContacts()
      .then((contacts) => isCurrent && setList({ status: 'loaded', contacts }))
      .catch(
        () =>
          isCurrent && setList((previous) => (previous.status === 'loaded' ? previous : { status: 'error' })),
      );
    return () => {
      isCurrent = false;
    };
  }, [pendingCount]);

  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Logo />
        <Link to="/settings" className={styles.settingsLink}>
          Settings
        </Link>
      </header>
      <section className={styles.body} aria-labelledby="contacts-title">
        <h1 id="contacts-title" className={styles.title}>
          Contacts
        </h1>
        <div className={styles.profile}>
          <span className={styles.avatar} aria-hidden="true">
            {(account?.name ?? email).charAt(0).toUpperCase()}
          </span>
          <div>
            {account && <p className={styles.name}>{account.name}</p>}
            <p className={styles.email}>{email}</p>
          </div>
        </div>
        {pendingCount > 0 && (
          <p className={styles.pending} role="status">
            {pendingCount === 1 ? '1 save waiting to sync' : `${pendingCount} saves waiting to sync`}
          </p>
        )}
        <ContactList state={list} />
      </section>
    </main>
  );
}

function ContactList({ state }: { state: ListState }) {
  if (state.status === 'loading') return <p className={styles.empty}>Loading contacts…</p>;
  if (state.status === 'error') return <p className={styles.empty}>Contacts could not be loaded.</p>;
  if (state.contacts.length === 0) return <p className={styles.empty}>No contacts found.</p>;
  return (
    <ul className={styles.list} aria-label="Your contacts">
      {state.contacts.map((contact) => (
        <li key={contact._id} className={styles.contact}>
          <span className={styles.avatar} aria-hidden="true">
            {contact.name.charAt(0).toUpperCase()}
          </span>
          <div>
            <p className={styles.name}>{contact.name}</p>
            {(contact.role || contact.company) && (
              <p className={styles.detail}>{[contact.role, contact.company].filter(Boolean).join(' · ')}</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
