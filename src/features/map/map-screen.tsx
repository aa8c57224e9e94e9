// /map (spec §2): every contact with a location on one full-screen map, and the way back to /contacts.
import { lazy, Suspense, useEffect } from 'react';
import { MapContactsResource } from '../../api/contacts';
import { useCachedResource } from '../../sync/use-cached-resource';
import appBar from '../../ui/app-bar.module.css';
import { BackLink } from '../../ui/back-link';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { MapLoadBoundary } from './map-load-boundary';
import styles from './map-screen.module.css';

// maplibre is most of the map's weight: kept out of this screen's chunk, so the loading state shows at
// once, and fetched alongside the contacts rather than after them.
const loadContactsMap = () => import('../../map/contacts-map');
const ContactsMap = lazy(async () => ({ default: (await loadContactsMap()).ContactsMap }));
const LOADING_LABEL = 'Loading the map…';

/** Spec §8 Empty states. */
export const NO_LOCATION_DATA = 'No location data available';
// The spec names no message for these failures.
export const FETCH_MAP_CONTACTS_FAILED = 'Failed to load your contacts for the map.';
const MAP_LOAD_FAILED = 'The map could not be loaded.';

export function MapScreen() {
  const load = useCachedResource(MapContactsResource);

  useEffect(() => {
    // A failed download shows where the map would be (MapLoadBoundary); nothing to do here.
    loadContactsMap().catch(() => {});
  }, []);

  return (
    <main className={appBar.screen}>
      <header className={`${appBar.bar} ${styles.header}`}>
        <BackLink to="/contacts" />
        <h1 className={styles.title}>Map</h1>
      </header>
      <div className={styles.body}>
        {load.status === 'loading' && <LoadingPlaceholder label={LOADING_LABEL} />}
        {load.status === 'failed' && <LoadFailed message={FETCH_MAP_CONTACTS_FAILED} onRetry={load.retry} />}
        {load.status === 'ready' && load.value.length === 0 && (
          <div className={styles.message}>
            <p className={styles.empty}>{NO_LOCATION_DATA}</p>
          </div>
        )}
        {load.status === 'ready' && load.value.length > 0 && (
          <MapLoadBoundary
            fallback={
              <div className={styles.message}>
                <Notice tone="error" title={MAP_LOAD_FAILED}>
                  Check your connection and reload the page.
                </Notice>
              </div>
            }
          >
            <Suspense fallback={<LoadingPlaceholder label={LOADING_LABEL} />}>
              <ContactsMap contacts={load.value} />
            </Suspense>
          </MapLoadBoundary>
        )}
      </div>
    </main>
  );
}
