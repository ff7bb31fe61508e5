import type { SearchResult } from '@hustle/shared/search';
import emptyState from '../../../ui/empty-state.module.css';
import { Loader } from '../../../ui/loader.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { PlaceLine } from '../../../ui/place-line.tsx';
import styles from './search-results.module.css';

/** The id of a result's option, for the field's aria-activedescendant. */
export const resultOptionId = (listId: string, index: number) => `${listId}-${index}`;

/** What a result's second line says of its state: done, planned, in the archive. */
export function resultStateLabels(result: SearchResult): string[] {
  const labels: string[] = [];
  if (result.state === 'DONE') labels.push('Done');
  if (result.state === 'PLANNED') labels.push('Planned');
  if (result.place.isArchived) labels.push('Archived project');
  return labels;
}

type SearchResultsProps = {
  listId: string;
  /** What was typed, trimmed; '' before anything was. */
  query: string;
  results: SearchResult[] | undefined;
  isLoading: boolean;
  /** The results shown answer an earlier query while this one is looked up. */
  isPrevious: boolean;
  error: Error | null;
  onRetry: () => void;
  activeIndex: number;
  onChoose: (result: SearchResult) => void;
};

/**
 * Issue 31 item 6: tasks found by a word of their name, notes or checklist, each with where it
 * lives and its state; the words' line of notes or checklist item under it. The field that owns
 * the list moves `activeIndex` with the arrow keys (a combobox), so the list takes no focus.
 */
export function SearchResults(props: SearchResultsProps) {
  const { listId, query, results, isLoading, isPrevious, error, onRetry } = props;
  if (error) return <LoadFailure what="Could not search." error={error} onRetry={onRetry} />;
  if (!results) {
    if (isLoading) return <Loader label="Searching…" />;
    return (
      <p className={emptyState.note}>
        {query === ''
          ? 'Find any task by a word of its name, notes or checklist — open, done or archived.'
          : 'Type a word: letters or digits.'}
      </p>
    );
  }
  if (results.length === 0 && !isPrevious) {
    return (
      <p className={emptyState.note} role="status">
        No tasks match “{query}”.
      </p>
    );
  }
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label="Tasks found"
      aria-busy={isLoading}
      className={isPrevious ? `${styles.list} ${styles.previous}` : styles.list}
    >
      {results.map((result, index) => (
        <ResultOption key={result.taskId} {...props} result={result} index={index} />
      ))}
    </ul>
  );
}

function ResultOption({
  listId,
  result,
  index,
  activeIndex,
  onChoose,
}: SearchResultsProps & { result: SearchResult; index: number }) {
  const labels = resultStateLabels(result);
  const isDone = result.state === 'DONE';
  return (
    <li
      id={resultOptionId(listId, index)}
      role="option"
      aria-selected={index === activeIndex}
      className={styles.option}
      // The field keeps focus: a press chooses without blurring it first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(result)}
    >
      <span className={isDone ? `${styles.name} ${styles.done}` : styles.name}>{result.name}</span>
      <PlaceLine place={result.place}>
        {labels.map((label) => (
          <span key={label} className={styles.state}>
            {label}
          </span>
        ))}
      </PlaceLine>
      {result.excerpt !== null && (
        <span className={styles.excerpt}>
          <span className={styles.field}>
            {result.matchedIn === 'notes' ? 'Notes' : 'Checklist'}:
          </span>{' '}
          {result.excerpt}
        </span>
      )}
    </li>
  );
}
