import {
  closestCenter,
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { TIMINGS } from '@hustle/shared/constants';
import type { Project } from '@hustle/shared/projects';
import { useState } from 'react';
import { GripIcon } from '../../ui/icons.tsx';
import { projectColorStyle } from '../../ui/project-color.ts';
import { placeByPlaceCoordinates } from '../../ui/place-by-place.ts';
import { useSortableSensors } from '../../ui/use-sortable-sensors.ts';
import { useMoveProject } from '../projects/api/project-commands.ts';
import styles from './project-reorder-list.module.css';

const countText = (count: number) => `${count} open ${count === 1 ? 'task' : 'tasks'}`;

/**
 * Reorder mode (spec §2): the projects as a compact list to drag — by mouse, touch or keyboard
 * (Space picks up, each arrow press moves one place, Space drops, Escape cancels). A drop sends the new index.
 */
export function ProjectReorderList({ projects }: { projects: Project[] }) {
  const moveProject = useMoveProject();
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const sensors = useSortableSensors(placeByPlaceCoordinates);

  const ids = projects.map((project) => project.id);
  const nameOf = (id: UniqueIdentifier) =>
    projects.find((project) => project.id === id)?.name ?? 'The project';
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const active = projects.find((project) => project.id === activeId);

  const announcements: Announcements = {
    onDragStart: ({ active: item }) =>
      `Picked up ${nameOf(item.id)}, position ${positionOf(item.id)} of ${ids.length}.`,
    onDragOver: ({ active: item, over }) =>
      over
        ? `${nameOf(item.id)} is now at position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(item.id)} is no longer over the list.`,
    onDragEnd: ({ active: item, over }) =>
      over
        ? `${nameOf(item.id)} was dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(item.id)} was dropped where it was.`,
    onDragCancel: ({ active: item }) =>
      `Moving cancelled. ${nameOf(item.id)} stays at position ${positionOf(item.id)}.`,
  };

  const handleDragStart = ({ active: item }: DragStartEvent) => setActiveId(item.id);

  const handleDragEnd = ({ active: item, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over || item.id === over.id) return;
    const index = ids.indexOf(String(over.id));
    if (index >= 0) moveProject.mutate({ projectId: String(item.id), index });
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      accessibility={{ announcements }}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={styles.list} aria-label="Projects in order">
          {projects.map((project) => (
            <SortableProject key={project.id} project={project} />
          ))}
        </ol>
      </SortableContext>
      <DragOverlay zIndex={TIMINGS.dragOverlayZIndex}>
        {active ? (
          // A picture of the project under the pointer: the list item itself is what is moved.
          <div inert aria-hidden="true">
            <ReorderItem project={active} isLifted />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function SortableProject({ project }: { project: Project }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: project.id,
  });
  return (
    <li
      ref={setNodeRef}
      className={styles.slot}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-dragging={isDragging || undefined}
    >
      <div {...attributes} {...listeners} className={styles.handle} aria-label={project.name}>
        <ReorderItem project={project} />
      </div>
    </li>
  );
}

function ReorderItem({ project, isLifted = false }: { project: Project; isLifted?: boolean }) {
  return (
    <div
      className={isLifted ? `${styles.item} ${styles.lifted}` : styles.item}
      style={projectColorStyle(project.color)}
    >
      <span className={styles.grip} aria-hidden="true">
        <GripIcon />
      </span>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.name}>{project.name}</span>
      <span className={styles.count}>{countText(project.openTasksCount)}</span>
    </div>
  );
}
