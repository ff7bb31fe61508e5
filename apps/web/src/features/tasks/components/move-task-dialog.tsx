import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useId, useState, type KeyboardEvent } from 'react';
import { closeMoveDialog, useMoveTaskStore, type MovingTask } from '../../../stores/move-task.ts';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { Modal } from '../../../ui/modal.tsx';
import { projectColorStyle } from '../../../ui/project-color.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { useMoveTask } from '../api/move-task.ts';
import styles from './move-task-dialog.module.css';

type Destination = { projectId: string | null; name: string; color: string | null };

/** The inbox, then the open projects in the workspace's order, as far as `query` matches. */
export function destinationsOf(workspace: WorkspaceResponse | undefined, query: string) {
  const all: Destination[] = [
    { projectId: null, name: 'Inbox', color: null },
    ...(workspace?.projects ?? [])
      .filter((project) => !project.archived)
      .map(({ id, name, color }) => ({ projectId: id, name, color })),
  ];
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return all.filter((each) => words.every((word) => each.name.toLowerCase().includes(word)));
}

/** Where the app shows the picker while a row, the sheet or the palette has it open. */
export default function MoveTaskDialogHost() {
  const task = useMoveTaskStore((state) => state.task);
  return task ? <MoveTaskDialog key={task.id} task={task} /> : null;
}

/**
 * Issue 31 item 4: "Move to…" — the inbox and the open projects, filtered as one types; ↑/↓
 * choose, Enter moves. The task's own place is listed, marked, and cannot be chosen.
 */
function MoveTaskDialog({ task }: { task: MovingTask }) {
  const { data: workspace } = useWorkspace();
  const { mutate: move } = useMoveTask();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const options = destinationsOf(workspace, query);
  const isCurrent = (each: Destination) => each.projectId === task.projectId;
  const at = Math.min(active, Math.max(options.length - 1, 0));

  const choose = (each: Destination | undefined) => {
    if (!each || isCurrent(each)) return;
    move({ taskId: task.id, projectId: task.projectId, toProjectId: each.projectId });
    closeMoveDialog();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const count = Math.max(options.length, 1);
      let next = (at + step + count) % count;
      // The task's own place cannot be chosen: the arrows step over it.
      const landed = options[next];
      if (landed && isCurrent(landed) && count > 1) next = (next + step + count) % count;
      setActive(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[at]);
    }
  };

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Modal title="Move to…" onClose={closeMoveDialog}>
      <TextField
        label={`Where should “${task.name}” go?`}
        placeholder="Type to filter projects"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(at) : undefined}
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={handleKeyDown}
      />
      {options.length === 0 ? (
        <p className={styles.empty} role="status">
          No open project matches “{query.trim()}”.
        </p>
      ) : (
        <ul id={listId} role="listbox" aria-label="Places" className={styles.options}>
          {options.map((each, index) => (
            <li
              key={each.projectId ?? 'inbox'}
              id={optionId(index)}
              role="option"
              aria-selected={index === at}
              aria-disabled={isCurrent(each)}
              data-active={index === at || undefined}
              className={styles.option}
              onPointerEnter={() => setActive(index)}
              onClick={() => choose(each)}
            >
              <span
                className={styles.dot}
                style={each.projectId ? projectColorStyle(each.color) : undefined}
                aria-hidden="true"
              />
              <span className={styles.name}>{each.name}</span>
              {isCurrent(each) && <span className={styles.note}>Here now</span>}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
