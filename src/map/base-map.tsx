// The map every screen shows: maplibre with the resolved style, zoom buttons, attribution and failure states.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type ReactNode, type Ref, useEffect, useState } from 'react';
import MapView, {
  AttributionControl,
  type MapProps,
  type MapRef,
  NavigationControl,
} from 'react-map-gl/maplibre';
import styles from './map.module.css';
import { loadMapStyle, type MapStyle } from './map-style';
import { maplibre } from './maplibre';

export const MAP_UNAVAILABLE_MESSAGE = 'The map cannot be shown right now.';
export const MAP_FALLBACK_NOTE = 'The street map cannot be reached, so a simple world map is shown.';
/** The bundled basemap stops at its closest zoom (map-style.ts): said in place of a blank, refused zoom. */
export const MAP_ZOOM_CAP_NOTE = 'The simple world map shows no closer: streets need the online map.';

interface BaseMapProps {
  initialViewState: MapProps['initialViewState'];
  /** What the map shows, for screen readers: the canvas itself says nothing. */
  label: string;
  mapRef?: Ref<MapRef>;
  /** Called once the map is drawn and after every move or zoom, e.g. to regroup markers. */
  onViewChange?: (map: MapLibreMap) => void;
  children?: ReactNode;
}

/** The map is as close as a capped basemap goes (a small margin: maplibre may stop a hair short). */
function isAtCap(map: MapLibreMap, style: MapStyle): boolean {
  return style.maxZoom !== undefined && map.getZoom() >= style.maxZoom - 0.01;
}

type StyleLoad = { kind: 'loading' } | { kind: 'ready'; style: MapStyle } | { kind: 'failed' };

export function BaseMap({ initialViewState, label, mapRef, onViewChange, children }: BaseMapProps) {
  const [styleLoad, setStyleLoad] = useState<StyleLoad>({ kind: 'loading' });
  const [isDrawn, setIsDrawn] = useState(false);
  const [isAtMaxZoom, setIsAtMaxZoom] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    loadMapStyle().then(
      (style) => isCurrent && setStyleLoad({ kind: 'ready', style }),
      () => isCurrent && setStyleLoad({ kind: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  if (styleLoad.kind === 'failed') {
    return (
      <div className={styles.unavailable} role="alert">
        {MAP_UNAVAILABLE_MESSAGE}
      </div>
    );
  }

  return (
    <section className={styles.frame} aria-label={label} aria-busy={!isDrawn}>
      {styleLoad.kind === 'ready' && (
        <MapView
          ref={mapRef}
          mapLib={maplibre}
          mapStyle={styleLoad.style.spec}
          maxZoom={styleLoad.style.maxZoom}
          initialViewState={initialViewState}
          attributionControl={false}
          style={{ width: '100%', height: '100%' }}
          onLoad={(event) => {
            setIsDrawn(true);
            setIsAtMaxZoom(isAtCap(event.target, styleLoad.style));
            onViewChange?.(event.target);
          }}
          onMoveEnd={(event) => {
            setIsAtMaxZoom(isAtCap(event.target, styleLoad.style));
            onViewChange?.(event.target);
          }}
          onError={(event) => {
            // Only a map that could not start (no WebGL) has no target; a missing tile is not worth a word.
            if (event.target === null) setStyleLoad({ kind: 'failed' });
          }}
        >
          <NavigationControl position="top-right" showCompass={false} />
          <AttributionControl position="bottom-right" compact />
          {children}
        </MapView>
      )}
      {styleLoad.kind === 'ready' && (styleLoad.style.isFallback || isAtMaxZoom) && (
        <div className={styles.note} role="status">
          {styleLoad.style.isFallback && <p>{MAP_FALLBACK_NOTE}</p>}
          {isAtMaxZoom && <p>{MAP_ZOOM_CAP_NOTE}</p>}
        </div>
      )}
    </section>
  );
}
