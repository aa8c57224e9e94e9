// The contacts screen's bottom panel map: where the selected contact was met (spec §4 Contacts page).
import { useEffect, useRef } from 'react';
import { type MapRef, Marker } from 'react-map-gl/maplibre';
import { BaseMap } from './base-map';
import { CONTACT_ZOOM } from './contacts-map';
import styles from './map.module.css';

/** Spec §9: where the map opens for a contact without a place. */
export const DEFAULT_CENTRE = { lat: 51.505, lng: -0.09 };
export const DEFAULT_ZOOM = 13;

type Location = { lat: number; lng: number };

function viewOf(location: Location | null) {
  return location
    ? { longitude: location.lng, latitude: location.lat, zoom: CONTACT_ZOOM }
    : { longitude: DEFAULT_CENTRE.lng, latitude: DEFAULT_CENTRE.lat, zoom: DEFAULT_ZOOM };
}

export default function ContactLocationMap({ location }: { location: Location | null }) {
  const mapRef = useRef<MapRef>(null);
  const lat = location?.lat;
  const lng = location?.lng;

  // Another contact selected: the same map moves there instead of starting over.
  useEffect(() => {
    const view = viewOf(lat === undefined || lng === undefined ? null : { lat, lng });
    mapRef.current?.flyTo({ center: [view.longitude, view.latitude], zoom: view.zoom });
  }, [lat, lng]);

  return (
    <div className={styles.fill}>
      <BaseMap
        mapRef={mapRef}
        label={location ? 'Where you met this contact' : 'Map'}
        initialViewState={viewOf(location)}
      >
        {location && (
          <Marker longitude={location.lng} latitude={location.lat} anchor="bottom">
            <span className={styles.pin} role="img" aria-label="Where you met" />
          </Marker>
        )}
      </BaseMap>
    </div>
  );
}
