import { projectsApi } from '@hustle/shared/projects.api';
import { AppError } from '../../lib/errors.ts';
import type { SessionContext } from '../auth/auth.service.ts';
import type { Policy } from '../policy/policy.service.ts';
import { createProjectCommands } from '../projects/projects.commands.ts';
import { commandInput } from '../workspaces/command-routes.ts';
import type { WritePath } from '../workspaces/unit-of-work.ts';
import type { DavStatus } from './dav-answers.ts';
import { NS, qname, type QName } from './dav-xml.ts';
import type { TaskList } from './caldav-resources.ts';

/** One property a PROPPATCH sets or removes, in the order the body names it. */
export interface PropertyUpdate {
  name: QName;
  /** The text to set; null: remove. */
  value: string | null;
}

/** RFC 4918 §9.2.1: what became of each property; all succeed or none is applied. */
export type PropertyStatus = Extract<DavStatus, 200 | 403 | 409 | 424>;

const DISPLAYNAME = qname(NS.dav, 'displayname');
const CALENDAR_COLOR = qname(NS.apple, 'calendar-color');

/** Apple's `#RRGGBB` or `#RRGGBBAA` (DAVx⁵, Thunderbird): the app keeps the colour, no alpha. */
const colorOf = (value: string) =>
  /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(value.trim()) ? value.trim().slice(0, 7) : value.trim();

type ProjectEndpoint = 'renameProject' | 'setProjectColor';

/** The command a property change is, for a project's list; null: not one a client may change. */
function commandOf(
  list: TaskList,
  update: PropertyUpdate,
): { endpoint: ProjectEndpoint; params: { id: string }; body: Record<string, string> } | null {
  const projectId = list.home.projectId;
  if (projectId === null || update.value === null) return null;
  if (update.name === DISPLAYNAME) {
    return { endpoint: 'renameProject', params: { id: projectId }, body: { name: update.value } };
  }
  if (update.name === CALENDAR_COLOR) {
    const color = colorOf(update.value);
    return { endpoint: 'setProjectColor', params: { id: projectId }, body: { color } };
  }
  return null;
}

const statusOfError = (error: unknown): PropertyStatus => {
  if (!(error instanceof AppError)) throw error;
  return error.code === 'VALIDATION_FAILED' ? 409 : 403;
};

/**
 * A list's name and colour changed by a client (PROPPATCH): the app's `renameProject` and
 * `setProjectColor`, in one unit of work. Anything else, and the inbox's name, is refused; a
 * refusal leaves every property as it was (RFC 4918 §9.2: all or none).
 */
export function createCaldavPropertyWrites(deps: { writes: WritePath; policy: Policy }) {
  const projects = createProjectCommands({ policy: deps.policy });
  return {
    async proppatch(
      session: SessionContext,
      list: TaskList,
      updates: PropertyUpdate[],
    ): Promise<PropertyStatus[]> {
      const commands = updates.map((update) => commandOf(list, update));
      if (commands.some((command) => command === null)) {
        return commands.map((command) => (command === null ? 403 : 424));
      }
      let running = 0;
      try {
        await deps.writes.run(session, async (uow) => {
          for (const [index, command] of commands.entries()) {
            running = index;
            const { endpoint, params, body } = command!;
            const input = commandInput(projectsApi[endpoint], session, {
              params,
              body: { workspaceId: session.workspaceId, ...body },
            });
            // A handler and its endpoint are one pair by name; the endpoint's schemas check input.
            await projects[endpoint](uow, input as never);
          }
        });
      } catch (error) {
        const failed = statusOfError(error);
        return commands.map((_command, index) => (index === running ? failed : 424));
      }
      return commands.map(() => 200);
    },
  };
}
