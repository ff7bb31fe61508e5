import type { Page } from '@playwright/test';

/**
 * Sets the page's answer to "show notifications?" for its origin, as a person would in the site
 * settings. Playwright's `grantPermissions` can only grant, and a setting made after it does not
 * take: a page that is to be denied later is granted here too.
 */
export async function setNotificationsPermission(page: Page, setting: 'granted' | 'denied') {
  const context = page.context();
  const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
  const browser = await context.browser()!.newBrowserCDPSession();
  await browser.send('Browser.setPermission', {
    browserContextId: targetInfo.browserContextId,
    origin: new URL(page.url()).origin,
    permission: { name: 'notifications' },
    setting,
  });
  // Not detached: the setting lasts only as long as the session that made it.
}
