import type { Chrono, Parser, ParsingContext } from 'chrono-node';

/**
 * Polish day words for chrono, which has no Polish locale (decision 062). The parser only
 * recognises the words and says them in English; chrono's English parser works out the date, so
 * every date sum is the library's. "do …" (by …) marks a deadline.
 */
export const DEADLINE_TAG = 'quickadd/deadline';
export const POLISH_TAG = 'quickadd/polish';

const WEEKDAY_FORMS: Record<string, string> = {
  poniedziałek: 'monday',
  poniedziałku: 'monday',
  poniedzialek: 'monday',
  poniedzialku: 'monday',
  wtorek: 'tuesday',
  wtorku: 'tuesday',
  środa: 'wednesday',
  środę: 'wednesday',
  środy: 'wednesday',
  sroda: 'wednesday',
  srode: 'wednesday',
  srody: 'wednesday',
  czwartek: 'thursday',
  czwartku: 'thursday',
  piątek: 'friday',
  piątku: 'friday',
  piatek: 'friday',
  piatku: 'friday',
  sobota: 'saturday',
  sobotę: 'saturday',
  soboty: 'saturday',
  sobote: 'saturday',
  niedziela: 'sunday',
  niedzielę: 'sunday',
  niedzieli: 'sunday',
  niedziele: 'sunday',
};

const CASUAL_FORMS: Record<string, string> = {
  dziś: 'today',
  dzis: 'today',
  dzisiaj: 'today',
  jutro: 'tomorrow',
  // "do jutra": by tomorrow.
  jutra: 'tomorrow',
  pojutrze: 'the day after tomorrow',
};

/** Months in the genitive, as a date says them: "3 grudnia". */
const MONTH_FORMS: Record<string, string> = {
  stycznia: 'January',
  lutego: 'February',
  marca: 'March',
  kwietnia: 'April',
  maja: 'May',
  czerwca: 'June',
  lipca: 'July',
  sierpnia: 'August',
  września: 'September',
  wrzesnia: 'September',
  października: 'October',
  pazdziernika: 'October',
  listopada: 'November',
  grudnia: 'December',
};

const alternatives = (table: Record<string, string>) =>
  Object.keys(table)
    .sort((a, b) => b.length - a.length)
    .join('|');

const NEXT = 'przyszł[yaąe]|przyszl[yaae]|następn[yaąe]|nastepn[yaąe]';
const THIS = 'ten|tę|te';
const WEEKS = 'tydzień|tydzien|tygodnie|tygodni';
const DAYS = 'dni|dzień|dzien';

// chrono hands the parser the text left after its last match, so no look-behind: a leading group
// takes the character before the phrase and the index is moved past it.
const PATTERN = new RegExp(
  '(^|[^\\p{L}\\p{N}])' +
    '(?<lead>do|na|w|we)?\\s*' +
    '(?:' +
    `(?:(?<mod>${NEXT}|${THIS})\\s+)?(?<weekday>${alternatives(WEEKDAY_FORMS)})` +
    `|(?<casual>${alternatives(CASUAL_FORMS)})` +
    `|za\\s+(?:(?<count>\\d{1,3})\\s+(?<unit>${WEEKS}|${DAYS})|(?<week>tydzień|tydzien))` +
    `|(?<date>\\d{1,2})\\.?\\s+(?<month>${alternatives(MONTH_FORMS)})` +
    ')(?![\\p{L}\\p{N}])',
  'iu',
);

/** The same phrase in English, or null when the words do not make a date. */
function inEnglish(groups: Record<string, string | undefined>): string | null {
  const lower = (key: string) => groups[key]?.toLowerCase();
  const weekday = lower('weekday');
  if (weekday) {
    const mod = lower('mod');
    const lead = !mod ? '' : new RegExp(`^(?:${THIS})$`, 'iu').test(mod) ? 'this ' : 'next ';
    return `${lead}${WEEKDAY_FORMS[weekday]}`;
  }
  const casual = lower('casual');
  if (casual) return CASUAL_FORMS[casual]!;
  if (lower('week')) return 'in 1 week';
  const unit = lower('unit');
  if (unit)
    return `in ${groups.count} ${new RegExp(`^(?:${WEEKS})$`, 'iu').test(unit) ? 'weeks' : 'days'}`;
  const month = lower('month');
  if (month) return `${groups.date} ${MONTH_FORMS[month]}`;
  return null;
}

/** A chrono parser for Polish day words that asks `english` for the date they name. */
export function polishDaysParser(english: Chrono): Parser {
  return {
    pattern: () => PATTERN,
    extract: (context: ParsingContext, match: RegExpMatchArray) => {
      const groups = match.groups ?? {};
      const phrase = inEnglish(groups);
      // "jutra" is the form after "do" only; alone it is no day word.
      if (!phrase || (groups.casual?.toLowerCase() === 'jutra' && !groups.lead)) return null;
      const [found] = english.parse(
        phrase,
        {
          instant: context.reference.instant,
          timezone: context.reference.timezoneOffset ?? undefined,
        },
        context.option,
      );
      if (!found) return null;
      const text = match[0].slice(match[1]!.length);
      const result = context.createParsingResult(match.index! + match[1]!.length, text);
      result.start = found.start as typeof result.start;
      result.addTags(found.tags());
      result.addTag(POLISH_TAG);
      if (groups.lead?.toLowerCase() === 'do') result.addTag(DEADLINE_TAG);
      return result;
    },
  };
}
