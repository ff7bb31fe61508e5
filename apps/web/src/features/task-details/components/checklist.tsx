import { DndContext, type DragEndEvent } from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import {
  arrayMove,
  SortableContext,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ChecklistItem } from '@hustle/shared/task-details';
import { LIMITS } from '@hustle/shared/constants';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ArrowUpIcon, GripIcon, TrashIcon } from '../../../ui/icons.tsx';
import { placeByPlaceCoordinates } from '../../../ui/place-by-place.ts';
import { useSortableSensors } from '../../../ui/use-sortable-sensors.ts';
import { useOrderInFlight } from '../../../ui/use-order-in-flight.ts';
import styles from './task-details.module.css';

const MODIFIERS = [restrictToVerticalAxis];

export interface ChecklistActions {
  add: (name: string) => void;
  rename: (itemId: string, name: string) => void;
  check: (itemId: string, done: boolean) => void;
  /** Right after `afterItemId`, or first for null. */
  move: (itemId: string, afterItemId: string | null) => void;
  remove: (item: ChecklistItem) => void;
  makeTask: (item: ChecklistItem) => void;
}

type ChecklistProps = {
  items: ChecklistItem[];
  actions: ChecklistActions;
  isReadOnly: boolean;
};

/**
 * A task's checklist (issue 31): rows with the same check box, smaller (DESIGN.md); dragged by
 * their handle with the app's drag library, or moved with Alt+↑/↓; up to 100 items.
 */
export function Checklist({ items, actions, isReadOnly }: ChecklistProps) {
  const sensors = useSortableSensors(placeByPlaceCoordinates);
  const [announcement, setAnnouncement] = useState('');
  const shownIds = items.map((item) => item.id);
  const [ids, recordMove] = useOrderInFlight(shownIds);

  const moveTo = (itemId: string, index: number) => {
    const from = ids.indexOf(itemId);
    if (from < 0 || index < 0 || index >= ids.length || index === from) return;
    const order = arrayMove([...ids], from, index);
    const at = order.indexOf(itemId);
    recordMove(order);
    actions.move(itemId, at === 0 ? null : order[at - 1]!);
    const name = items.find((item) => item.id === itemId)!.name;
    setAnnouncement(`${name} moved to position ${at + 1} of ${ids.length}.`);
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) moveTo(String(active.id), ids.indexOf(String(over.id)));
  };

  const isFull = items.length >= LIMITS.checklistItemsPerTask;
  return (
    <div>
      <DndContext sensors={sensors} modifiers={MODIFIERS} onDragEnd={handleDragEnd}>
        <SortableContext items={shownIds} strategy={verticalListSortingStrategy}>
          <ul className={styles.checklist} aria-label="Checklist">
            {items.map((item) => (
              <ChecklistRow
                key={item.id}
                item={item}
                actions={actions}
                isReadOnly={isReadOnly}
                onShift={(offset) => moveTo(item.id, ids.indexOf(item.id) + offset)}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!isReadOnly &&
        (isFull ? (
          <p className={styles.hint}>
            A checklist holds at most {LIMITS.checklistItemsPerTask} items.
          </p>
        ) : (
          <AddItemField onAdd={actions.add} />
        ))}
    </div>
  );
}

function AddItemField({ onAdd }: { onAdd: (name: string) => void }) {
  const [name, setName] = useState('');
  const trimmed = name.trim();
  const isTooLong = trimmed.length > LIMITS.checklistItemNameMaxLength;
  return (
    <form
      className={styles.addItem}
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || isTooLong) return;
        onAdd(trimmed);
        setName('');
      }}
    >
      <input
        className={styles.itemInput}
        aria-label="New checklist item"
        placeholder="Add an item"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {isTooLong && (
        <p className={styles.fieldError} role="alert">
          An item has at most {LIMITS.checklistItemNameMaxLength} characters.
        </p>
      )}
    </form>
  );
}

type ChecklistRowProps = {
  item: ChecklistItem;
  actions: ChecklistActions;
  isReadOnly: boolean;
  onShift: (offset: 1 | -1) => void;
};

function ChecklistRow({ item, actions, isReadOnly, onShift }: ChecklistRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: item.id, disabled: isReadOnly });
  const [isRenaming, setIsRenaming] = useState(false);
  const boxRef = useRef<HTMLInputElement>(null);

  const finishRename = (value: string) => {
    setIsRenaming(false);
    const name = value.trim();
    if (name && name !== item.name && name.length <= LIMITS.checklistItemNameMaxLength) {
      actions.rename(item.id, name);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || isReadOnly) return;
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onShift(event.key === 'ArrowUp' ? -1 : 1);
    requestAnimationFrame(() => boxRef.current?.focus());
  };

  return (
    <li
      ref={setNodeRef}
      className={`${styles.item} ${isDragging ? styles.itemDragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onKeyDown={handleKeyDown}
      data-checklist-item={item.id}
    >
      {!isReadOnly && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={styles.itemHandle}
          aria-label={`Move ${item.name}`}
          {...attributes}
          {...listeners}
        >
          <GripIcon />
        </button>
      )}
      <input
        ref={boxRef}
        type="checkbox"
        className={styles.itemBox}
        checked={item.done}
        disabled={isReadOnly}
        aria-label={item.name}
        onChange={(event) => actions.check(item.id, event.target.checked)}
      />
      {isRenaming ? (
        <input
          className={styles.itemInput}
          aria-label="Checklist item"
          defaultValue={item.name}
          autoFocus
          onBlur={(event) => finishRename(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') finishRename(event.currentTarget.value);
            if (event.key === 'Escape') {
              event.stopPropagation();
              setIsRenaming(false);
            }
          }}
        />
      ) : (
        <button
          type="button"
          className={`${styles.itemName} ${item.done ? styles.itemDone : ''}`}
          disabled={isReadOnly}
          title="Rename"
          onClick={() => setIsRenaming(true)}
        >
          {item.name}
        </button>
      )}
      {!isReadOnly && (
        <span className={styles.itemActions}>
          <button
            type="button"
            className={styles.itemAction}
            aria-label={`Make “${item.name}” a task`}
            title="Make it a task"
            onClick={() => actions.makeTask(item)}
          >
            <ArrowUpIcon />
          </button>
          <button
            type="button"
            className={styles.itemAction}
            aria-label={`Delete “${item.name}”`}
            title="Delete"
            onClick={() => actions.remove(item)}
          >
            <TrashIcon />
          </button>
        </span>
      )}
    </li>
  );
}
