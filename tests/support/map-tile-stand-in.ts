// A stand-in for the public tile server (OpenFreeMap by default), on loopback: the one boundary the map
// journeys mock, since the machines that run them have no internet. It serves what a hosted MapLibre
// style needs (the style, raster tiles, glyphs and a sprite), with the CORS header a real one sends,
// and records every path asked for.
import { createServer, type Server } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

export const STAND_IN_STYLE_PATH = '/styles/stand-in.json';

/**
 * Next to the SMTP sink's two ports (playwright.config.ts), so runs that share a machine keep apart.
 * The e2e server's MAP_STYLE_URL points here; the stand-in runs only during the journeys that need it,
 * so every other journey meets a tile server that is down.
 */
export function tileStandInPort(): number {
  return Number(process.env.E2E_SMTP_PORT ?? 2587) + 2;
}

export function standInStyleUrl(): string {
  return `http://127.0.0.1:${tileStandInPort()}${STAND_IN_STYLE_PATH}`;
}

/** A PNG of one colour: enough for a tile or a sprite sheet. */
function solidPng(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function styleFor(origin: string) {
  return {
    version: 8,
    name: 'Stand-in',
    glyphs: `${origin}/fonts/{fontstack}/{range}.pbf`,
    sprite: `${origin}/sprites/stand-in`,
    sources: {
      places: {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { name: 'Stand-in Town' },
              geometry: { type: 'Point', coordinates: [4.8357, 45.764] },
            },
          ],
        },
      },
      land: {
        type: 'raster',
        tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
        tileSize: 256,
        maxzoom: 19,
        attribution: 'Stand-in tiles',
      },
    },
    layers: [
      { id: 'land', type: 'raster', source: 'land' },
      {
        id: 'places',
        type: 'symbol',
        source: 'places',
        layout: { 'text-field': ['get', 'name'], 'text-font': ['Stand-in Sans'], 'icon-image': 'dot' },
      },
    ],
  };
}

export interface TileStandIn {
  origin: string;
  /** Every path asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

export async function startTileStandIn(port: number): Promise<TileStandIn> {
  const origin = `http://127.0.0.1:${port}`;
  const requested: string[] = [];
  const tile = solidPng(256, 256, [214, 232, 200]);
  const spriteSheet = solidPng(2, 2, [200, 40, 40]);
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    requested.push(path);
    response.setHeader('access-control-allow-origin', '*');
    if (path === STAND_IN_STYLE_PATH) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(styleFor(origin)));
    } else if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
      response.setHeader('content-type', 'image/png');
      response.end(tile);
    } else if (/^\/sprites\/stand-in(@2x)?\.json$/.test(path)) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ dot: { x: 0, y: 0, width: 2, height: 2, pixelRatio: 1 } }));
    } else if (/^\/sprites\/stand-in(@2x)?\.png$/.test(path)) {
      response.setHeader('content-type', 'image/png');
      response.end(spriteSheet);
    } else if (path.startsWith('/fonts/')) {
      // An empty glyph set is a valid one: the stand-in draws no labels.
      response.setHeader('content-type', 'application/x-protobuf');
      response.end(Buffer.alloc(0));
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
