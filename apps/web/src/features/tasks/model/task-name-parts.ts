import { LIMITS } from '@hustle/shared/constants';

export type TaskNamePart =
  { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/** Candidates only; each is checked with the URL parser before it becomes a link. */
const LINK_CANDIDATE = /\b(?:https?:\/\/|mailto:)[^\s<>"]+/gi;
/** Sentence punctuation right after a link belongs to the sentence, not to the address. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** spec §2: link text is cut to 27 characters plus an ellipsis. */
export function shortenLinkText(text: string): string {
  return text.length > LIMITS.linkTextMaxLength
    ? `${text.slice(0, LIMITS.linkTextMaxLength)}…`
    : text;
}

function asLink(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Splits a task name into plain text and links. Only http, https and mailto addresses become
 * links (ARCHITECTURE §5: React would happily render a `javascript:` or `data:` href).
 */
export function taskNameParts(name: string): TaskNamePart[] {
  const parts: TaskNamePart[] = [];
  let textStart = 0;
  for (const match of name.matchAll(LINK_CANDIDATE)) {
    const raw = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = raw ? asLink(raw) : null;
    if (!href) continue;
    if (match.index > textStart) {
      parts.push({ kind: 'text', text: name.slice(textStart, match.index) });
    }
    parts.push({ kind: 'link', href, text: shortenLinkText(raw) });
    textStart = match.index + raw.length;
  }
  if (textStart < name.length) parts.push({ kind: 'text', text: name.slice(textStart) });
  return parts;
}
