// Every located contact as a named marker; choosing one shows who it is and when they were added.
import type { LngLatBoundsLike } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Marker, Popup } from 'react-map-gl/maplibre';
import type { MapContact } from '../../contract/contacts';
import { BaseMap } from './base-map';
import styles from './map.module.css';

/** Spec §9: a contact's place is shown at this zoom. */
export const CONTACT_ZOOM = 15;
const FIT_PADDING_PX = 64;

const DATE_ADDED_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export function formatDateAdded(dateAdded: string): string {
  return `Added ${DATE_ADDED_FORMAT.format(new Date(dateAdded))}`;
}

function boundsOf(contacts: readonly MapContact[]): LngLatBoundsLike {
  const lngs = contacts.map((contact) => contact.lng);
  const lats = contacts.map((contact) => contact.lat);
  return [Math.min(...lngs), Math.min(...lats), Math.max(...lngs), Math.max(...lats)];
}

/** Opens on all of `contacts` at once (one contact: at contact zoom). Expects at least one contact. */
export function ContactsMap({ contacts }: { contacts: readonly MapContact[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const markerButtons = useRef(new Map<string, HTMLButtonElement>());
  const open = contacts.find((contact) => contact._id === openId);

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
    if (!openId) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      markerButtons.current.get(openId)?.focus();
      setOpenId(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [openId]);

  return (
    <div className={styles.fill}>
      <BaseMap
        label={`Map of ${contacts.length === 1 ? '1 contact' : `${contacts.length} contacts`}`}
        initialViewState={initialViewState}
      >
        {contacts.map((contact) => (
          <Marker key={contact._id} longitude={contact.lng} latitude={contact.lat} anchor="bottom">
            <button
              ref={(button) => {
                if (button) markerButtons.current.set(contact._id, button);
                else markerButtons.current.delete(contact._id);
              }}
              type="button"
              className={styles.marker}
              aria-label={`${contact.name}, ${formatDateAdded(contact.dateAdded)}`}
              aria-expanded={contact._id === openId}
              onClick={(event) => {
                // Without this the map also takes the click as one on the map, and that closes the popup
                // this click has just opened (seen in the e2e journey, on touch and mouse alike).
                event.stopPropagation();
                setOpenId(contact._id === openId ? null : contact._id);
              }}
            >
              <span className={styles.markerName} aria-hidden="true">
                {contact.name}
              </span>
            </button>
          </Marker>
        ))}
        {open && (
          <Popup
            longitude={open.lng}
            latitude={open.lat}
            anchor="top"
            offset={8}
            closeButton={false}
            onClose={() => setOpenId(null)}
          >
            <div className={styles.popup}>
              <p className={styles.popupName}>{open.name}</p>
              <p className={styles.popupDate}>{formatDateAdded(open.dateAdded)}</p>
            </div>
          </Popup>
        )}
      </BaseMap>
    </div>
  );
}
