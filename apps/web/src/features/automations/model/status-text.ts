import type { AutomationStatus } from '@hustle/shared/automations';

/** What each period's status means to a person (ARCHITECTURE §5 "Month status"). */
export const STATUS_TEXT: Record<AutomationStatus, { label: string; description: string }> = {
  ERROR: { label: 'Error', description: 'Could not add its task' },
  WARNING: { label: 'Warning', description: 'Missed its day, catching up' },
  ACTIVE: { label: 'Active', description: 'Task is on your Execute list' },
  IDLE: { label: 'Idle', description: 'Waiting for its day' },
  DONE: { label: 'Done', description: 'Task completed' },
  SKIPPED: { label: 'Skipped', description: 'Skipped this time' },
  PAUSED: { label: 'Paused', description: 'Paused until you resume it' },
};
