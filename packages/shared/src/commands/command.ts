import type { z } from 'zod';
import type { Endpoints, OperationName } from '../api.ts';
import type { Automation, AutomationHistory, AutomationStatusItem } from '../automations.ts';
import type { ArchivedProject } from '../projects.ts';
import type { EndpointInput } from '../endpoint.ts';
import type { ProjectMember } from '../invites.ts';
import type { TaskDetails } from '../task-details.ts';
import type { WorkspaceResponse } from '../workspace.ts';

// Type imports only from the contract: the web runs this table in its screens' script, which
// builds no endpoint schemas of its own (decisions 016, 041).

/**
 * The copies of server answers a browser keeps and a command changes at once (decision 028):
 * the workspace, the automations' lists, the archived projects, a shared project's members and an
 * opened task's details. A
 * command says what it does to each it touches.
 */
export interface LocalSlices {
  workspace: WorkspaceResponse;
  automations: Automation[];
  automationHistory: AutomationHistory;
  automationStatus: AutomationStatusItem[];
  archivedProjects: ArchivedProject[];
  projectMembers: { projectId: string; members: ProjectMember[] };
  /** The task open in the details sheet: its notes and checklist (issue 31). */
  taskDetails: TaskDetails;
}
export type SliceName = keyof LocalSlices;

/** One call of the API: an operation by name and what it is sent. */
export type ApiCall = {
  [Op in OperationName]: { operation: Op; input: EndpointInput<Endpoints[Op]> };
}[OperationName];

/** The part of a call a command builds; the sender adds its Idempotency-Key. */
const call = <Op extends OperationName>(
  operation: Op,
  input: EndpointInput<Endpoints[Op]>,
): ApiCall => ({ operation, input }) as ApiCall;
export { call };

/**
 * One user command, declared once (ARCHITECTURE §8): what it carries, the call that sends it, its
 * change to the local copies (the server's rule, proven equal by the parity test) and its words.
 */
export interface CommandSpec<Args> {
  /** What the command carries, as kept in the outbox across reloads. */
  args: z.ZodType<Args>;
  /** The HTTP call that carries it to the server, for the caller's workspace. */
  request(args: Args, workspaceId: string): ApiCall;
  /**
   * Its change to each copy it touches, as the server makes it. Applying it twice changes nothing
   * more: waiting commands are applied again on top of every newer server answer.
   */
  apply?: { [S in SliceName]?: (state: LocalSlices[S], args: Args) => LocalSlices[S] };
  /**
   * What the server's answer adds to the copies once it comes: what only the server knows (the
   * colour it picked, the tasks of a project brought back, how a retried run went).
   */
  answer?: {
    [S in SliceName]?: (state: LocalSlices[S], args: Args, answer: unknown) => LocalSlices[S];
  };
  /** Copies to read again once the server has answered: what the command may have set off. */
  refetch?: readonly SliceName[];
  /** What to tell the user once the server has answered, beyond an undo's toast. */
  announce?: (args: Args, answer: unknown) => Announcement | null;
  /**
   * Taken back by further commands rather than by the server's undo journal: the commands that
   * return the copy before it (`workspace`) to what it was, with the words of its undo toast; null
   * when there is nothing to take back. Applied after it, they give the copy back (a test says so).
   */
  undo?: (args: Args, workspace: WorkspaceResponse) => LocalUndo | null;
  /** What it did, in a few words, for the list of changes not saved. */
  describe(args: Args, workspace?: WorkspaceResponse): string;
  /**
   * It carries what the user typed: refused because its place is gone, it is kept for them to
   * see, never dropped (decision 028).
   */
  keepsInput?: boolean;
}

/** The commands that take a command back, and the words of the toast offering it. */
export interface LocalUndo {
  message: string;
  commands: readonly ({ kind: string } & Record<string, unknown>)[];
}

export interface Announcement {
  message: string;
  tone?: 'danger';
}

/** Declares a command, its argument types taken from its schema. */
export const defineCommand = <Schema extends z.ZodType>(
  args: Schema,
  spec: Omit<CommandSpec<z.output<Schema>>, 'args'>,
): CommandSpec<z.output<Schema>> => ({ args: args as z.ZodType<z.output<Schema>>, ...spec });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table holds commands of any arguments
export type CommandTable = Record<string, CommandSpec<any>>;

/** A command's arguments; one that carries none has no fields besides its kind. */
type ArgsOf<Spec> =
  Spec extends CommandSpec<infer Args>
    ? Args extends Record<string, never>
      ? object
      : Args
    : never;

/** Every command of a table as data: its kind and its arguments side by side. */
export type CommandOf<Table extends CommandTable> = {
  [Kind in keyof Table & string]: { kind: Kind } & ArgsOf<Table[Kind]>;
}[keyof Table & string];
