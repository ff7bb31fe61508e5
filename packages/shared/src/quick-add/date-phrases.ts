import * as chrono from 'chrono-node';
import { addDaysTo, daysBetween, isWithinRange, weekdayOfDay, type Day } from '../days.ts';
import { DEADLINE_TAG, POLISH_TAG, polishDaysParser } from './polish-days.ts';

/**
 * The day phrases of a quick add (decision 062), found by chrono (English) and the Polish day
 * words on top of it, then held to what a task's day can be: a whole day, today or later.
 */
export interface DatePhrase {
  start: number;
  end: number;
  text: string;
  day: Day;
  /** "by Friday", "due 3 Dec", "do piątku": the task's deadline rather than its planned day. */
  isDeadline: boolean;
}

const english = chrono.en.casual;
const parser = english.clone();
parser.parsers.push(polishDaysParser(english));

// Parsers that read a time of day; a task has no time, so their words stay in its name.
const TIME_TAGS = ['parser/ENTimeExpressionParser', 'parser/ENCasualTimeParser'];
const FULL_WEEKDAY =
  /^(?:(?:on|by|this|next)\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;
const ABBREVIATED_WITH_LEAD = /^(?:on|by|this|next)\s+\p{L}+$/iu;
const LEAD_BEFORE = /(?<![\p{L}\p{N}])(?:on|by|due)\s+$/iu;
const PAST = /(?<![\p{L}\p{N}])(?:last|past|previous|ago|yesterday|wczoraj)(?![\p{L}\p{N}])/iu;
const THIS = /^(?:(?:on|by|w|we|na|do)\s+)?(?:this|ten|tę|te)\s/iu;
const NEXT_WEEKDAY = /^(?:(?:on|by)\s+)?next\s/i;
const DEADLINE_LEAD =
  /(?<![\p{L}\p{N}])(?:by|due(?:\s+(?:by|on))?|deadline(?:\s+(?:is|on))?)\s+$/iu;

/** Noon of the user's today on a clock with no summer time, so no clock change moves the day. */
const referenceOf = (today: Day) => ({
  instant: new Date(`${today}T12:00:00.000Z`),
  timezone: 0,
});

const dayOf = (components: chrono.ParsedComponents): Day =>
  [
    String(components.get('year')).padStart(4, '0'),
    String(components.get('month')).padStart(2, '0'),
    String(components.get('day')).padStart(2, '0'),
  ].join('-');

const hasTime = (result: chrono.ParsedResult) =>
  result.start.isCertain('hour') || TIME_TAGS.some((tag) => result.tags().has(tag));

const parseAt = (text: string, today: Day) =>
  parser.parse(text, referenceOf(today), { forwardDate: true });

/**
 * "tomorrow at 5pm", "tomorrow morning": the words that say the day alone, found by trying
 * shorter runs of the phrase's words from either end; null when no run is a day by itself.
 */
function withoutTime(
  result: chrono.ParsedResult,
  today: Day,
): { result: chrono.ParsedResult; offset: number } | null {
  if (!hasTime(result)) return { result, offset: 0 };
  const words = [...result.text.matchAll(/\S+/gu)];
  for (let count = words.length - 1; count > 0; count -= 1) {
    for (const first of [0, words.length - count]) {
      const from = words[first]!.index;
      const last = words[first + count - 1]!;
      const text = result.text.slice(from, last.index + last[0].length);
      const [found] = parseAt(text, today);
      if (found && found.index === 0 && found.text === text && !hasTime(found)) {
        return { result: found, offset: from };
      }
    }
  }
  return null;
}

/** chrono's "next Friday" counts weeks from Sunday; here weeks start on Monday (en-GB, pl). */
function nextWeekday(day: Day, today: Day): Day {
  const nextMonday = addDaysTo(today, 8 - weekdayOfDay(today));
  return addDaysTo(nextMonday, weekdayOfDay(day) - 1);
}

/** What the phrase means as a task's day, or null when it is not one (decision 062). */
function dayOfResult(result: chrono.ParsedResult, today: Day, before: string): Day | null {
  const { start, text } = result;
  // A date needs a word: "1/2 cup" or "3.12" are not dates here.
  if (result.end || !/\p{L}/u.test(text) || PAST.test(text)) return null;
  const isWeekday =
    start.isCertain('weekday') && !start.isCertain('day') && !start.isCertain('month');
  // A month ("Call March"), a year or "next month" name no one day.
  if (!isWeekday && !start.isCertain('day')) return null;
  // "Sun Valley", "Sat exam": a short weekday counts only after on / by / this / next.
  const isEnglish = !result.tags().has(POLISH_TAG);
  if (
    isWeekday &&
    isEnglish &&
    !FULL_WEEKDAY.test(text) &&
    !ABBREVIATED_WITH_LEAD.test(text) &&
    !LEAD_BEFORE.test(before)
  ) {
    return null;
  }
  let day = dayOf(start);
  if (isWeekday && NEXT_WEEKDAY.test(text)) day = nextWeekday(day, today);
  // "Friday" on a Friday is next week's; "this Friday" is today.
  else if (isWeekday && day === today && !THIS.test(text)) day = addDaysTo(today, 7);
  if (daysBetween(today, day) < 0 || !isWithinRange(day, today)) return null;
  return day;
}

/** The day phrases of `text` in reading order; what is not a task's day is left out. */
export function findDatePhrases(text: string, today: Day): DatePhrase[] {
  const phrases: DatePhrase[] = [];
  for (const found of parseAt(text, today)) {
    const kept = withoutTime(found, today);
    if (!kept) continue;
    let start = found.index + kept.offset;
    const day = dayOfResult(kept.result, today, text.slice(0, start));
    if (!day) continue;
    const end = start + kept.result.text.length;
    const lead = DEADLINE_LEAD.exec(text.slice(0, start));
    if (lead) start = lead.index;
    const isDeadline = lead !== null || found.tags().has(DEADLINE_TAG);
    phrases.push({ start, end, text: text.slice(start, end), day, isDeadline });
  }
  return phrases;
}
