import type { Day } from '../days.ts';
import { instantAt } from '../local-instant.ts';
import type { QuickAddContext, QuickAddPart } from './quick-add-parts.ts';
import { findReminderPhrases } from './reminder-phrases.ts';
import { blank, keyOf, type Span } from './spans.ts';

/** The day a time is on: the day or deadline phrase nearest to it, else today. */
function dayFor(time: Span, parts: readonly QuickAddPart[], today: Day): Day {
  let nearest: { day: Day; distance: number } | null = null;
  for (const part of parts) {
    if (part.kind !== 'day' && part.kind !== 'deadline') continue;
    const distance = part.start >= time.end ? part.start - time.end : time.start - part.end;
    if (!nearest || distance < nearest.distance) nearest = { day: part.day, distance };
  }
  return nearest?.day ?? today;
}

/**
 * The first reminder time of the line, not taken back by the user, pushed onto `parts` (a time
 * already gone as a refused part, its words kept in the name); returns its instant, or null.
 */
export function readReminder(
  text: string,
  taken: readonly Span[],
  context: QuickAddContext,
  parts: QuickAddPart[],
): string | null {
  const ignored = new Set(context.ignored ?? []);
  const phrase = findReminderPhrases(blank(text, taken)).find(
    (found) => !ignored.has(keyOf('reminder', found.text)),
  );
  if (!phrase) return null;
  const day = dayFor(phrase, parts, context.today);
  const remindAt = instantAt(day, phrase.time, context.timeZone);
  const base = {
    key: keyOf('reminder', phrase.text),
    start: phrase.start,
    end: phrase.end,
    text: phrase.text,
  };
  if (Date.parse(remindAt) < new Date(context.now).getTime()) {
    parts.push({ ...base, kind: 'refused', reason: 'reminderPast' });
    return null;
  }
  parts.push({ ...base, kind: 'reminder', day, time: phrase.time, remindAt });
  return remindAt;
}
