import type { TokenScope } from '@hustle/shared/tokens';

/** How each scope is named and explained where a person chooses it. */
export const SCOPE_LABELS: Record<TokenScope, { name: string; explains: string }> = {
  read: { name: 'Read', explains: 'See your tasks, projects and automations' },
  write: { name: 'Write', explains: 'Add, change, complete and delete them' },
  calendar: {
    name: 'Calendar',
    explains: 'Sign task apps in over CalDAV, and open calendar feeds',
  },
};
