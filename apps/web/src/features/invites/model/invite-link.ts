/** spec §5: a relative invite link from the server is made absolute against the page address. */
export function absoluteInviteLink(
  link: string,
  pageAddress: string = window.location.href,
): string {
  return new URL(link, pageAddress).toString();
}

/** 'Share link' where the browser can share natively, else 'Copy to Clipboard' (spec §2). */
export const canShareNatively = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';
