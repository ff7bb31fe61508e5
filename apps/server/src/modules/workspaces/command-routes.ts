import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AnyEndpoint, EndpointReply, ParsedRequest } from '@hustle/shared/endpoint';
import type { OkResponse } from '@hustle/shared/tasks';
import type { UndoTicket } from '@hustle/shared/undo';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../plugins/contract-routes.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { RequireSession } from '../auth/require-session.ts';
import type { UnitOfWork, WritePath } from './unit-of-work.ts';
import { requireOwnWorkspace } from './workspaces.service.ts';

/** What a command's handler is given beside its unit of work: the request, checked. */
export interface CommandInput<E extends AnyEndpoint> {
  session: SessionContext;
  /** The caller's workspace; a request naming another one was answered 404 before this ran. */
  workspaceId: string;
  params: ParsedRequest<E>['Params'];
  body: ParsedRequest<E>['Body'];
}

/**
 * What a handler answers: nothing (the router answers `ok` with the workspace's new version), an
 * undo ticket (the same, with the ticket), or the endpoint's own answer.
 */
type CommandResult<E extends AnyEndpoint> =
  void | { undo: UndoTicket | null } | OwnAnswer<EndpointReply<E>>;

/**
 * A reply that is `ok` and nothing more is the router's to give; one carrying more beside the
 * version (the kind an undo brought back, how many devices were signed out) is the handler's.
 */
type OwnAnswer<Reply> = Reply extends unknown ? (OkResponse extends Reply ? never : Reply) : never;

/** One command of the API: its rules, inside the unit of work the router opens for it. */
export type CommandHandler<E extends AnyEndpoint> = (
  uow: UnitOfWork,
  input: CommandInput<E>,
) => Promise<CommandResult<E>>;

export interface CommandOptions<E extends AnyEndpoint> {
  /** Where the request names its workspace: the body's `workspaceId` unless said here. */
  workspaceOf?: (request: { params: CommandInput<E>['params']; body: unknown }) => unknown;
  /** Other workspaces the command changes, locked up front with the caller's before it runs. */
  lock?: (input: CommandInput<E>) => string[];
  /**
   * Runs once the unit of work has committed (or replayed its stored answer), outside it, and
   * answers in its place: for work that opens units of work of its own, such as the automation
   * scheduler firing a run the command made due, which cannot run inside the command's lock.
   */
  afterCommit?: (input: CommandInput<E>, answer: EndpointReply<E>) => Promise<EndpointReply<E>>;
  /**
   * Answers for a unit of work that failed and was rolled back, or rethrows: for a command whose
   * failure is itself to be recorded (a retried automation run that fails again).
   */
  onFailure?: (error: unknown, input: CommandInput<E>) => Promise<EndpointReply<E>>;
}

/**
 * A command's input as its route would hand it over: params and body checked by the endpoint's
 * own schemas (a 400 naming the first problem when they fail). For adapters that speak another
 * protocol (CalDAV, decision 079) and run the same handlers in a unit of work of their own.
 */
export function commandInput<E extends AnyEndpoint>(
  endpoint: E,
  session: SessionContext,
  request: { params?: unknown; body?: unknown },
): CommandInput<E> {
  const check = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return value;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const [issue] = parsed.error.issues;
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError('VALIDATION_FAILED', `${where}${issue?.message ?? 'Invalid request'}`);
  };
  return {
    session,
    workspaceId: session.workspaceId,
    params: check(endpoint.params, request.params) as CommandInput<E>['params'],
    body: check(endpoint.body, request.body) as CommandInput<E>['body'],
  };
}

const bodyWorkspace = (request: { body: unknown }): unknown =>
  (request.body as { workspaceId?: unknown } | null | undefined)?.workspaceId;

/** An answer of its own has more than a ticket; a ticket alone rides on the new version. */
const isTicketAlone = (value: unknown): value is { undo: UndoTicket | null } =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 1 && 'undo' in value;

async function answerOf(uow: UnitOfWork, result: unknown) {
  if (result === undefined) return uow.ok();
  if (isTicketAlone(result)) return { ...(await uow.ok()), undo: result.undo };
  return result;
}

/**
 * Registers the API's commands (ARCHITECTURE §8): for each, the router checks that the caller acts
 * in their own workspace, runs the handler as one unit of work (lock, Idempotency-Key replay,
 * versions, change log) and answers for it, so no handler repeats that ritual.
 */
export function createCommandRouter(
  app: FastifyInstance,
  deps: { requireSession: RequireSession; writes: WritePath },
) {
  const route = createRouter(app, { requireSession: deps.requireSession });
  return function command<E extends AnyEndpoint>(
    endpoint: E,
    handler: CommandHandler<E>,
    options: CommandOptions<E> = {},
  ): void {
    if (!endpoint.command || endpoint.auth !== 'session') {
      throw new Error(`${endpoint.operation} is not a signed-in command`);
    }
    const workspaceOf = options.workspaceOf ?? bodyWorkspace;
    route(endpoint, async (request) => {
      const { session } = request;
      const params = request.params as CommandInput<E>['params'];
      const body = request.body as CommandInput<E>['body'];
      const named = workspaceOf({ params, body });
      const workspaceId = requireOwnWorkspace(
        session,
        typeof named === 'string' ? named : undefined,
      );
      const input: CommandInput<E> = { session, workspaceId, params, body };
      let answer: EndpointReply<E>;
      try {
        answer = (await deps.writes.run(
          { ...session, command: endpoint.operation },
          async (uow) => answerOf(uow, await handler(uow, input)),
          { lock: options.lock?.(input) ?? [] },
        )) as EndpointReply<E>;
      } catch (error) {
        if (!options.onFailure) throw error;
        return options.onFailure(error, input);
      }
      return options.afterCommit ? options.afterCommit(input, answer) : answer;
    });
  };
}

export type CommandRouter = ReturnType<typeof createCommandRouter>;

/** A feature's commands: each handler registered for the endpoint of its name. */
export function registerCommands<
  Api extends Record<string, AnyEndpoint>,
  Name extends keyof Api & string,
>(
  command: CommandRouter,
  api: Api,
  handlers: { [N in Name]: CommandHandler<Api[N]> },
  options: { [N in Name]?: CommandOptions<Api[N]> } = {},
): void {
  for (const name of Object.keys(handlers) as Name[]) {
    command(api[name], handlers[name] as CommandHandler<Api[Name]>, options[name]);
  }
}
