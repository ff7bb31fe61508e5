import type { Project } from '@hustle/shared/projects';
import { cardTasks } from '../../projects/model/project-tasks-view.ts';

/**
 * First guesses at heights (px) for rows not yet rendered (decision 032). They set the spacers
 * and the scroll bar until a row is measured; a close guess keeps the scroll bar still.
 * From the cards as drawn at desktop width: a one-line task row is a control's height.
 */
const TASK_ROW = 40;
const CARD_FRAME = 146; // bar, header with a one-line name, '+ NEW TASK', footer, padding, border
const CARD_LINE = 17; // 'Shared from: …' or 'Shared with …'
const MORE_TASKS = 44; // '+N more tasks'

export function estimateCardHeight(project: Project): number {
  const { shown, moreCount } = cardTasks(project);
  const sharedLines = (project.shared ? 1 : 0) + (project.memberCount ? 1 : 0);
  return (
    CARD_FRAME +
    shown.length * TASK_ROW +
    sharedLines * CARD_LINE +
    (moreCount > 0 ? MORE_TASKS : 0)
  );
}

export const estimateTaskRowHeight = () => TASK_ROW;
