// Every located contact as a named marker; choosing one shows who it is, when they were added and where
// they met, with a link that opens the contact. Markers that would cover each other (people met at one
// place) become one marker for the group, whose popup lists every name, each a link to that contact,
// so no contact is hidden under another.

import type { LngLatBoundsLike, Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Popup } from 'react-map-gl/maplibre';
import { Link } from 'react-router';
import type { MapContact } from '../../contract/contacts';
import { formatDate } from '../ui/format';
import list from '../ui/list.module.css';
import { BaseMap } from './base-map';
import styles from './map.module.css';

/** Spec §9: a contact's place is shown at this zoom. */
export const CONTACT_ZOOM = 15;
/**
 * Room around the contacts when the map fits them: more at the top, where a name tag rises above its
 * place and the map's note sits, so the northernmost name is not cut off or covered.
 */
const FIT_PADDING_PX = { top: 120, right: 64, bottom: 48, left: 64 };
/** Name tags closer than this on screen would overlap (a tag is up to 168 px wide, 40 px high). */
const GROUP_DISTANCE_PX = 44;

export function formatDateAdded(dateAdded: string): string {
  return `Added ${formatDate(dateAdded, 'medium')}`;
}

/** What a screen reader hears for one contact, and what a group's list shows of each. */
function describeContact(contact: MapContact): string {
  const met = contact.whereMet ? `, met ${contact.whereMet}` : '';
  return `${contact.name}, ${formatDateAdded(contact.dateAdded)}${met}`;
}

function boundsOf(contacts: readonly MapContact[]): LngLatBoundsLike {
  const lngs = contacts.map((contact) => contact.lng);
  const lats = contacts.map((contact) => contact.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** Contacts drawn as one marker, at the place of the first of them. */
interface MarkerGroup {
  key: string;
  lng: number;
  lat: number;
  members: MapContact[];
}

function groupOf(members: MapContact[]): MarkerGroup {
  const [first] = members as [MapContact, ...MapContact[]];
  return { key: members.map((contact) => contact._id).join(' '), lng: first.lng, lat: first.lat, members };
}

/**
 * Groups contacts whose markers would overlap at the map's current zoom; without a map yet, those at
 * the very same place (which overlap at any zoom). Greedy, in the order given: a few hundred contacts
 * at most, regrouped once a move ends.
 */
function groupMarkers(contacts: readonly MapContact[], map?: MapLibreMap): MarkerGroup[] {
  const groups: { x: number; y: number; members: MapContact[] }[] = [];
  for (const contact of contacts) {
    const point = map ? map.project([contact.lng, contact.lat]) : { x: contact.lng, y: contact.lat };
    const reach = map ? GROUP_DISTANCE_PX : 0;
    const near = groups.find((group) => Math.hypot(group.x - point.x, group.y - point.y) <= reach);
    if (near) near.members.push(contact);
    else groups.push({ x: point.x, y: point.y, members: [contact] });
  }
  return groups.map((group) => groupOf(group.members));
}

interface ContactsMapProps {
  contacts: readonly MapContact[];
  /** Where a contact's name in a popup leads: the screen that shows them. */
  contactPath: (contactId: string) => string;
}

/** Opens on all of `contacts` at once (one contact: at contact zoom). Expects at least one contact. */
export function ContactsMap({ contacts, contactPath }: ContactsMapProps) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [groups, setGroups] = useState(() => groupMarkers(contacts));
  const markerButtons = useRef(new Map<string, HTMLButtonElement>());
  const open = groups.find((group) => group.key === openKey);

  const regroup = useCallback((map: MapLibreMap) => setGroups(groupMarkers(contacts, map)), [contacts]);

  const initialViewState = useMemo(() => {
    const [first] = contacts;
    if (contacts.length === 1 && first) {
      return { longitude: first.lng, latitude: first.lat, zoom: CONTACT_ZOOM };
    }
    return {
      bounds: boundsOf(contacts),
      fitBoundsOptions: { padding: FIT_PADDING_PX, maxZoom: CONTACT_ZOOM },
    };
  }, [contacts]);

  // Escape closes the open popup, as it would a dialog, and gives the focus back to its marker.
  useEffect(() => {
    if (!openKey) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      markerButtons.current.get(openKey)?.focus();
      setOpenKey(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [openKey]);

  return (
    <div className={styles.fill}>
      <BaseMap
        label={`Map of ${contacts.length === 1 ? '1 contact' : `${contacts.length} contacts`}`}
        initialViewState={initialViewState}
        onViewChange={regroup}
      >
        {groups.map((group) => {
          const [only] = group.members;
          const isSingle = group.members.length === 1 && only;
          return (
            <Marker key={group.key} longitude={group.lng} latitude={group.lat} anchor="bottom">
              <button
                ref={(button) => {
                  if (button) markerButtons.current.set(group.key, button);
                  else markerButtons.current.delete(group.key);
                }}
                type="button"
                className={isSingle ? styles.marker : `${styles.marker} ${styles.groupMarker}`}
                aria-label={
                  isSingle
                    ? describeContact(only)
                    : `${group.members.length} contacts here: ${group.members.map((contact) => contact.name).join(', ')}`
                }
                aria-expanded={group.key === openKey}
                onClick={(event) => {
                  // Without this the map also takes the click as one on the map, and that closes the popup
                  // this click has just opened (seen in the e2e journey, on touch and mouse alike).
                  event.stopPropagation();
                  setOpenKey(group.key === openKey ? null : group.key);
                }}
              >
                <span className={styles.markerName} aria-hidden="true">
                  {isSingle ? only.name : `${group.members.length} contacts`}
                </span>
              </button>
            </Marker>
          );
        })}
        {open && (
          <Popup
            longitude={open.lng}
            latitude={open.lat}
            anchor="top"
            offset={8}
            closeButton={false}
            maxWidth="280px"
            onClose={() => setOpenKey(null)}
          >
            {open.members.length === 1 ? (
              open.members.map((contact) => (
                <ContactSummary key={contact._id} contact={contact} path={contactPath(contact._id)} />
              ))
            ) : (
              <ul
                className={`${list.stack} ${styles.groupList}`}
                aria-label={`${open.members.length} contacts met here`}
              >
                {open.members.map((contact) => (
                  <li key={contact._id}>
                    <ContactSummary contact={contact} path={contactPath(contact._id)} />
                  </li>
                ))}
              </ul>
            )}
          </Popup>
        )}
      </BaseMap>
    </div>
  );
}

function ContactSummary({ contact, path }: { contact: MapContact; path: string }) {
  return (
    <div className={styles.popup}>
      <p className={styles.popupName}>
        <Link to={path}>{contact.name}</Link>
      </p>
      <p className={styles.popupDate}>{formatDateAdded(contact.dateAdded)}</p>
      {contact.whereMet && <p className={styles.popupPlace}>Met {contact.whereMet}</p>}
    </div>
  );
}
