import { triggerText, type Automation } from '@hustle/shared/automations';

/** 'Every month on the 5th · adds “Pay rent”'. */
export const scheduleOf = (automation: Automation) => {
  const task = automation.steps[0]?.payload.taskName;
  const when = triggerText(automation.trigger);
  return task ? `${when} · adds “${task}”` : when;
};
