import { taskNameParts } from '../model/task-name-parts.ts';
import styles from './task-name.module.css';

/**
 * A task's name as text, with http/https/mailto addresses as links opening in a new tab
 * (spec §2 "Workspace task row"). Everything is rendered as React text: nothing is parsed as HTML.
 */
export function TaskName({ name }: { name: string }) {
  return (
    <span className={styles.name}>
      {taskNameParts(name).map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            className={styles.link}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            title={part.href}
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </span>
  );
}
