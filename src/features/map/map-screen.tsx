// /map (spec §2): every contact with a location on one full-screen map, and the way back to /contacts.
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { MapContact } from '../../../contract/contacts';
import { MapContactsResource } from '../../api/contacts';
import { keepPlaceTiles } from '../../db/response-caches';
import { usePendingInvitationCount } from '../../sync/invitation-count';
import { useCachedResource } from '../../sync/use-cached-resource';
import appBar from '../../ui/app-bar.module.css';
import { AppHeader } from '../../ui/app-header';
import { BackLink } from '../../ui/back-link';
import { LoadFailed } from '../../ui/load-failed';
import { LoadingPlaceholder } from '../../ui/loading-placeholder';
import { Notice } from '../../ui/notice';
import { filterMapContacts, isTimeWindow, type MapFilters, mapEvents, TIME_WINDOWS } from './map-filters';
import { MapLoadBoundary } from './map-load-boundary';
import styles from './map-screen.module.css';

// maplibre is most of the map's weight: kept out of this screen's chunk, so the loading state shows at
// once, and fetched alongside the contacts rather than after them.
const loadContactsMap = () => import('../../map/contacts-map');
const ContactsMap = lazy(async () => ({ default: (await loadContactsMap()).ContactsMap }));
const loadPlaceTiles = () => import('../../map/place-tile-sources');
const LOADING_LABEL = 'Loading the map…';

/** Spec §8 Empty states. */
export const NO_LOCATION_DATA = 'No location data available';
// The spec names no message for these failures.
export const FETCH_MAP_CONTACTS_FAILED = 'Failed to load your contacts for the map.';
const MAP_LOAD_FAILED = 'The map could not be loaded.';
export const NO_MATCH = 'No one you met matches these filters.';

/** A name on the map opens that contact on the contacts screen (issue 27). */
function contactPath(contactId: string): string {
  return `/contacts?contact=${encodeURIComponent(contactId)}`;
}

export function MapScreen() {
  const load = useCachedResource(MapContactsResource);

  useEffect(() => {
    // A failed download shows where the map would be (MapLoadBoundary); nothing to do here.
    loadContactsMap().catch(() => {});
  }, []);

  // Online, the street tiles around everyone's places are kept for offline use (src/map/place-tiles.ts).
  const located = load.status === 'ready' ? load.value : null;
  useEffect(() => {
    if (!located?.length) return;
    // Best effort: without it the map still works, with the tiles it has seen.
    loadPlaceTiles()
      .then(({ tilesAroundPlaces }) => tilesAroundPlaces(located))
      .then(keepPlaceTiles)
      .catch(() => {});
  }, [located]);

  return (
    <div className={appBar.screen} data-fills-viewport>
      <AppHeader invitationCount={usePendingInvitationCount()} />
      <main className={styles.main}>
        <div className={`${appBar.bar} ${styles.titleBar}`}>
          <BackLink to="/contacts" />
          <h1 className={styles.title}>Map</h1>
        </div>
        <div className={styles.body}>
          {load.status === 'loading' && <LoadingPlaceholder label={LOADING_LABEL} />}
          {load.status === 'failed' && (
            <LoadFailed message={FETCH_MAP_CONTACTS_FAILED} onRetry={load.retry} />
          )}
          {load.status === 'ready' && load.value.length === 0 && (
            <div className={styles.message}>
              <p className={styles.empty}>{NO_LOCATION_DATA}</p>
            </div>
          )}
          {load.status === 'ready' && load.value.length > 0 && <FilteredMap contacts={load.value} />}
        </div>
      </main>
    </div>
  );
}

/** The filters above the map, and the map of the contacts they keep, fitted to them. */
function FilteredMap({ contacts }: { contacts: readonly MapContact[] }) {
  const [filters, setFilters] = useState<MapFilters>({ event: null, time: 'all' });
  const events = useMemo(() => mapEvents(contacts), [contacts]);
  const shown = useMemo(() => filterMapContacts(contacts, filters, Date.now()), [contacts, filters]);

  return (
    <div className={styles.filtered}>
      {/* biome-ignore lint/a11y/useSemanticElements: a row of choices above the map, not a form's fieldset. */}
      <div className={styles.filters} role="group" aria-label="Show on the map">
        <label className={styles.filter}>
          <span className={styles.filterLabel}>When</span>
          <select
            value={filters.time}
            onChange={(event) =>
              isTimeWindow(event.target.value) && setFilters({ ...filters, time: event.target.value })
            }
          >
            {TIME_WINDOWS.map((window) => (
              <option key={window.id} value={window.id}>
                {window.label}
              </option>
            ))}
          </select>
        </label>
        {events.length > 0 && (
          <label className={styles.filter}>
            <span className={styles.filterLabel}>Event</span>
            <select
              value={filters.event ?? ''}
              onChange={(event) => setFilters({ ...filters, event: event.target.value || null })}
            >
              <option value="">Any event</option>
              {events.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {shown.length === 0 ? (
        <div className={styles.message}>
          <p className={styles.empty}>{NO_MATCH}</p>
        </div>
      ) : (
        <div className={styles.mapArea}>
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
              {/* A new choice draws the map again, fitted to the contacts it keeps. */}
              <ContactsMap
                key={`${filters.time} ${filters.event}`}
                contacts={shown}
                contactPath={contactPath}
              />
            </Suspense>
          </MapLoadBoundary>
        </div>
      )}
    </div>
  );
}
