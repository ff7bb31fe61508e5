import type { Project } from '@hustle/shared/projects';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { View } from '../../stores/layout-store.ts';
import { useRevealTaskRow } from '../tasks/model/reveal-task-row.ts';
import { ProjectCard } from './project-card/project-card.tsx';
import { projectInViewOf } from '../projects/model/project-in-view.ts';
import { cardTasks } from '../projects/model/project-tasks-view.ts';
import { useWindowRows } from './hooks/use-window-rows.ts';
import { estimateCardHeight } from './model/estimates.ts';
import styles from './plan-screen.module.css';

/**
 * spec §2: the project cards, as a grid or a list. Only the rows of cards near the screen are
 * in the page (issue 12: Plan with 200 projects renders in 300 ms; decision 032).
 */
export function ProjectsGrid({ projects, view }: { projects: Project[]; view: View }) {
  const keys = useMemo(() => projects.map((project) => project.id), [projects]);
  const { containerRef, rows, onFocus, reveal } = useWindowRows<HTMLDivElement>({
    keys,
    keyAttribute: 'data-project-id',
    estimateHeight: (index) => estimateCardHeight(projects[index]!),
  });

  // The palette shows a task where it lives (decision 022), also on a card not yet rendered.
  useRevealTaskRow((taskId) => {
    const project = projects.find((candidate) =>
      cardTasks(candidate).shown.some((task) => task.id === taskId),
    );
    if (project) reveal(project.id);
    return project !== undefined;
  });

  const projectInView = useProjectInView(keys, reveal);

  // One flat list of children, each card keyed by its project: a card that moves to another
  // row (a project added above, the window made narrower) keeps its state.
  const children: ReactNode[] = [];
  for (const row of rows) {
    if (row.spacerBefore > 0) {
      children.push(
        <div
          key={`spacer-${row.index}`}
          className={styles.spacer}
          style={{ height: row.spacerBefore }}
          aria-hidden="true"
        />,
      );
    }
    for (const project of projects.slice(row.start, row.end)) {
      children.push(
        <ProjectCard
          key={project.id}
          project={project}
          isHighlighted={project.id === projectInView}
        />,
      );
    }
  }

  return (
    <div
      ref={containerRef}
      className={view === 'grid' ? styles.grid : styles.list}
      data-view={view}
      onFocus={onFocus}
    >
      {children}
    </div>
  );
}

/**
 * The project a navigation asked to show (after joining it, issue 28): its card is scrolled
 * into view once the workspace holds it, and stays marked for this visit. The request is then
 * dropped from the history entry, so a reload or Back does not scroll there again.
 */
function useProjectInView(keys: string[], reveal: (key: string) => void): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const [projectInView] = useState(() => projectInViewOf(location.state));
  const isListed = projectInView !== null && keys.includes(projectInView);
  const hasRequest = projectInViewOf(location.state) !== null;

  useEffect(() => {
    if (!isListed || !hasRequest) return;
    reveal(projectInView);
    void navigate(location.pathname, { replace: true, state: null });
  }, [isListed, hasRequest, projectInView, reveal, navigate, location.pathname]);

  return isListed ? projectInView : null;
}
