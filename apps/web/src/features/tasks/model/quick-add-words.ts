import { triggerText } from '@hustle/shared/automations';
import { LIMITS } from '@hustle/shared/constants';
import { formatMinutes } from '@hustle/shared/estimates';
import type {
  QuickAdd,
  QuickAddPart,
  RefusedReason,
} from '@hustle/shared/quick-add/quick-add-parts';
import { dayLabel, spokenDay } from './day-labels.ts';

const REFUSED: Record<RefusedReason, string> = {
  repeatNotSupported: 'This repeat isn’t supported yet',
  repeatsOff: 'Repeats are off for this account',
  projectLimit: 'Your plan allows no more projects',
  estimateRange: 'Estimates are 5 min to 8 h',
  reminderPast: 'That time has passed today',
};

/** What a chip shows: short, like the day marks on rows. */
export function chipLabel(part: QuickAddPart, today: string): string {
  switch (part.kind) {
    case 'day':
      return dayLabel(part.day, today);
    case 'deadline': {
      const label = dayLabel(part.day, today);
      return `Due ${label === 'Today' || label === 'Tomorrow' ? label.toLowerCase() : label}`;
    }
    case 'repeat':
      return triggerText(part.trigger);
    case 'project':
      return part.project.name;
    case 'newProject':
      return `New project “${part.name}”`;
    case 'estimate':
      return formatMinutes(part.minutes);
    case 'reminder':
      // As the row's reminder mark shows it: 'Tomorrow 09:00'.
      return `${dayLabel(part.day, today)} ${part.time}`;
    case 'refused':
      return `${REFUSED[part.reason]}: “${part.text}” stays in the name`;
  }
}

/** What a chip means in full, for its title and for screen readers. */
export function spokenPart(part: QuickAddPart, today: string): string {
  switch (part.kind) {
    case 'day':
      return `planned for ${spokenDay(part.day, today)}`;
    case 'deadline':
      return `deadline ${spokenDay(part.day, today)}`;
    case 'repeat':
      return `repeats ${triggerText(part.trigger).toLowerCase()}`;
    case 'project':
      return `in project ${part.project.name}`;
    case 'newProject':
      return `in a new project, ${part.name}`;
    case 'estimate':
      return `estimated at ${formatMinutes(part.minutes)}`;
    case 'reminder':
      return `reminder ${spokenDay(part.day, today)}, ${part.time}`;
    case 'refused':
      return `${REFUSED[part.reason]}, so “${part.text}” stays in the name`;
  }
}

/** Why Enter cannot add what the text says yet, or null when it can. */
export function quickAddBlocker(quick: QuickAdd): string | null {
  if (quick.parts.length === 0) return null;
  if (quick.name.trim() === '') return 'Type a name for the task too.';
  if (quick.trigger && quick.name.length > LIMITS.automationNameMaxLength) {
    return `A repeated task’s name has at most ${LIMITS.automationNameMaxLength} characters.`;
  }
  return null;
}

/**
 * The sentence a screen reader hears as the chips change: what Enter will do. Nothing when no
 * part was understood, so plain typing stays quiet.
 */
export function quickAddSummary(quick: QuickAdd, today: string): string {
  if (quick.parts.length === 0) return '';
  const blocker = quickAddBlocker(quick);
  if (blocker) return blocker;
  const details = quick.parts.map((part) => spokenPart(part, today)).join('; ');
  const what = quick.trigger ? `a repeat adding “${quick.name}”` : `“${quick.name}”`;
  return `Enter adds ${what}: ${details}.`;
}
