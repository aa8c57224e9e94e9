// A second device of a member: a browser context of its own (its own IndexedDB and storage), the same
// size as the project's, as a second phone or a laptop is.
import type { Browser, Page } from '@playwright/test';
import { test } from './fixtures';
import { LoginPage } from './pages/login-page';

/** A new browser context the size of this project's, signed in as `member`. */
export async function secondDevice(
  browser: Browser,
  member: { email: string; password: string },
): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  await new LoginPage(page).signIn(member);
  return page;
}
