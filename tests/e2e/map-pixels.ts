// What the map's canvas shows, read from a screenshot: maplibre draws names and tiles into WebGL, where
// no locator reaches. The markers, popups and buttons over it are hidden while it is taken.
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';

const OVER_THE_MAP = '.maplibregl-marker, .maplibregl-popup, .maplibregl-control-container, [role="status"]';

export interface MapPixels {
  /** Share of pixels dark enough to be lettering (the basemap's land, water and borders are all light). */
  inkShare: number;
  /** Share of pixels within a few levels of `rgb`. */
  shareOf(rgb: readonly [number, number, number]): number;
}

export async function mapPixels(page: Page): Promise<MapPixels> {
  // Through the CSSOM, which the app's Content-Security-Policy allows (a <style> tag it would refuse).
  const over = page.locator(OVER_THE_MAP);
  await over.evaluateAll((elements) => {
    for (const element of elements) if (element instanceof HTMLElement) element.style.visibility = 'hidden';
  });
  const shot = PNG.sync.read(await page.locator('canvas.maplibregl-canvas').screenshot());
  await over.evaluateAll((elements) => {
    for (const element of elements) if (element instanceof HTMLElement) element.style.visibility = '';
  });
  const pixels = shot.width * shot.height;
  const count = (test: (r: number, g: number, b: number) => boolean): number => {
    let found = 0;
    for (let at = 0; at < shot.data.length; at += 4) {
      if (test(shot.data[at] ?? 0, shot.data[at + 1] ?? 0, shot.data[at + 2] ?? 0)) found++;
    }
    return found / pixels;
  };
  return {
    inkShare: count((r, g, b) => 0.2126 * r + 0.7152 * g + 0.0722 * b < 130),
    shareOf: ([red, green, blue]) =>
      count((r, g, b) => Math.abs(r - red) <= 6 && Math.abs(g - green) <= 6 && Math.abs(b - blue) <= 6),
  };
}
