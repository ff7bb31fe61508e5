import { hasReachedLimit } from '@hustle/shared/access';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { useLayoutStore } from '../../stores/layout-store.ts';
import { useCreateProject } from '../projects/api/create-project.ts';
import { AddProjectInput } from '../projects/components/add-project-input.tsx';
import styles from './plan-screen.module.css';
import { ProjectReorderList } from './project-reorder-list.tsx';
import { ProjectsGrid } from './projects-grid.tsx';
import { ViewToggle } from './view-toggle.tsx';

type Where = 'top' | 'bottom';

/**
 * spec §2 projects: '+ Add project' (top) and '+ New Project' (bottom), both held back at the
 * plan's projectsLimit; Reorder / Finish; grid or list; the welcome state when there are none.
 */
export function ProjectsSection({ workspace }: { workspace: WorkspaceResponse }) {
  const view = useLayoutStore((state) => state.view);
  const isReordering = useLayoutStore((state) => state.projectsReorder);
  const setReordering = useLayoutStore((state) => state.setProjectsReorder);
  const isAddingTop = useLayoutStore((state) => state.addingProjectTop);
  const isAddingBottom = useLayoutStore((state) => state.addingProjectBottom);
  const setAddingTop = useLayoutStore((state) => state.setAddingProjectTop);
  const setAddingBottom = useLayoutStore((state) => state.setAddingProjectBottom);
  const createProject = useCreateProject();
  // A name whose creation failed comes back into its field (DESIGN: inputs never lose text).
  const [drafts, setDrafts] = useState<Record<Where, string>>({ top: '', bottom: '' });

  const { projects, access } = workspace;
  const isAtLimit = hasReachedLimit(access.projectsLimit, projects.length);
  const setAdding = (where: Where, isAdding: boolean) =>
    where === 'top' ? setAddingTop(isAdding) : setAddingBottom(isAdding);

  const startAdding = (where: Where) => {
    setAdding(where === 'top' ? 'bottom' : 'top', false);
    setAdding(where, true);
  };

  const add = (where: Where, name: string) => {
    setAdding(where, false);
    setDrafts((current) => ({ ...current, [where]: '' }));
    createProject.mutateAsync({ name, asFirst: where === 'top' }).catch(() => {
      setDrafts((current) => ({ ...current, [where]: name }));
      setAdding(where, true);
    });
  };

  const entry = (where: Where) => (
    <AddProjectInput
      initialValue={drafts[where]}
      onSubmit={(name) => add(where, name)}
      onCancel={() => setAdding(where, false)}
    />
  );

  const isEmpty = projects.length === 0;
  const newProjectButton = (
    <Button
      variant={isEmpty ? 'primary' : 'secondary'}
      className={isEmpty ? undefined : styles.newProject}
      disabled={isAtLimit}
      aria-describedby={isAtLimit ? 'projects-limit' : undefined}
      onClick={() => startAdding('bottom')}
    >
      + New Project
    </Button>
  );

  return (
    <section className={styles.section} aria-labelledby="projects-heading">
      <div className={styles.sectionHeader}>
        <h2 id="projects-heading" className={styles.sectionTitle}>
          Projects
        </h2>
        {!isEmpty && (
          <span className={styles.count}>
            {access.projectsLimit === null
              ? projects.length
              : `${projects.length} of ${access.projectsLimit}`}
          </span>
        )}
        <div className={styles.headerActions}>
          {!isReordering && (
            <Button
              variant="ghost"
              className={styles.headerButton}
              disabled={isAtLimit}
              aria-describedby={isAtLimit ? 'projects-limit' : undefined}
              onClick={() => startAdding('top')}
            >
              + Add project
            </Button>
          )}
          {(projects.length > 1 || isReordering) && (
            <Button
              variant={isReordering ? 'primary' : 'ghost'}
              className={styles.headerButton}
              onClick={() => setReordering(!isReordering)}
            >
              {isReordering ? 'Finish' : 'Reorder'}
            </Button>
          )}
          {!isReordering && (
            <div className={styles.viewToggle}>
              <ViewToggle />
            </div>
          )}
        </div>
      </div>

      {isReordering && (
        <p className={styles.reorderHint}>
          Drag projects into the order you want, or focus one and use Space and the arrow keys.
        </p>
      )}

      {isAddingTop && entry('top')}

      {isEmpty && !isAddingTop && !isAddingBottom ? (
        <div className={styles.empty}>
          <h3 className={styles.emptyTitle}>Welcome to your workspace!</h3>
          <p className={styles.emptyText}>
            Projects keep related tasks together — a launch, a move, a trip. Create your first one,
            fill it with tasks, then check the ones you want to do next.
          </p>
          {newProjectButton}
        </div>
      ) : isReordering ? (
        <ProjectReorderList projects={projects} />
      ) : (
        projects.length > 0 && <ProjectsGrid projects={projects} view={view} />
      )}

      {isAddingBottom && entry('bottom')}

      {!isReordering && !isEmpty && !isAddingBottom && newProjectButton}
      {isAtLimit && (
        <p id="projects-limit" className={styles.limit}>
          {`Your plan allows ${access.projectsLimit} projects. `}
          <Link to="/subscription?reason=projects">Upgrade to Premium</Link> for unlimited projects.
        </p>
      )}
    </section>
  );
}
