import { TaskRenameSchema } from '@hustle/shared/names';

export type RenameOutcome =
  { kind: 'keep' } | { kind: 'rename'; name: string } | { kind: 'invalid'; message: string };

/**
 * spec §5 "Rename task": trimmed; empty reverts to the old name; unchanged sends nothing; at most
 * 200 characters.
 */
export function renameOutcome(oldName: string, input: string): RenameOutcome {
  const name = input.trim();
  if (name === '' || name === oldName.trim()) return { kind: 'keep' };
  const parsed = TaskRenameSchema.safeParse(name);
  if (!parsed.success) {
    return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Invalid name.' };
  }
  return { kind: 'rename', name: parsed.data };
}
