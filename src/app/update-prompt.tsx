// The banner offering a new version of the app once its service worker is waiting.
import { Button } from '../ui/button';
import { useUpdateStore } from './service-worker';
import styles from './shell.module.css';

export function UpdatePrompt() {
  const applyUpdate = useUpdateStore((state) => state.applyUpdate);
  if (!applyUpdate) return null;
  return (
    <aside className={styles.updatePrompt} aria-label="Update available" aria-live="polite">
      <p>A new version of Tapnet is available.</p>
      <div className={styles.updateActions}>
        <Button variant="quiet" onClick={() => useUpdateStore.setState({ applyUpdate: null })}>
          Later
        </Button>
        <Button onClick={applyUpdate}>Reload</Button>
      </div>
    </aside>
  );
}
