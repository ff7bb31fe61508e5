import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aProject, aTask, aWorkspace, renderWithWorkspace } from '../../test/workspace-fixture.tsx';
import { additionsDuring } from '../../test/dom-additions.ts';
import { moveRowFocus } from '../../ui/keyboard.ts';
import { focusTaskRowAnywhere } from '../tasks/model/reveal-task-row.ts';
import { estimateCardHeight } from './model/estimates.ts';
import { PlanScreen } from './plan-screen.tsx';

/*
 * jsdom lays nothing out: every row keeps its estimated height, the window is 768 px high, and
 * scrolling is the window's scroll position and event (test/setup.ts). Here every element sits
 * at the page's top, so moves up the screen as the window scrolls, and the page is given a
 * height, as the virtualiser takes a scroll beyond it for an overscroll.
 */
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(
    () => new DOMRect(0, -window.scrollY, 0, 0),
  );
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    get: () => 1_000_000,
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
});

const projects = Array.from({ length: 200 }, (_, index) =>
  aProject(`p${index + 1}`, `Project ${index + 1}`, {
    tasks: Array.from({ length: 5 }, (_, task) =>
      aTask(`p${index + 1}-t${task + 1}`, { name: `Task ${task + 1} of ${index + 1}` }),
    ),
  }),
);
const cardHeight = estimateCardHeight(projects[0]!);
const card = (name: string) => screen.queryByRole('article', { name });

// Focus moves among the rows of the page's main element (decision 022).
function renderPlan() {
  renderWithWorkspace(
    <main>
      <PlanScreen />
    </main>,
    { workspace: aWorkspace({ projects }) },
  );
}

async function scrollWindowTo(top: number) {
  await act(async () => {
    window.scrollTo({ top });
  });
}

describe('Plan with many projects', () => {
  it('renders the cards near the screen and the last one, not all 200', () => {
    renderPlan();
    expect(screen.getAllByRole('article').length).toBeLessThan(15);
    expect(card('Project 1')).toBeInTheDocument();
    // The last card stays, so k from nowhere still reaches the page's last task (decision 022).
    expect(card('Project 200')).toBeInTheDocument();
    expect(card('Project 100')).not.toBeInTheDocument();
    // The count says what the workspace holds, not what is rendered.
    expect(screen.getByText('200')).toBeInTheDocument();
  });

  it('mounts its grid with the cards that fit the window, not empty and filled by a second pass', () => {
    const additions = additionsDuring(renderPlan);
    const cardsAddedToMountedGrid = additions
      .filter(({ into }) => into instanceof Element && into.hasAttribute('data-view'))
      .map(({ node }) => node)
      .filter((node) => node instanceof Element && node.hasAttribute('data-project-id'));
    // Cards that came with the grid's first commit were never added to a grid already there.
    expect(card('Project 1')).toBeInTheDocument();
    expect(cardsAddedToMountedGrid).not.toContain(card('Project 1'));
  });

  it('renders the cards the window scrolls to', async () => {
    renderPlan();
    await scrollWindowTo(99 * cardHeight);
    expect(await screen.findByRole('article', { name: 'Project 100' })).toBeInTheDocument();
    expect(card('Project 50')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').length).toBeLessThan(15);
  });

  it('keeps the card holding focus when the window scrolls away, so j goes on from it', async () => {
    renderPlan();
    await scrollWindowTo(99 * cardHeight);
    const project100 = await screen.findByRole('article', { name: 'Project 100' });
    act(() => within(project100).getByRole('checkbox', { name: 'Task 5 of 100' }).focus());

    await scrollWindowTo(0);
    await waitFor(() => expect(card('Project 60')).not.toBeInTheDocument());
    expect(card('Project 100')).toBeInTheDocument();
    // Its neighbours stay too: focus moves into the next card, which scrolls into view.
    act(() => {
      moveRowFocus(1);
    });
    expect(document.activeElement).toHaveAccessibleName('Task 1 of 101');
  });

  it('brings a task of a card not rendered into the page for the palette, and focuses it', async () => {
    renderPlan();
    expect(card('Project 150')).not.toBeInTheDocument();

    let isFocused = false;
    await act(async () => {
      isFocused = await focusTaskRowAnywhere('p150-t2');
    });

    expect(isFocused).toBe(true);
    expect(document.activeElement).toHaveAccessibleName('Task 2 of 150');
    expect(card('Project 150')).toBeInTheDocument();
  });

  it('renders the inbox rows near the screen when the inbox is long', async () => {
    const tasks = Array.from({ length: 300 }, (_, index) =>
      aTask(`i${index + 1}`, { name: `Inbox ${index + 1}` }),
    );
    renderWithWorkspace(<PlanScreen />, { workspace: aWorkspace({ tasks }) });

    const inbox = screen.getByRole('list', { name: 'Inbox tasks' });
    expect(within(inbox).getAllByRole('checkbox').length).toBeLessThan(40);
    expect(within(inbox).getByRole('checkbox', { name: 'Inbox 300' })).toBeInTheDocument();

    await scrollWindowTo(200 * 40);
    expect(await within(inbox).findByRole('checkbox', { name: 'Inbox 201' })).toBeInTheDocument();
    expect(within(inbox).queryByRole('checkbox', { name: 'Inbox 100' })).not.toBeInTheDocument();
  });
});
