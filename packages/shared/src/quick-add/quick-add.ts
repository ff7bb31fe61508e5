import type { Trigger } from '../automations.ts';
import type { Day } from '../days.ts';
import { findDatePhrases } from './date-phrases.ts';
import { findEstimatePhrase } from './estimate-phrases.ts';
import { findProjectTag } from './project-tags.ts';
import { readReminder } from './reminder-part.ts';
import { blank, keyOf, type Span } from './spans.ts';
import type { QuickAdd, QuickAddContext, QuickAddPart } from './quick-add-parts.ts';
import { findRepeatPhrases } from './repeat-phrases.ts';

const overlaps = (span: Span, spans: readonly Span[]) =>
  spans.some((other) => span.start < other.end && other.start < span.end);

/** The text without the spans; only the seams they leave (spaces, a stray comma) are tidied. */
function nameWithout(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  let name = text;
  for (const { start, end } of [...spans].sort((a, b) => b.start - a.start)) {
    const before = name.slice(0, start).trimEnd();
    const after = name.slice(end).trimStart();
    name = before && after && !/^[,.;:!?)]/u.test(after) ? `${before} ${after}` : before + after;
  }
  return name.replace(/^[\s,;:–-]+|[\s,;:–-]+$/gu, '');
}

/** Reads a one-line quick add text. Text of several lines is taken as typed. */
export function parseQuickAdd(text: string, context: QuickAddContext): QuickAdd {
  const ignored = new Set(context.ignored ?? []);
  const parts: QuickAddPart[] = [];
  const plain: Span[] = [];
  const none: QuickAdd = {
    today: context.today,
    name: text,
    parts,
    day: null,
    deadline: null,
    trigger: null,
    project: null,
    estimate: null,
    remindAt: null,
  };
  if (text.includes('\n')) return none;

  // Repeats first: "every monday" holds a weekday that must not become a one-off day.
  let trigger: Trigger | null = null;
  for (const phrase of findRepeatPhrases(text, context.today)) {
    const key = keyOf('repeat', phrase.text);
    const base = { key, start: phrase.start, end: phrase.end, text: phrase.text };
    if (ignored.has(key) || (trigger && phrase.trigger)) {
      plain.push(phrase);
    } else if (!phrase.trigger || !context.canRepeat) {
      const reason = phrase.trigger ? 'repeatsOff' : 'repeatNotSupported';
      parts.push({ ...base, kind: 'refused', reason });
      plain.push(phrase);
    } else {
      trigger = phrase.trigger;
      parts.push({ ...base, kind: 'repeat', trigger });
    }
  }

  const tag = findProjectTag(blank(text, plain), context.projects, (found) =>
    ignored.has(keyOf('project', found.text)),
  );
  let project: QuickAdd['project'] = null;
  if (tag) {
    const base = {
      key: keyOf('project', tag.text),
      start: tag.start,
      end: tag.end,
      text: tag.text,
    };
    if (tag.project) {
      project = { id: tag.project.id };
      parts.push({ ...base, kind: 'project', project: tag.project });
    } else if (!context.canCreateProject) {
      parts.push({ ...base, kind: 'refused', reason: 'projectLimit' });
      plain.push(tag);
    } else {
      project = { newName: tag.typed };
      parts.push({ ...base, kind: 'newProject', name: tag.typed });
    }
  }

  // A repeat has no one-off day: with one, day words stay in the name.
  let day: Day | null = null;
  let deadline: Day | null = null;
  if (!trigger) {
    const taken = parts.filter((part) => part.kind !== 'refused');
    for (const phrase of findDatePhrases(blank(text, plain), context.today)) {
      if (overlaps(phrase, taken)) continue;
      const kind = phrase.isDeadline ? 'deadline' : 'day';
      const key = keyOf('date', phrase.text);
      if (ignored.has(key) || (kind === 'day' ? day : deadline)) continue;
      if (kind === 'day') day = phrase.day;
      else deadline = phrase.day;
      parts.push({
        key,
        start: phrase.start,
        end: phrase.end,
        text: phrase.text,
        kind,
        day: phrase.day,
      });
    }
  }

  // A time of day, after the day it may be on; a repeat has no one-off reminder either.
  const remindAt = trigger ? null : readReminder(text, [...plain, ...parts], context, parts);

  // Last: an estimate ends the line, once the other parts are taken out (decision 070).
  let estimate: number | null = null;
  const found = findEstimatePhrase(blank(text, [...plain, ...parts]));
  if (found && !ignored.has(keyOf('estimate', found.text))) {
    const base = {
      key: keyOf('estimate', found.text),
      start: found.start,
      end: found.end,
      text: found.text,
    };
    if (found.minutes === null) {
      parts.push({ ...base, kind: 'refused', reason: 'estimateRange' });
    } else {
      estimate = found.minutes;
      parts.push({ ...base, kind: 'estimate', minutes: found.minutes });
    }
  }

  parts.sort((a, b) => a.start - b.start);
  const applied = parts.filter((part) => part.kind !== 'refused');
  return {
    today: context.today,
    name: nameWithout(text, applied),
    parts,
    day,
    deadline,
    trigger,
    project,
    estimate,
    remindAt,
  };
}
