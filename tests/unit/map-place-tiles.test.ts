// Which online tiles are kept around the places where the member met people (src/map/place-tiles.ts):
// the newest places first, one per spot, a bounded block of tiles at the street zooms, in the zooms the
// map would really ask for.
import { describe, expect, it } from 'vitest';
import type { MapContact } from '../../contract/contacts';
import {
  MAX_PLACES,
  newestPlaces,
  placeTileUrls,
  type TileSource,
  tileOf,
  VIEW_ZOOMS,
} from '../../src/map/place-tiles';

const LYON = { lat: 45.764, lng: 4.8357 };
const LONDON = { lat: 51.5074, lng: -0.1278 };

function contactAt(place: { lat: number; lng: number }, dateAdded: string, id = dateAdded): MapContact {
  return { _id: id, name: `Met ${dateAdded}`, dateAdded, whereMet: null, event: null, ...place };
}

const vectorSource: TileSource = {
  templates: ['https://tiles.example/planet/{z}/{x}/{y}.pbf'],
  minZoom: 0,
  maxZoom: 14,
  tileSize: 512,
};

describe('tiles around saved places', () => {
  it('finds the tile that holds a place, as web maps number them', () => {
    // Lyon at zoom 10 is tile 525/365 on every xyz tile server.
    expect(tileOf(LYON, 10)).toEqual({ x: 525, y: 365 });
    expect(tileOf({ lat: 0, lng: 0 }, 1)).toEqual({ x: 1, y: 1 });
    expect(tileOf({ lat: 89.9, lng: 180 }, 2)).toEqual({ x: 3, y: 0 });
  });

  it('keeps the newest places first and one per spot', () => {
    const places = newestPlaces([
      contactAt(LONDON, '2026-01-01T10:00:00Z'),
      contactAt(LYON, '2026-03-01T10:00:00Z'),
      contactAt({ lat: LYON.lat + 0.0001, lng: LYON.lng }, '2026-02-01T10:00:00Z'),
    ]);
    expect(places).toEqual([LYON, LONDON]);
  });

  it('keeps at most a bounded number of places', () => {
    const contacts = Array.from({ length: MAX_PLACES + 5 }, (_, at) =>
      contactAt({ lat: 40 + at, lng: 2 }, new Date(Date.UTC(2026, 0, 1 + at)).toISOString()),
    );
    const places = newestPlaces(contacts);
    expect(places).toHaveLength(MAX_PLACES);
    expect(places[0]).toEqual({ lat: 40 + MAX_PLACES + 4, lng: 2 });
  });

  it('asks for the tiles a desktop view needs at each street zoom, and no deeper than the source goes', () => {
    const urls = placeTileUrls([LYON], [vectorSource]);
    const zooms = urls.map((url) => url.split('/')[4]);
    // The view at 15 is drawn from zoom 14 tiles, which are already there.
    expect(new Set(zooms)).toEqual(new Set(['13', '14']));
    // 1280 × 800 px of 512 px tiles: 3 or 4 columns, 2 or 3 rows around the place's own tile.
    for (const zoom of ['13', '14']) {
      const count = zooms.filter((each) => each === zoom).length;
      expect(count).toBeGreaterThanOrEqual(6);
      expect(count).toBeLessThanOrEqual(12);
    }
    const centre = tileOf(LYON, 14);
    expect(urls).toContain(`https://tiles.example/planet/14/${centre.x}/${centre.y}.pbf`);
    expect(urls).toContain(`https://tiles.example/planet/14/${centre.x + 1}/${centre.y}.pbf`);
    expect(urls).toContain(`https://tiles.example/planet/14/${centre.x - 1}/${centre.y}.pbf`);
  });

  it('asks a 256 px source one zoom deeper, as the map does, and more of its smaller tiles', () => {
    const raster: TileSource = {
      ...vectorSource,
      templates: ['https://r.example/{z}/{x}/{y}.png'],
      maxZoom: 19,
      tileSize: 256,
    };
    const urls = placeTileUrls([LYON], [raster]);
    const zooms = new Set(urls.map((url) => url.split('/')[3]));
    expect([...zooms]).toEqual(VIEW_ZOOMS.map((zoom) => String(zoom + 1)));
    // 1280 px of 256 px tiles: at least 5 columns, and 800 px at least 3 rows, at each zoom.
    expect(urls.length).toBeGreaterThanOrEqual(VIEW_ZOOMS.length * 5 * 3);
  });

  it('lists the newest place first, and a tile two places share once', () => {
    const near = { lat: LYON.lat, lng: LYON.lng + 0.01 };
    const urls = placeTileUrls([LYON, near, LONDON], [vectorSource]);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls[0]).toContain('/13/');
    expect(
      urls.findIndex((url) => url.includes(`/14/${tileOf(LONDON, 14).x}/${tileOf(LONDON, 14).y}.`)),
    ).toBeGreaterThan(
      urls.findIndex((url) => url.includes(`/14/${tileOf(LYON, 14).x}/${tileOf(LYON, 14).y}.`)),
    );
  });
});
