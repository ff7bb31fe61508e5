/**
 * Reminder times in a quick add line (issue 30 item 5): "at 3pm", "3:30 pm", "at 15:00", "9:00",
 * "at 10", "at noon", and the Polish "o 9:00". A number is a time only when something says so —
 * "at", a colon or am/pm — so "Buy 3 apples", "Room 9" and estimates ("1h30") stay what they
 * were. A bare "at 10" must also end the line (other understood parts aside) or its clause:
 * "Look at 3 options" is no time.
 */
export interface ReminderPhrase {
  start: number;
  end: number;
  text: string;
  /** 'HH:MM' on the 24-hour clock. */
  time: string;
}

const BEFORE = String.raw`(?<![\p{L}\p{N}:.])`;
const AFTER = String.raw`(?![\p{L}\p{N}]|[:.]\d)`;
const MERIDIEM = String.raw`(a\.?m\.?|p\.?m\.?)`;
const FORMS = [
  // "at 3pm", "3:30 pm", "3 p.m."
  String.raw`(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s?${MERIDIEM}`,
  // "at 15:00", "9:00", "o 9:00"
  String.raw`(?:(?:at|o)\s+)?(\d{1,2}):(\d{2})`,
  // "at 10", then only the line's end or a clause's.
  String.raw`at\s+(\d{1,2})(?=\s*(?:[,;!?]|\.(?!\d)|$))`,
  String.raw`at\s+(noon)`,
];
const PHRASE = new RegExp(
  `${BEFORE}(?:${FORMS.map((form) => `(?:${form})`).join('|')})${AFTER}`,
  'giu',
);

const pad = (value: number) => String(value).padStart(2, '0');

/** The time a match says, or null when its numbers are no time of day ("at 25", "13pm"). */
function timeOf(groups: (string | undefined)[]): string | null {
  const [meridiemHour, meridiemMinute, meridiem, colonHour, colonMinute, bareHour, noon] = groups;
  if (noon) return '12:00';
  if (meridiem) {
    const hour = Number(meridiemHour);
    const minute = Number(meridiemMinute ?? '0');
    if (hour < 1 || hour > 12 || minute > 59) return null;
    const isAfternoon = meridiem.toLowerCase().startsWith('p');
    return `${pad((hour % 12) + (isAfternoon ? 12 : 0))}:${pad(minute)}`;
  }
  const hour = Number(colonHour ?? bareHour);
  const minute = Number(colonMinute ?? '0');
  return hour > 23 || minute > 59 ? null : `${pad(hour)}:${pad(minute)}`;
}

/** The reminder times of `masked` (the line with other parts blanked out), in reading order. */
export function findReminderPhrases(masked: string): ReminderPhrase[] {
  const phrases: ReminderPhrase[] = [];
  for (const match of masked.matchAll(PHRASE)) {
    const time = timeOf(match.slice(1));
    if (!time) continue;
    const text = match[0].replace(/\.$/u, (dot) => (/[ap]\.m\.$/iu.test(match[0]) ? dot : ''));
    phrases.push({ start: match.index, end: match.index + text.length, text, time });
  }
  return phrases;
}
