import type * as repo from './caldav.repository.ts';
import { etagOf, type TaskObject } from './vtodo.ts';

/** The inbox's name in addresses; projects go by their ids. */
export const INBOX = 'inbox';
const OBJECT_SUFFIX = '.ics';

/** A task list as a client sees it: the inbox or an active project the workspace shows. */
export interface TaskList {
  id: string;
  home: repo.ListHome;
  name: string;
  color: string | null;
}

/** A task as a resource of its list: its name there, its tag, and what its object is made of. */
export interface TaskResource {
  name: string;
  etag: string;
  task: TaskObject;
}

/** The name of a task that no client has named: its id. */
export const defaultNameOf = (taskId: string) => `${taskId}${OBJECT_SUFFIX}`;

/** The task id a resource name of Hustle's own carries, if it is one. */
export const taskIdOf = (name: string) => {
  const match = /^([0-9a-f-]{36})\.ics$/i.exec(name);
  return match ? match[1]!.toLowerCase() : null;
};

const toObject = (row: repo.ObjectRow): TaskObject => ({
  id: row.id,
  name: row.name,
  notes: row.notes ?? '',
  deadline: row.deadline,
  day: row.day ?? null,
  completedAt: row.completed_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  uid: row.uid ?? null,
  kept: row.kept ?? null,
});

export const toResource = (row: repo.ObjectRow): TaskResource => {
  const task = toObject(row);
  return { name: row.resource ?? defaultNameOf(row.id), etag: etagOf(task), task };
};
