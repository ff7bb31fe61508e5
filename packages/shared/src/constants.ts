/** Product constants of spec §9, shared by server and web so each rule lives in one place. */

export const APP_VERSION = '0.0.4';

export const LIMITS = {
  emailMaxLength: 100,
  loginCodeLength: 6,
  taskNameMaxLength: 2048,
  taskRenameMaxLength: 200,
  projectNameMaxLength: 100,
  automationNameMaxLength: 100,
  /** spec §5: an invite token must be longer than this. */
  inviteTokenMinExclusive: 10,
  linkTextMaxLength: 27,
  projectCardOpenTasks: 10,
  /** Issue 31: a task's notes, plain text with a small markdown subset. */
  taskNotesMaxLength: 10_000,
  /** Issue 31: items on one task's checklist; the 101st is refused. */
  checklistItemsPerTask: 100,
  /** As a task rename's, so an item can become a task of its own. */
  checklistItemNameMaxLength: 200,
} as const;

/**
 * Caps a real user never meets, whatever the plan: they bound what one account can make the
 * server store and answer (docs/decisions/013-one-write-path.md).
 */
export const CAPS = {
  tasksPerList: 5_000,
  projectsPerWorkspace: 1_000,
  automationsPerWorkspace: 100,
} as const;

/**
 * What one import document may hold (docs/export-format.md): an export of any account within
 * CAPS, its bytes bounded so the server's reader and a browser's can hold it (decision 045).
 */
export const IMPORT_CAPS = {
  /** The request body; the web app refuses a larger file before sending it. */
  maxBytes: 256 * 1024 * 1024,
  /** Run history per automation: fifty years of a daily one's days. */
  runsPerAutomation: 18_300,
  /** Memberships listed by name, for the record. */
  sharedProjects: CAPS.projectsPerWorkspace,
  /** How many day ends a planned task was carried across: a count, not a date, yet bounded. */
  maxCarried: 10_000,
} as const;

export const TIMINGS = {
  topBarDelayMs: 500,
  checkAnimationMs: 500,
  dragStartDelayMs: 100,
  swipeThresholdPx: 50,
  textareaMaxHeightPx: 200,
  dragOverlayZIndex: 999,
} as const;

/** spec §3: the 12 project colours, in the palette's order. */
export const PROJECT_PALETTE = [
  '#ff9f45',
  '#009379',
  '#3366ff',
  '#ff6250',
  '#ffdf90',
  '#bfaff2',
  '#008c99',
  '#00c4cc',
  '#ff7eb9',
  '#a05a2c',
  '#b4d400',
  '#4b0082',
] as const;

export const AUTOMATION_PSEUDO_PROJECT = { name: 'Automation', color: '#c6c6c6' } as const;

/** spec §3 client-side storage keys. */
export const STORAGE_KEYS = {
  token: 'hustleToken',
  view: 'hustleView',
  featureFlags: 'hustleEnabledFeatureFlags',
  theme: 'hustleTheme',
  /** The focus timer's Pomodoro rhythm, this browser's (issue 30). */
  pomodoro: 'hustlePomodoro',
} as const;

export const FEATURE_FLAGS = ['automation', 'subscription'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** How long a command can be undone (decision 025); schema-free, the web's shell reads it. */
export const UNDO_WINDOW_MINUTES = 10;
