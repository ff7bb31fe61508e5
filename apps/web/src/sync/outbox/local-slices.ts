import type { Command, SliceName } from '@hustle/shared/commands/commands';
import type { QueryKey } from '@tanstack/react-query';

/**
 * Where the copies a command changes are kept (decision 028): the outbox knows the workspace's; a
 * feature that keeps another copy (the automations' lists, the archived projects) registers its
 * query keys here as its queries load, so the outbox shows its commands there without knowing
 * the feature. A copy never loaded has nothing to change.
 */
type KeysOf = (command: Command, workspaceId: string) => readonly QueryKey[];

const keysBySlice = new Map<SliceName, KeysOf>();

export function registerLocalSlice(slice: SliceName, keysOf: KeysOf): void {
  keysBySlice.set(slice, keysOf);
}

/** The query keys holding copies of `slice` that `command` changes. */
export const localKeysOf = (
  slice: SliceName,
  command: Command,
  workspaceId: string,
): readonly QueryKey[] => keysBySlice.get(slice)?.(command, workspaceId) ?? [];
