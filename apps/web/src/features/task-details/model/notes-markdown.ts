import DOMPurify from 'dompurify';
import { marked } from 'marked';

/**
 * Notes are plain text with a small markdown subset (issue 31): bold, italic, lists, links, and
 * paragraphs and line breaks. Markdown is read by `marked`; what it makes is cut down to those
 * tags by DOMPurify, so raw HTML typed into notes never reaches the page as HTML.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'code'];
/** Links only to the web and to mail (ARCHITECTURE §5, as links in task names). */
const SAFE_LINK = /^(?:https?:|mailto:)/i;

const purifier = DOMPurify();
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  const href = node.getAttribute('href') ?? '';
  if (!SAFE_LINK.test(href)) {
    node.removeAttribute('href');
    return;
  }
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** The notes as safe HTML for the sheet to show. */
export function notesToHtml(notes: string): string {
  const html = marked.parse(notes, { async: false, gfm: true, breaks: true });
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: SAFE_LINK,
  });
}
