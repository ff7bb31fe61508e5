import type { WorkspaceResponse } from '../workspace.ts';
import { automationCommands } from './automation-commands.ts';
import type {
  Announcement,
  ApiCall,
  CommandOf,
  CommandSpec,
  LocalSlices,
  SliceName,
} from './command.ts';
import { dayReviewCommands } from './day-review-commands.ts';
import { focusCommands } from './focus-commands.ts';
import { inviteCommands } from './invite-commands.ts';
import { projectCommands } from './project-commands.ts';
import { taskCommands } from './task-commands.ts';
import { taskDetailsCommands } from './task-details-commands.ts';
import { taskMoveCommands } from './task-move-commands.ts';

/**
 * Every user command, declared once (ARCHITECTURE §8): the web derives its commands, their local
 * change, their words and their sending from this table; the server runs each through its
 * endpoint; the parity test holds `apply` to the server's answers on both databases.
 */
export const commands = {
  ...taskCommands,
  ...taskDetailsCommands,
  ...taskMoveCommands,
  ...focusCommands,
  ...dayReviewCommands,
  ...projectCommands,
  ...inviteCommands,
  ...automationCommands,
};

export type Commands = typeof commands;
export type CommandKind = keyof Commands;
/** A command as data: it can wait in the outbox across reloads (decision 028). */
export type Command = CommandOf<Commands>;
export type { LocalSlices, SliceName } from './command.ts';

const specOf = (command: Command) => commands[command.kind] as unknown as CommandSpec<Command>;

/** The command's change to one local copy, as the server makes it; the copy itself if none. */
export function applyCommand<S extends SliceName>(
  slice: S,
  state: LocalSlices[S],
  command: Command,
): LocalSlices[S] {
  const apply = specOf(command).apply?.[slice];
  return apply ? apply(state, command) : state;
}

/** The server's answer to the command added to one local copy. */
export function applyAnswer<S extends SliceName>(
  slice: S,
  state: LocalSlices[S],
  command: Command,
  answer: unknown,
): LocalSlices[S] {
  const take = specOf(command).answer?.[slice];
  return take ? take(state, command, answer) : state;
}

/** The copies the command changes, at once or with its answer. */
export function slicesOf(command: Command): SliceName[] {
  const spec = specOf(command);
  return [
    ...new Set([...Object.keys(spec.apply ?? {}), ...Object.keys(spec.answer ?? {})]),
  ] as SliceName[];
}

/** What the command did, in a few words, for the list of changes not saved. */
export const describeCommand = (command: Command, workspace?: WorkspaceResponse): string =>
  specOf(command).describe(command, workspace);

/** The HTTP call that carries the command, for the caller's workspace. */
export const requestOf = (command: Command, workspaceId: string): ApiCall =>
  specOf(command).request(command, workspaceId);

/** The copies to read again once the server has answered the command. */
export const refetchOf = (command: Command): readonly SliceName[] => specOf(command).refetch ?? [];

/** What to tell the user once the server has answered the command; null for nothing. */
export const announcementOf = (command: Command, answer: unknown): Announcement | null =>
  specOf(command).announce?.(command, answer) ?? null;

/**
 * The ids of what the command acts on or makes: every argument named `…Id`. A command that shares
 * one with a refused command waits behind it; the others go on (issue 28).
 */
export const entitiesOf = (command: Command): string[] =>
  Object.entries(command).flatMap(([name, value]) =>
    name.endsWith('Id') && typeof value === 'string' ? [value] : [],
  );

/**
 * The commands that take this one back, from the copy before it, when it is undone by commands
 * rather than by the server's undo journal; null when there is nothing to take back.
 */
export function localUndoOf(
  command: Command,
  workspace: WorkspaceResponse,
): { message: string; commands: Command[] } | null {
  const undo = specOf(command).undo?.(command, workspace);
  return undo ? { message: undo.message, commands: undo.commands as Command[] } : null;
}

/** Whether the command carries what the user typed, kept rather than dropped when refused. */
export const keepsInput = (command: Command): boolean => specOf(command).keepsInput === true;

/** The command checked for shape, as read back from storage; null when it is not one. */
export function parseCommand(value: unknown): Command | null {
  if (typeof value !== 'object' || value === null) return null;
  const kind = (value as { kind?: unknown }).kind;
  if (typeof kind !== 'string' || !Object.hasOwn(commands, kind)) return null;
  const parsed = commands[kind as CommandKind].args.safeParse(value);
  return parsed.success ? ({ ...parsed.data, kind } as Command) : null;
}
