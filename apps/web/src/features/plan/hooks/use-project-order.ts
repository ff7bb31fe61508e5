import type { Task } from '@hustle/shared/tasks';
import { useState } from 'react';
import { useMoveTask, useReorderProjectTask } from '../../tasks/api/move-task.ts';
import { shiftInList } from '../../tasks/model/list-shift.ts';
import { useOrderInFlight } from '../../../ui/use-order-in-flight.ts';

/**
 * A project's list of open tasks as a card or the detail modal shows it, kept in order by the
 * keyboard (Alt+↑/↓) and by drops (issue 31 item 5): one write per move, announced. A task of
 * another list dropped here moves into the project (item 4).
 */
export function useProjectOrder(projectId: string, projectName: string, tasks: readonly Task[]) {
  const { mutate: reorder } = useReorderProjectTask();
  const { mutate: move } = useMoveTask();
  const [announcement, setAnnouncement] = useState('');
  const [ids, recordMove] = useOrderInFlight(tasks.map((task) => task.id));

  const placeAt = (task: Task, to: number) => {
    const shift = shiftInList(ids, task.id, to);
    if (!shift) return;
    const rest = ids.filter((id) => id !== task.id);
    recordMove([...rest.slice(0, to), task.id, ...rest.slice(to)]);
    reorder({ taskId: task.id, projectId, afterTaskId: shift.afterTaskId });
    setAnnouncement(`${task.name} moved to position ${shift.place} of ${ids.length}.`);
  };

  const moveHere = (task: Task) => {
    if (task.automationId !== null || task.projectId === projectId) return;
    move({ taskId: task.id, projectId: task.projectId, toProjectId: projectId });
    setAnnouncement(`${task.name} moved to ${projectName}.`);
  };

  return {
    announcement,
    /** Alt+↑/↓ on a row. */
    shift: (task: Task, offset: -1 | 1) => placeAt(task, ids.indexOf(task.id) + offset),
    /** A task let go over the row of `over`: its place, or into the project from elsewhere. */
    dropOn: (over: Task) => (dragged: Task) =>
      dragged.projectId === projectId ? placeAt(dragged, ids.indexOf(over.id)) : moveHere(dragged),
    /** A task let go over the card itself. */
    moveHere,
  };
}
