import { CAPS, LIMITS } from '@hustle/shared/constants';
import type { Access } from '@hustle/shared/access';
import type { Db } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { PlanService } from '../billing/plan.service.ts';

/**
 * Every rule about what a workspace may do — plan limits, sharing, archives, ownership — as one
 * function each with one refusal, so projects, invites, automations and the scheduler cannot
 * phrase or check a rule differently. Callers say what they are about to do; the policy counts.
 */
const planProjectsMessage = (limit: number) =>
  `Your plan allows ${limit} projects. Upgrade to Premium for unlimited projects.`;
const capProjectsMessage = () =>
  `A workspace holds at most ${CAPS.projectsPerWorkspace} projects. Delete one to make room.`;
const planAutomationsMessage = (limit: number) =>
  `Your plan allows ${limit} automations. Upgrade to Premium for unlimited automations.`;
const capAutomationsMessage = (limit: number) =>
  `A workspace holds at most ${limit} automations. Delete one to make room.`;
const capTasksMessage = () =>
  `A list holds at most ${CAPS.tasksPerList} tasks. Delete some completed ones to make room.`;

/** How many more of a kind fit, and the refusal that explains why no more do. */
export interface Room {
  count: number;
  reason: string;
}

/** A list tasks live in: a workspace's inbox or a project. */
export type TaskHome = { projectId: string } | { workspaceId: string };

/**
 * How the policy counts what a workspace holds. The modules that own the rows count them; the
 * policy asks inside the caller's unit of work, which holds the workspace lock, so a limit also
 * holds under parallel requests.
 */
export interface PolicyCounts {
  projects(trx: Db, workspaceId: string): Promise<{ active: number; all: number }>;
  automations(trx: Db, workspaceId: string): Promise<number>;
  tasksIn(trx: Db, home: TaskHome): Promise<number>;
}

interface ImportCounts {
  activeProjects: number;
  allProjects: number;
  automations: number;
  inboxTasks: number;
}
type ImportRoom = { activeProjects: Room; allProjects: Room; automations: Room; inboxTasks: Room };

/** The room an import has beside what the workspace holds, and why it ends. */
function roomForImport(access: Access, counts: ImportCounts): ImportRoom {
  const { projectsLimit, automationsLimit } = access;
  const left = (limit: number, count: number) => Math.max(0, limit - count);
  const automationLimit = Math.min(automationsLimit ?? Infinity, CAPS.automationsPerWorkspace);
  return {
    activeProjects:
      projectsLimit === null
        ? { count: Infinity, reason: '' }
        : {
            count: left(projectsLimit, counts.activeProjects),
            reason: planProjectsMessage(projectsLimit),
          },
    allProjects: {
      count: left(CAPS.projectsPerWorkspace, counts.allProjects),
      reason: capProjectsMessage(),
    },
    automations: {
      count: left(automationLimit, counts.automations),
      reason:
        automationLimit === automationsLimit
          ? planAutomationsMessage(automationLimit)
          : capAutomationsMessage(automationLimit),
    },
    inboxTasks: {
      count: left(CAPS.tasksPerList, counts.inboxTasks),
      reason: capTasksMessage(),
    },
  };
}

/**
 * The limits of what a workspace holds (plan and caps), counted inside the caller's unit of
 * work through `count`.
 */
function createRoomChecks(
  accessOf: (trx: Db, workspaceId: string) => Promise<Access>,
  count: PolicyCounts,
) {
  return {
    /**
     * Room for one more active project: a new one (create, join), or one coming back from the
     * archive, which is among the workspace's projects already and takes no new room there.
     */
    async requireProjectRoom(
      trx: Db,
      workspaceId: string,
      coming: 'new' | 'from archive' = 'new',
    ): Promise<void> {
      const [{ projectsLimit }, counts] = await Promise.all([
        accessOf(trx, workspaceId),
        count.projects(trx, workspaceId),
      ]);
      if (projectsLimit !== null && counts.active >= projectsLimit) {
        throw new AppError('PROJECT_LIMIT_REACHED', planProjectsMessage(projectsLimit));
      }
      const all = coming === 'new' ? counts.all : counts.all - 1;
      if (all >= CAPS.projectsPerWorkspace) {
        throw new AppError('PROJECT_LIMIT_REACHED', capProjectsMessage());
      }
    },

    async requireAutomationRoom(trx: Db, workspaceId: string): Promise<void> {
      const [{ automationsLimit }, automations] = await Promise.all([
        accessOf(trx, workspaceId),
        count.automations(trx, workspaceId),
      ]);
      const limit = Math.min(automationsLimit ?? Infinity, CAPS.automationsPerWorkspace);
      if (automations >= limit) {
        throw new AppError(
          'AUTOMATION_LIMIT_REACHED',
          limit === automationsLimit ? planAutomationsMessage(limit) : capAutomationsMessage(limit),
        );
      }
    },

    /** A list (the inbox, a project) has room for one more task. */
    async requireTaskRoom(trx: Db, home: TaskHome): Promise<void> {
      if ((await count.tasksIn(trx, home)) >= CAPS.tasksPerList) {
        throw new AppError('TASK_LIMIT_REACHED', capTasksMessage());
      }
    },

    /** Issue 31: a checklist holding `items` has room for one more. */
    requireChecklistRoom(items: number): void {
      if (items >= LIMITS.checklistItemsPerTask) {
        throw new AppError(
          'CHECKLIST_FULL',
          `A checklist holds at most ${LIMITS.checklistItemsPerTask} items.`,
        );
      }
    },

    /**
     * Room for an import beside what the workspace holds (issue 16): the same limits as one
     * create at a time, counted once, so the import can leave out what does not fit and say why.
     */
    async importRoom(trx: Db, workspaceId: string, counts: ImportCounts): Promise<ImportRoom> {
      return roomForImport(await accessOf(trx, workspaceId), counts);
    },
  };
}

export function createPolicy(deps: { plans: PlanService; counts: PolicyCounts }) {
  const { plans, counts: count } = deps;
  const accessOf = (trx: Db, workspaceId: string): Promise<Access> =>
    plans.accessOfWorkspace(trx, workspaceId);

  return {
    accessOf,

    ...createRoomChecks(accessOf, count),

    /** Sharing needs the project owner's plan to allow it, to invite and to join. */
    async requireSharing(trx: Db, ownerWorkspaceId: string): Promise<void> {
      if (!(await accessOf(trx, ownerWorkspaceId)).projectSharing) {
        throw new AppError(
          'SHARING_NOT_AVAILABLE',
          'Sharing projects is part of Premium. Upgrade to invite others.',
        );
      }
    },

    async requireArchives(trx: Db, workspaceId: string): Promise<void> {
      if (!(await accessOf(trx, workspaceId)).archives) {
        throw new AppError(
          'ARCHIVES_NOT_AVAILABLE',
          'Archived projects are part of Premium. Upgrade to see them.',
        );
      }
    },

    /** A project the workspace cannot see is as unknown as one that does not exist (404). */
    requireVisible<T>(project: T | undefined, what = 'Project'): T {
      if (!project) throw notFound(what);
      return project;
    },

    /** spec §6: only the owner renames, recolours, invites, archives or deletes. */
    requireOwner(project: { owner_workspace_id: string }, workspaceId: string): void {
      if (project.owner_workspace_id !== workspaceId) {
        throw forbidden("Only the project's owner can do that.");
      }
    },

    /**
     * A client-made id already used by anything but this very create (decision 021): another
     * user's row, another kind, other content, or something deleted. One answer for all of them,
     * so the refusal tells nothing about what holds the id.
     */
    refuseUsedId(): never {
      throw new AppError('ID_TAKEN', 'This id is already used. Make a new one and send it again.');
    },

    /** An archived project's tasks and invites are frozen until it is brought back. */
    requireNotArchived(project: { archived_at: string | null }): void {
      if (project.archived_at) {
        throw new AppError(
          'PROJECT_ARCHIVED',
          'This project is archived. Bring it back to change it.',
        );
      }
    },
  };
}

export type Policy = ReturnType<typeof createPolicy>;
