import type { Trigger } from '../automations.ts';
import { weekdayOfDay, type Day } from '../days.ts';

/**
 * Repeats that quick add understands (decisions 062 and 063): the kinds automations have — every
 * day, weekly on weekdays, monthly on a day, the last day of the month, the n-th weekday, yearly,
 * each also every N. Other repeats people type ("every morning", "every hour") are recognised
 * only to say they are not supported, so none of their words is read as a one-off date.
 */
export interface RepeatPhrase {
  start: number;
  end: number;
  text: string;
  /** null: a repeat, but not one an automation can do. */
  trigger: Trigger | null;
}

// Letters and digits of any script: `\b` knows only ASCII, and Polish words end in ę or ś.
const BEFORE = '(?<![\\p{L}\\p{N}])';
const AFTER = '(?![\\p{L}\\p{N}])';

const EN_WEEKDAYS: Record<string, number> = {
  mon: 1,
  monday: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  wed: 3,
  wednesday: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  fri: 5,
  friday: 5,
  sat: 6,
  saturday: 6,
  sun: 7,
  sunday: 7,
};

/** Polish weekday forms after "co" / "w każdy" (accusative), with and without diacritics. */
const PL_WEEKDAYS: Record<string, number> = {
  poniedziałek: 1,
  poniedzialek: 1,
  wtorek: 2,
  środę: 3,
  środa: 3,
  srode: 3,
  sroda: 3,
  czwartek: 4,
  piątek: 5,
  piatek: 5,
  sobotę: 6,
  sobota: 6,
  sobote: 6,
  niedzielę: 7,
  niedziela: 7,
  niedziele: 7,
};

const words = (table: Record<string, number>) =>
  Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .join('|');
// "mondays" too: people write the plural after "every".
const EN_DAY = `(?:${words(EN_WEEKDAYS)})s?`;
const PL_DAY = `(?:${words(PL_WEEKDAYS)})`;
const EN_LIST = `${EN_DAY}(?:\\s*(?:,|and|&)\\s*${EN_DAY})*`;
const PL_LIST = `${PL_DAY}(?:\\s*(?:,|i|oraz)\\s*${PL_DAY})*`;
const ORDINAL = '(\\d{1,2})(?:st|nd|rd|th)';

type Reader = (match: RegExpExecArray, today: Day) => Trigger | null;

const weekdaysIn = (text: string, table: Record<string, number>, pattern: string) => {
  const found = [...text.toLowerCase().matchAll(new RegExp(pattern, 'gu'))].map(
    (match) => table[match[0].replace(/s$/, '')] ?? table[match[0]]!,
  );
  return [...new Set(found)].sort((a, b) => a - b);
};

const monthly = (day: string | undefined): Trigger | null => {
  const dayOfMonth = Number(day);
  return dayOfMonth >= 1 && dayOfMonth <= 31 ? { frequency: 'MONTHLY', dayOfMonth } : null;
};

const sameWeekday = (today: Day): Trigger => ({
  frequency: 'WEEKLY',
  weekdays: [weekdayOfDay(today)],
});
const sameDayOfMonth = (today: Day): Trigger => ({
  frequency: 'MONTHLY',
  dayOfMonth: Number(today.slice(8)),
});
const unsupported: Reader = () => null;

const ORDINAL_WORDS: Record<string, 1 | 2 | 3 | 4 | -1> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  last: -1,
};
const NTH = Object.keys(ORDINAL_WORDS).join('|');

const lastDayOfMonth: Reader = () => ({ frequency: 'LAST_DAY_OF_MONTH' });

const nthWeekday: Reader = (match) => {
  const words = new RegExp(`(${NTH})\\s+(${EN_DAY})`, 'u');
  const [, nth, weekday] = match[0].toLowerCase().match(words)!;
  return {
    frequency: 'WEEKDAY_OF_MONTH',
    nth: ORDINAL_WORDS[nth!]!,
    weekday: EN_WEEKDAYS[weekday!.replace(/s$/, '')] ?? EN_WEEKDAYS[weekday!]!,
  };
};

const yearlyOn = (today: Day) => ({
  frequency: 'YEARLY' as const,
  month: Number(today.slice(5, 7)),
  dayOfMonth: Number(today.slice(8)),
});

/**
 * "Every N days/weeks/months/years" (2 ≤ N ≤ 99), counted from today: the first run is today,
 * on today's weekday or day of the month.
 */
const everyN = (interval: number, unit: string, today: Day): Trigger | null => {
  if (!(interval >= 2 && interval <= 99)) return null;
  const every = { interval, startsOn: today };
  if (/^(day|dni|dzie)/u.test(unit)) return { frequency: 'DAILY', ...every };
  if (/^(week|tydz|tygod)/u.test(unit)) return { ...sameWeekday(today), ...every };
  if (/^(month|miesi)/u.test(unit)) return { ...sameDayOfMonth(today), ...every };
  if (/^(year|rok|lat)/u.test(unit)) return { ...yearlyOn(today), ...every };
  return null;
};
const EN_UNIT = '(day|week|month|year)s?';
const PL_UNIT = '(dni|dzie[nń]|tydzie[nń]|tygodni[ea]?|miesi[aą]c[ea]?|miesi[eę]cy|rok|lata|lat)';
const PL_NUMBER: Record<string, number> = { drug: 2, trzeci: 3, czwart: 4 };

/** Supported shapes first; a phrase matched by an earlier rule is not read again. */
const RULES: readonly (readonly [string, Reader])[] = [
  // English
  ['every\\s+day|everyday|daily', () => ({ frequency: 'DAILY' })],
  [
    'every\\s+(?:weekday|workday|work\\s+day)s?',
    () => ({ frequency: 'WEEKLY', weekdays: [1, 2, 3, 4, 5] }),
  ],
  ['every\\s+weekends?', () => ({ frequency: 'WEEKLY', weekdays: [6, 7] })],
  [
    '(?:every|each)\\s+last\\s+day(?:\\s+of\\s+(?:the|each|every)\\s+month)?|(?:every|each)\\s+month\\s+on\\s+the\\s+last\\s+day|(?:on\\s+)?the\\s+last\\s+day\\s+of\\s+(?:each|every)\\s+month',
    lastDayOfMonth,
  ],
  [
    `(?:every|each)\\s+(?:${NTH})\\s+${EN_DAY}(?:\\s+of\\s+(?:the|each|every)\\s+month)?|(?:on\\s+)?the\\s+(?:${NTH})\\s+${EN_DAY}\\s+of\\s+(?:each|every)\\s+month`,
    nthWeekday,
  ],
  [
    `every\\s+(?:other|(\\d{1,2})\\s+weeks?\\s+on)\\s+(${EN_LIST})`,
    (match, today) => {
      const interval = match[1] ? Number(match[1]) : 2;
      const weekly = everyN(interval, 'week', today);
      return weekly && { ...weekly, weekdays: weekdaysIn(match[2]!, EN_WEEKDAYS, EN_DAY) };
    },
  ],
  [
    `every\\s+(\\d{1,2})\\s+${EN_UNIT}`,
    (match, today) => everyN(Number(match[1]), match[2]!.toLowerCase(), today),
  ],
  [`every\\s+other\\s+${EN_UNIT}`, (match, today) => everyN(2, match[1]!.toLowerCase(), today)],
  ['fortnightly|biweekly|every\\s+fortnight', (_, today) => everyN(2, 'week', today)],
  ['every\\s+year|yearly|annually', (_, today) => yearlyOn(today)],
  [
    `(?:every|each)\\s+(?:other|\\d+|second|third|fourth|fifth|last|first)\\s+\\p{L}+(?:\\s+(?:day|of\\s+(?:the|each|every)\\s+month))?`,
    unsupported,
  ],
  [
    `(?:every|each)\\s+(?:${EN_LIST})`,
    (match) => ({
      frequency: 'WEEKLY',
      weekdays: weekdaysIn(match[0].replace(/^(every|each)/i, ''), EN_WEEKDAYS, EN_DAY),
    }),
  ],
  [
    `(?:every|each)\\s+month\\s+on\\s+the\\s+${ORDINAL}|(?:every|each)\\s+(?:the\\s+)?${ORDINAL}(?:\\s+of\\s+(?:the|each|every)\\s+month)?`,
    (match) => monthly(match[1] ?? match[2]),
  ],
  [
    `(?:on\\s+)?the\\s+${ORDINAL}\\s+of\\s+(?:each|every)\\s+month|monthly\\s+on\\s+the\\s+${ORDINAL}`,
    (match) => monthly(match[1] ?? match[2]),
  ],
  ['every\\s+week|weekly', (_, today) => sameWeekday(today)],
  ['every\\s+month|monthly', (_, today) => sameDayOfMonth(today)],
  ['every\\s+(?:hour|quarter|morning|evening|night)|hourly', unsupported],
  // Polish
  ['codziennie|co\\s+dzie[nń]|ka[zż]dego\\s+dnia', () => ({ frequency: 'DAILY' })],
  [
    `co\\s+(?:${PL_LIST})|w\\s+ka[zż]d[yąa]\\s+(?:${PL_LIST})`,
    (match) => ({
      frequency: 'WEEKLY',
      weekdays: weekdaysIn(match[0], PL_WEEKDAYS, PL_DAY),
    }),
  ],
  [
    'co\\s+miesi[aą]c\\s+(\\d{1,2})\\.?|(\\d{1,2})\\.?\\s+(?:dnia\\s+)?ka[zż]dego\\s+miesi[aą]ca|ka[zż]dego\\s+(\\d{1,2})\\.?(?:\\s+dnia)?(?:\\s+miesi[aą]ca)?',
    (match) => monthly(match[1] ?? match[2] ?? match[3]),
  ],
  [
    `co\\s+(\\d{1,2})\\s+${PL_UNIT}`,
    (match, today) => everyN(Number(match[1]), match[2]!.toLowerCase(), today),
  ],
  [
    `co\\s+(drug|trzeci|czwart)\\p{L}*\\s+${PL_UNIT}`,
    (match, today) => everyN(PL_NUMBER[match[1]!.toLowerCase()]!, match[2]!.toLowerCase(), today),
  ],
  ['co\\s+rok(?:u)?|corocznie', (_, today) => yearlyOn(today)],
  ['co\\s+(?:\\d+|drug\\p{L}*|trzeci\\p{L}*)\\s+\\p{L}+', unsupported],
  ['co\\s+tydzie[nń]|cotygodniowo', (_, today) => sameWeekday(today)],
  ['co\\s+miesi[aą]c|comiesi[eę]cznie', (_, today) => sameDayOfMonth(today)],
];

const PATTERNS = RULES.map(
  ([pattern, read]) => [new RegExp(`${BEFORE}(?:${pattern})${AFTER}`, 'giu'), read] as const,
);

/** Every repeat phrase in the text, in reading order, none overlapping another. */
export function findRepeatPhrases(text: string, today: Day): RepeatPhrase[] {
  const found: RepeatPhrase[] = [];
  const isTaken = (start: number, end: number) =>
    found.some((phrase) => start < phrase.end && phrase.start < end);
  for (const [pattern, read] of PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (isTaken(start, end)) continue;
      found.push({ start, end, text: match[0], trigger: read(match, today) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
