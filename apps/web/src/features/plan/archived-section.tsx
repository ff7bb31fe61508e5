import type { ArchivedProject } from '@hustle/shared/projects';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { Button } from '../../ui/button.tsx';
import { ArchiveIcon, ChevronDownIcon } from '../../ui/icons.tsx';
import { useLayoutStore } from '../../stores/layout-store.ts';
import { Loader } from '../../ui/loader.tsx';
import { projectColorStyle } from '../../ui/project-color.ts';
import {
  archivedProjectsKey,
  useArchivedProjects,
  useUnarchiveProject,
} from '../projects/api/archived-projects.ts';
import styles from './archived-section.module.css';

/**
 * spec §2 archived projects: 'Show archived projects (N)' / 'Hide archived projects' with the
 * archives access; without it '+N archived projects', which leads to /subscription.
 */
export function ArchivedSection({ workspace }: { workspace: WorkspaceResponse }) {
  const count = workspace.archivedProjectsCount;
  const canView = workspace.access.archives;
  const [isShown, setIsShown] = useState(false);
  const archived = useArchivedProjects(canView && isShown);
  const queryClient = useQueryClient();
  const { workspaceId } = workspace;

  // Archiving happens on a card; the list shown here follows the count.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: archivedProjectsKey(workspaceId) });
  }, [count, queryClient, workspaceId]);

  if (count === 0) return null;

  if (!canView) {
    return (
      <div className={styles.section}>
        <Link to="/subscription?reason=archives" className={styles.upsell}>
          <ArchiveIcon />
          {`+${count} archived projects`}
        </Link>
      </div>
    );
  }

  return (
    <section className={styles.section} aria-label="Archived projects">
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={isShown}
        onClick={() => setIsShown((shown) => !shown)}
      >
        <ArchiveIcon />
        {isShown ? 'Hide archived projects' : `Show archived projects (${count})`}
        <span className={styles.chevron} data-open={isShown || undefined} aria-hidden="true">
          <ChevronDownIcon />
        </span>
      </button>
      {isShown &&
        (archived.isPending ? (
          <Loader />
        ) : archived.isError ? (
          <p className={styles.error} role="alert">
            Archived projects could not be loaded. {errorMessage(archived.error)}
          </p>
        ) : (
          <ul className={styles.list}>
            {archived.data.map((project) => (
              <ArchivedCard key={project.id} project={project} />
            ))}
          </ul>
        ))}
    </section>
  );
}

function ArchivedCard({ project }: { project: ArchivedProject }) {
  const openModal = useLayoutStore((state) => state.openModal);
  const unarchive = useUnarchiveProject();
  return (
    <li className={styles.card} style={projectColorStyle(project.color)}>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.name}>{project.name}</span>
      <div className={styles.actions}>
        <Button
          variant="ghost"
          aria-label={`Details of ${project.name}`}
          onClick={() =>
            openModal({ type: 'archivedProjectDetails', id: project.id, addTask: false })
          }
        >
          Details
        </Button>
        <Button aria-label={`Bring back ${project.name}`} onClick={() => unarchive(project)}>
          Bring back
        </Button>
      </div>
    </li>
  );
}
