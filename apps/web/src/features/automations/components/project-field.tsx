import type { Project } from '@hustle/shared/projects';
import styles from '../automations.module.css';

type ProjectFieldProps = {
  value: string | null;
  projects: readonly Project[];
  onChange: (projectId: string | null) => void;
};

/** Where the tasks it adds go: the inbox, or one of the workspace's projects. */
export function ProjectField({ value, projects, onChange }: ProjectFieldProps) {
  // A project archived or left since it was chosen still shows, so the choice is not lost silently.
  const shown = value && !projects.some((project) => project.id === value);
  return (
    <div className={styles.field}>
      <label htmlFor="automation-project" className={styles.fieldLabel}>
        Adds tasks to
      </label>
      <select
        id="automation-project"
        className={styles.select}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">Inbox</option>
        {projects.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
        {shown && <option value={value}>A project no longer in your list</option>}
      </select>
    </div>
  );
}
