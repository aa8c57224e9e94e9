// How to add the address book on each kind of device, with this server's own address filled in.
import { Panel } from '../../ui/panel';
import styles from './other-apps.module.css';
import { serverAddress, serverHost } from './server-address';

interface Guide {
  device: string;
  steps: (server: { address: string; host: string }) => string[];
}

const GUIDES: Guide[] = [
  {
    device: 'iPhone and iPad',
    steps: ({ host }) => [
      'Open Settings → Apps → Contacts → Contacts Accounts → Add Account → Other.',
      'Tap Add CardDAV Account.',
      `Server: ${host}. User name: your Tapnet e-mail. Password: a new app password. Tap Next.`,
      'Your Tapnet contacts appear in Contacts and Phone within a minute.',
    ],
  },
  {
    device: 'Mac',
    steps: ({ host }) => [
      'Open Contacts → Settings → Accounts, and click +.',
      'Choose Other Contacts Account…, then CardDAV and Manual.',
      `User name: your Tapnet e-mail. Password: a new app password. Server address: ${host}. Click Sign In.`,
    ],
  },
  {
    device: 'Android (DAVx⁵)',
    steps: ({ address }) => [
      'Install DAVx⁵ from Google Play or F-Droid, open it and tap +.',
      `Choose Login with URL and user name. Base URL: ${address}. User name: your Tapnet e-mail. Password: a new app password.`,
      'Or scan the QR code shown with a new app password: DAVx⁵ opens with everything filled in.',
      'Tap Create account, then turn on the address book “Tapnet”.',
    ],
  },
  {
    device: 'Thunderbird',
    steps: ({ address }) => [
      'Open the Address Book, then New Address Book → Add CardDAV Address Book.',
      `User name: your Tapnet e-mail. Location: ${address}. Click Continue.`,
      'Enter a new app password when asked, and choose the address book “Tapnet”.',
    ],
  },
];

export function SetupSteps() {
  const server = { address: serverAddress(), host: serverHost() };
  return (
    <Panel
      title="Set up a device"
      description="Use an address that starts with https://: iPhone, iPad and Mac send no password over plain http."
    >
      <div className={styles.guides}>
        {GUIDES.map((guide) => (
          <details key={guide.device} className={styles.guide}>
            <summary className={styles.guideTitle}>{guide.device}</summary>
            <ol className={styles.steps}>
              {guide.steps(server).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </details>
        ))}
      </div>
    </Panel>
  );
}
