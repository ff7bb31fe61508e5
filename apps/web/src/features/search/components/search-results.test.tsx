import type { SearchResult } from '@hustle/shared/search';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchResults } from './search-results.tsx';

const result = (name: string, changes: Partial<SearchResult> = {}): SearchResult => ({
  taskId: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  state: 'IDLE',
  place: { kind: 'inbox', projectId: null, name: 'Inbox', color: null, isArchived: false },
  matchedIn: 'name',
  excerpt: null,
  ...changes,
});

function renderResults(props: Partial<Parameters<typeof SearchResults>[0]> = {}) {
  const onChoose = vi.fn();
  const onRetry = vi.fn();
  render(
    <SearchResults
      listId="found"
      query="varnish"
      results={undefined}
      isLoading={false}
      isPrevious={false}
      error={null}
      onRetry={onRetry}
      activeIndex={-1}
      onChoose={onChoose}
      {...props}
    />,
  );
  return { onChoose, onRetry };
}

describe('SearchResults', () => {
  it('shows each task with where it lives, its state, and the line the words are on', async () => {
    const door = result('Paint the door', {
      state: 'DONE',
      place: { kind: 'project', projectId: null, name: 'Shed', color: '#ff9f45', isArchived: true },
      matchedIn: 'notes',
      excerpt: 'Two coats of the green varnish',
    });
    const jar = result('Varnish jar', { state: 'PLANNED' });
    const { onChoose } = renderResults({ results: [door, jar], activeIndex: 1 });

    const options = within(screen.getByRole('listbox', { name: 'Tasks found' })).getAllByRole(
      'option',
    );
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('Paint the door');
    expect(options[0]).toHaveTextContent('Shed');
    expect(options[0]).toHaveTextContent('Done');
    expect(options[0]).toHaveTextContent('Archived project');
    expect(options[0]).toHaveTextContent('Notes: Two coats of the green varnish');
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    expect(options[1]).toHaveTextContent('Inbox');
    expect(options[1]).toHaveTextContent('Planned');
    expect(options[1]).not.toHaveTextContent('Notes:');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(options[1]).toHaveAttribute('id', 'found-1');

    await userEvent.click(options[0]!);
    expect(onChoose).toHaveBeenCalledWith(door);
  });

  it('says when nothing matches, while it searches, and before anything is typed', () => {
    renderResults({ results: [] });
    expect(screen.getByRole('status')).toHaveTextContent('No tasks match “varnish”.');
  });

  it('shows the search going on before the first answer', () => {
    renderResults({ isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
  });

  it('keeps the earlier answer, dimmed, while a newer query is looked up; no empty note', () => {
    renderResults({ results: [], isPrevious: true, isLoading: true });
    expect(screen.queryByText(/No tasks match/)).toBeNull();
  });

  it('invites a search before anything is typed', () => {
    renderResults({ query: '' });
    expect(
      screen.getByText(/Find any task by a word of its name, notes or checklist/),
    ).toBeVisible();
  });

  it('says why a search failed, and retries', async () => {
    const { onRetry } = renderResults({ error: new Error('The server could not be reached.') });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not search.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
