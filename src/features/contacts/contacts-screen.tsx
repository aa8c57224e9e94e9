// /contacts: the signed-in landing page. The contact list itself arrives with the contacts issue.
import { Link } from 'react-router';
import { StorageKeys } from '../../session/storage-keys';
import { useAccount } from '../../session/use-account';
import { Logo } from '../../ui/logo';
import styles from './contacts.module.css';

export function ContactsScreen() {
  const account = useAccount();
  const email = account?.email ?? localStorage.getItem(StorageKeys.userEmail) ?? '';

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
        <p className={styles.empty}>Contacts you save from Tapnet cards will appear here.</p>
      </section>
    </main>
  );
}
