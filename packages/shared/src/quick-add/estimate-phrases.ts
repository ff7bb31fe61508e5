import { ESTIMATE_MAX, ESTIMATE_MIN } from '../estimates.ts';

/**
 * Estimates in a quick add line (issue 30, decision 070): "30m", "45 min", "2h", "1h30",
 * "1.5h", and the Polish "30 min", "1,5 h", "2 godz". Only the last words of the line are read
 * (other understood parts, such as a day or a #project, may follow), so "Buy 30m cable" keeps its
 * name whole: a length inside a name is a size, at its end it is how long the task takes.
 */
export interface EstimatePhrase {
  start: number;
  end: number;
  text: string;
  /** Whole minutes within the estimates' range; null when it is not one ("2m", "12h"). */
  minutes: number | null;
}

/** A bare "m" is also metres ("Swim 400m"): read as minutes only up to three hours. */
const BARE_M_MAX = 180;

const HOURS = String.raw`(?:h|hr|hrs|hours?|godz\.?|godzin[ay]?)`;
const MINUTES = String.raw`(?:m|min|mins|minutes?|minut[y]?)`;
const NUMBER = String.raw`\d{1,3}(?:[.,]\d{1,2})?`;
// "1h30", "1 h 30 min", "1.5h", "2 godz", or "45 min", "30m"; the line's end after it.
const AT_END = new RegExp(
  String.raw`(?:^|\s)~?(?:(${NUMBER})\s?${HOURS}(?:\s?(\d{1,2})(?:\s?${MINUTES})?)?|(\d{1,3})\s?${MINUTES})[\s.,;!]*$`,
  'iu',
);

const wholeMinutes = (hours: string | undefined, minutes: string | undefined): number | null => {
  const total = Number((hours ?? '0').replace(',', '.')) * 60 + Number(minutes ?? '0');
  const rounded = Math.round(total);
  // 1.33 h is no whole number of minutes: better not guessed.
  return Math.abs(total - rounded) < 1e-9 ? rounded : null;
};

/** The estimate ending `masked` (the line with the other parts blanked out), if one does. */
export function findEstimatePhrase(masked: string): EstimatePhrase | null {
  const match = AT_END.exec(masked);
  if (!match) return null;
  const [whole, hours, afterHours, onlyMinutes] = match;
  if (onlyMinutes !== undefined && /\dm$/iu.test(whole.trim().replace(/[\s.,;!]+$/u, ''))) {
    const bare = Number(onlyMinutes);
    if (bare < ESTIMATE_MIN || bare > BARE_M_MAX) return null;
  }
  const lead = whole.length - whole.trimStart().length;
  const start = match.index + lead;
  const text = whole.trim().replace(/[\s.,;!]+$/u, '');
  const total = hours !== undefined ? wholeMinutes(hours, afterHours) : Number(onlyMinutes);
  const minutes = total !== null && total >= ESTIMATE_MIN && total <= ESTIMATE_MAX ? total : null;
  return { start, end: start + text.length, text, minutes };
}
