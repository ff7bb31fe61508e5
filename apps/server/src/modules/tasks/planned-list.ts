import type { Db } from '../../db/database.ts';
import { keyBetween } from '../../lib/ordering.ts';
import * as plannedRepo from './planned.repository.ts';

/** Puts a task at the end of a workspace's Execute list (new planned tasks go last, spec §2). */
export async function appendToPlannedList(
  trx: Db,
  workspaceId: string,
  taskId: string,
): Promise<void> {
  const last = await plannedRepo.edgePlannedPosition(trx, workspaceId, 'last');
  await plannedRepo.insertPlanned(trx, workspaceId, taskId, keyBetween(last, null));
}
