import type { FeatureFlag } from '@hustle/shared/constants';
import { Command } from 'cmdk';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { findTask } from '@hustle/shared/commands/workspace-changes';
import { openMoveDialog } from '../../stores/move-task.ts';
import {
  useFocus,
  useFocusActions,
  type FocusActions,
  type ShownFocus,
} from '../../stores/focus.ts';
import { useWorkspace, useWorkspaceToday } from '../../sync/workspace/get-workspace.ts';
import { openImportDialog, startExport } from '../layout/data-actions.tsx';
import {
  focusedTaskId,
  focusScreenAddTask,
  isFocusOnTaskRow,
  isScreenShown,
  isUpcomingShown,
  pressOnFocusedTaskRow,
  retryUntilShown,
} from '../../ui/keyboard.ts';
import { useLayoutStore } from '../../stores/layout-store.ts';
import { Modal } from '../../ui/modal.tsx';
import { projectColorStyle } from '../../ui/project-color.ts';
import { focusTaskRowAnywhere } from '../../features/tasks/model/reveal-task-row.ts';
import { UPCOMING_LENGTH } from '../../features/upcoming/model/upcoming-days.ts';
import {
  isSearchable,
  useDebounced,
  useTaskSearch,
} from '../../features/search/api/search-tasks.ts';
import { resultStateLabels } from '../../features/search/components/search-results.tsx';
import { useOpenTask } from '../../stores/open-task.ts';
import styles from './command-palette.module.css';
import keyStyles from './keys.module.css';
import {
  bestMatches,
  paletteEntries,
  placeOfTask,
  type ProjectEntry,
  type TaskEntry,
} from './palette-entries.ts';

type PaletteCommand = { id: string; label: string; keys?: string[]; run: () => void };

/** The focus timer's commands (issue 30): on the task in context, and on the running timer. */
function focusCommands(
  task: { id: string; projectId: string | null; completedAt: string | null } | null,
  focus: ShownFocus | null,
  actions: FocusActions,
): PaletteCommand[] {
  const onTask = task && focus?.taskId === task.id;
  const commands: PaletteCommand[] = [];
  if (task && !task.completedAt && !(onTask && focus.startedAt)) {
    commands.push({
      id: 'focus-start',
      label: onTask ? 'Resume focus on the task' : 'Start focus on the task',
      keys: ['f'],
      run: () => actions.toggle(task),
    });
  }
  if (focus?.startedAt) {
    commands.push({ id: 'focus-pause', label: 'Pause focus', run: () => actions.pause() });
  } else if (focus && !onTask) {
    commands.push({ id: 'focus-resume', label: 'Resume focus', run: actions.resume });
  }
  if (focus) commands.push({ id: 'focus-stop', label: 'Stop focus', run: actions.stop });
  return commands;
}

const MAX_PROJECTS = 8;
const MAX_TASKS = 30;
/** Tasks the server finds beyond the names on screen: notes, checklists, done, archived. */
const MAX_FOUND = 8;
/** Shorter words match too much to be worth a request per key. */
const MIN_SEARCH_LENGTH = 2;
/** Whether the palette asks the server's search about these words. */
const isAsked = (words: string) => words.length >= MIN_SEARCH_LENGTH && isSearchable(words);

type CommandPaletteProps = {
  featureFlags: readonly FeatureFlag[];
  onShowShortcuts: () => void;
  onClose: () => void;
};

/**
 * Ctrl/⌘+K (issue 16): finds a task or project by name and shows it, or runs a command. The
 * list is filtered here (cmdk only draws it and moves the selection), so a workspace of
 * thousands of tasks renders a few dozen rows.
 */
export function CommandPalette({ featureFlags, onShowShortcuts, onClose }: CommandPaletteProps) {
  const [query, setQuery] = useState('');
  // Read as the palette opens, before its field takes focus from the row.
  const [focusedTaskRow] = useState(isFocusOnTaskRow);
  const [searchParams] = useSearchParams();
  // The task the palette acts on (issue 31): the focused row's, else the one open in the sheet.
  const [contextTaskId] = useState(() => focusedTaskId() ?? searchParams.get('task'));
  const navigate = useNavigate();
  const { data: workspace } = useWorkspace();
  const today = useWorkspaceToday();
  const isDark = useLayoutStore((state) => state.theme === 'dark');
  const isMatchingSystem = useLayoutStore((state) => state.themePreference === 'system');
  const toggleTheme = useLayoutStore((state) => state.toggleTheme);
  const setThemePreference = useLayoutStore((state) => state.setThemePreference);
  const openModal = useLayoutStore((state) => state.openModal);
  const focus = useFocus();
  const focusActions = useFocusActions();
  const openTask = useOpenTask();
  const searched = useDebounced(query).trim();
  const found = useTaskSearch(searched, { isEnabled: isAsked(searched) });

  const contextTask =
    (contextTaskId && workspace && findTask(workspace, contextTaskId)?.task) || null;
  const entries = useMemo(() => (workspace ? paletteEntries(workspace) : null), [workspace]);

  // The palette closes first: its dialog gives focus back as it goes, before the choice moves it.
  const choose = (action: () => void) => {
    onClose();
    window.setTimeout(action);
  };

  const commands: PaletteCommand[] = [
    { id: 'plan', label: 'Go to Plan', keys: ['1'], run: () => navigate('/plan') },
    { id: 'execute', label: 'Go to Execute', keys: ['2'], run: () => navigate('/execute') },
    { id: 'upcoming', label: 'Go to Upcoming', keys: ['3'], run: () => navigate('/upcoming') },
    { id: 'logbook', label: 'Go to Logbook', keys: ['4'], run: () => navigate('/logbook') },
    ...(featureFlags.includes('automation')
      ? [{ id: 'automation', label: 'Go to Automation', run: () => navigate('/automation') }]
      : []),
    ...(featureFlags.includes('subscription')
      ? [{ id: 'subscription', label: 'Go to Subscription', run: () => navigate('/subscription') }]
      : []),
    { id: 'account', label: 'Go to Account', run: () => navigate('/account') },
    // Issue 30: Execute opens its finish dialog for `?finish`.
    { id: 'finish-day', label: 'Finish the day', run: () => navigate('/execute?finish') },
    {
      id: 'add-task',
      label: 'Add a task',
      keys: ['n'],
      run: () => {
        if (focusScreenAddTask()) return;
        navigate('/execute');
        void retryUntilShown(focusScreenAddTask);
      },
    },
    {
      id: 'theme',
      label: isDark ? 'Switch to the light theme' : 'Switch to the dark theme',
      run: toggleTheme,
    },
    // Offered until chosen; the toggle above ends it (issue 28).
    ...(isMatchingSystem
      ? []
      : [
          {
            id: 'theme-system',
            label: 'Match the system theme',
            run: () => setThemePreference('system'),
          },
        ]),
    { id: 'export', label: 'Export data', run: () => void startExport() },
    { id: 'import', label: 'Import data', run: openImportDialog },
    { id: 'shortcuts', label: 'Show keyboard shortcuts', keys: ['?'], run: onShowShortcuts },
    ...(focusedTaskRow
      ? [
          {
            id: 'tomorrow',
            label: 'Plan the focused task for tomorrow',
            keys: ['t'],
            // The row the palette was opened from has focus again when this runs: its own key.
            run: () => pressOnFocusedTaskRow('t'),
          },
        ]
      : []),
    ...focusCommands(contextTask, focus, focusActions),
    ...(contextTask && contextTask.automationId === null
      ? [
          {
            id: 'move-task',
            label: 'Move task to…',
            run: () =>
              openMoveDialog(
                { id: contextTask.id, name: contextTask.name, projectId: contextTask.projectId },
                document.activeElement instanceof HTMLElement ? document.activeElement : null,
              ),
          },
        ]
      : []),
  ];

  // Where the task is: today's on Execute, the coming days' on Upcoming under their day, the
  // rest on Plan; a day beyond Upcoming opens the task's details.
  const showTask = async (task: TaskEntry) => {
    const place = workspace
      ? placeOfTask(workspace, task.id, today, UPCOMING_LENGTH)
      : ('plan' as const);
    if (place === 'details') {
      navigate(`/plan?task=${encodeURIComponent(task.id)}`);
      return;
    }
    navigate(`/${place}`);
    const isShown = () => (place === 'upcoming' ? isUpcomingShown() : isScreenShown(place));
    if (await retryUntilShown(isShown)) await focusTaskRowAnywhere(task.id);
  };

  const showProject = (project: ProjectEntry) => {
    openModal({ type: 'projectDetails', id: project.id, addTask: false });
    navigate('/plan');
  };

  const hasQuery = query.trim() !== '';
  const matchingCommands = bestMatches(
    commands,
    (command) => command.label,
    query,
    commands.length,
  );
  const projects =
    hasQuery && entries
      ? bestMatches(entries.projects, (project) => project.name, query, MAX_PROJECTS)
      : [];
  const tasks =
    hasQuery && entries ? bestMatches(entries.tasks, (task) => task.name, query, MAX_TASKS) : [];
  // The index's finds the names above do not show already (issue 31 item 6).
  const listed = new Set(tasks.map((task) => task.id));
  const foundTasks = hasQuery
    ? (found.results ?? []).filter((result) => !listed.has(result.taskId)).slice(0, MAX_FOUND)
    : [];
  const isNothingFound =
    matchingCommands.length + projects.length + tasks.length + foundTasks.length === 0;
  // Typing has not paused yet, or the answer is on its way: the index may still find something.
  const typed = query.trim();
  const isSearchPending = found.isLoading || (typed !== searched && isAsked(typed));
  const searchAll = () =>
    navigate(`/search?${new URLSearchParams({ q: query.trim() }).toString()}`);

  return (
    <Modal title="Command palette" onClose={onClose}>
      <Command label="Command palette" shouldFilter={false} loop className={styles.palette}>
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder="Find a task or project, or type a command"
          className={styles.input}
        />
        <Command.List className={styles.list}>
          {hasQuery && isNothingFound && (
            <p className={styles.empty} role="status">
              {isSearchPending
                ? 'Looking in notes and checklists…'
                : `Nothing matches “${query.trim()}”.`}
            </p>
          )}
          {matchingCommands.length > 0 && (
            <Command.Group heading="Commands" className={styles.group}>
              {matchingCommands.map((command) => (
                <Command.Item
                  key={command.id}
                  value={`command:${command.id}`}
                  className={styles.item}
                  onSelect={() => choose(command.run)}
                >
                  <span className={styles.label}>{command.label}</span>
                  {command.keys?.map((key) => (
                    <kbd key={key} className={keyStyles.key}>
                      {key}
                    </kbd>
                  ))}
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {projects.length > 0 && (
            <Command.Group heading="Projects" className={styles.group}>
              {projects.map((project) => (
                <Command.Item
                  key={project.id}
                  value={`project:${project.id}`}
                  className={styles.item}
                  onSelect={() => choose(() => showProject(project))}
                >
                  <span
                    className={styles.dot}
                    style={projectColorStyle(project.color)}
                    aria-hidden="true"
                  />
                  <span className={styles.label}>{project.name}</span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {tasks.length > 0 && (
            <Command.Group heading="Tasks" className={styles.group}>
              {tasks.map((task) => (
                <Command.Item
                  key={task.id}
                  value={`task:${task.id}`}
                  className={styles.item}
                  onSelect={() => choose(() => void showTask(task))}
                >
                  <span className={styles.label}>{task.name}</span>
                  <span className={styles.place}>
                    {task.place}
                    {task.state === 'PLANNED' && ' · Planned'}
                    {task.state === 'DONE' && ' · Done'}
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {foundTasks.length > 0 && (
            <Command.Group heading="In notes, checklists and archives" className={styles.group}>
              {foundTasks.map((result) => (
                <Command.Item
                  key={result.taskId}
                  value={`found:${result.taskId}`}
                  className={styles.item}
                  onSelect={() => choose(() => openTask(result.taskId))}
                >
                  <span className={styles.label}>{result.name}</span>
                  <span className={styles.place}>
                    {[result.place.name, ...resultStateLabels(result)].join(' · ')}
                  </span>
                </Command.Item>
              ))}
            </Command.Group>
          )}
          {hasQuery && (
            <Command.Group heading="Search" className={styles.group}>
              <Command.Item
                value="command:search-all"
                className={styles.item}
                onSelect={() => choose(searchAll)}
              >
                <span className={styles.label}>Search all tasks for “{query.trim()}”</span>
                <kbd className={keyStyles.key}>/</kbd>
              </Command.Item>
            </Command.Group>
          )}
        </Command.List>
      </Command>
    </Modal>
  );
}
