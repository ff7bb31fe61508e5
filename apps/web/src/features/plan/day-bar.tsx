import { useDroppable } from '@dnd-kit/core';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useMemo, type KeyboardEvent } from 'react';
import { usePlanningDayStore } from '../../stores/planning-day-store.ts';
import { dayBarDays, dayLabel, spokenDay } from '../tasks/model/day-labels.ts';
import { dayDropId } from '../tasks/model/day-drop.ts';
import styles from './day-bar.module.css';

/** Open tasks planned for each day, from the copy's planned list. */
function openCountsByDay(workspace: WorkspaceResponse): Map<string, number> {
  const planned = new Set(workspace.plannedTasks);
  const counts = new Map<string, number>();
  const count = (task: WorkspaceResponse['tasks'][number]) => {
    if (!planned.has(task.id) || task.completedAt !== null || !task.plannedFor) return;
    counts.set(task.plannedFor, (counts.get(task.plannedFor) ?? 0) + 1);
  };
  workspace.tasks.forEach(count);
  workspace.automations.forEach(count);
  for (const project of workspace.projects) project.tasks.forEach(count);
  return counts;
}

/**
 * Plan mode's day bar (issue 29): Today, Tomorrow and the rest of the week. Choosing a day makes
 * the task boxes plan for it; the arrow keys move between days, as in any radio group.
 */
export function DayBar({ workspace, today }: { workspace: WorkspaceResponse; today: string }) {
  const chosen = usePlanningDayStore((state) => state.day) ?? today;
  const setDay = usePlanningDayStore((state) => state.setDay);
  const days = useMemo(() => dayBarDays(today), [today]);
  const counts = useMemo(() => openCountsByDay(workspace), [workspace]);
  // A choice of a day that has since passed falls back to today.
  const selected = days.includes(chosen) ? chosen : today;

  const choose = (day: string) => setDay(day === today ? null : day);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = days[(days.indexOf(selected) + step + days.length) % days.length]!;
    choose(next);
    document.getElementById(`day-${next}`)?.focus();
  };

  return (
    <div role="radiogroup" aria-label="Plan for" className={styles.bar} onKeyDown={handleKeyDown}>
      {days.map((day) => (
        <DayPill
          key={day}
          day={day}
          today={today}
          count={counts.get(day) ?? 0}
          isSelected={day === selected}
          onChoose={choose}
        />
      ))}
    </div>
  );
}

type DayPillProps = {
  day: string;
  today: string;
  count: number;
  isSelected: boolean;
  onChoose: (day: string) => void;
};

function DayPill({ day, today, count, isSelected, onChoose }: DayPillProps) {
  const { setNodeRef, isOver } = useDroppable({ id: dayDropId(day) });
  return (
    <button
      ref={setNodeRef}
      id={`day-${day}`}
      type="button"
      role="radio"
      aria-checked={isSelected}
      aria-label={`${spokenDay(day, today)}, ${count} planned`}
      tabIndex={isSelected ? 0 : -1}
      className={styles.day}
      data-over={isOver ? '' : undefined}
      onClick={() => onChoose(day)}
    >
      <span className={styles.name}>{dayLabel(day, today)}</span>
      <span className={styles.count} aria-hidden="true">
        {count === 0 ? 'Free' : `${count} planned`}
      </span>
    </button>
  );
}
