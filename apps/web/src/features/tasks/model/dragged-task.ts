/** What a task row carries when dragged onto a day (issue 29), in the drag's data. */
const DRAG_TYPE = 'application/x-hustle-task';

export interface DraggedTask {
  taskId: string;
  projectId: string | null;
  isAutomation: boolean;
}

export function writeDraggedTask(data: DataTransfer, task: DraggedTask): void {
  data.setData(DRAG_TYPE, JSON.stringify(task));
  data.effectAllowed = 'move';
}

/** The task a drop carries; null for anything else dropped (text, files). */
export function readDraggedTask(data: DataTransfer): DraggedTask | null {
  const text = data.getData(DRAG_TYPE);
  if (!text) return null;
  try {
    const task = JSON.parse(text) as Partial<DraggedTask>;
    if (typeof task.taskId !== 'string') return null;
    return {
      taskId: task.taskId,
      projectId: typeof task.projectId === 'string' ? task.projectId : null,
      isAutomation: task.isAutomation === true,
    };
  } catch {
    return null;
  }
}
