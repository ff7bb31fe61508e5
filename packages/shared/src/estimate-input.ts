import { ESTIMATE_MAX, ESTIMATE_MIN, isEstimate } from './estimates.ts';
import { findEstimatePhrase } from './quick-add/estimate-phrases.ts';

const SHAPE = 'Write a length such as 45, 45 min, 1h30 or 1.5h.';
const RANGE = `An estimate is from ${ESTIMATE_MIN} minutes to ${ESTIMATE_MAX / 60} hours, in whole minutes.`;

/**
 * What the estimate field holds, checked before it is sent (the server says the same, issue
 * 30): empty clears it; a plain number is minutes; "1h30", "1.5h", "45 min" read as quick add
 * reads them.
 */
export function estimateInput(
  value: string,
): { estimate: number | null; error: null } | { estimate: null; error: string } {
  const text = value.trim();
  if (text === '') return { estimate: null, error: null };
  let minutes: number | null;
  if (/^\d{1,4}$/u.test(text)) {
    minutes = Number(text);
  } else {
    // The whole field must be the length: "30m cable" is no estimate.
    const phrase = findEstimatePhrase(text);
    if (!phrase || phrase.start !== 0) return { estimate: null, error: SHAPE };
    minutes = phrase.minutes;
  }
  if (minutes === null || !isEstimate(minutes)) return { estimate: null, error: RANGE };
  return { estimate: minutes, error: null };
}
