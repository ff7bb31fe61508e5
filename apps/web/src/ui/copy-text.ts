/** The Clipboard API where the page may use it; the selection and execCommand elsewhere (http). */
export async function copyText(text: string, field: HTMLInputElement | HTMLTextAreaElement | null) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  field?.select();
  if (!document.execCommand('copy')) throw new Error('The browser refused to copy');
}
