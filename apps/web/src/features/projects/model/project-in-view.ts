/**
 * Router state that asks Plan to bring a project's card into view and mark it: after joining a
 * project by invite, the new member sees where it landed (issue 28) rather than an Execute list
 * that has nothing of it yet.
 */
type ProjectInView = { projectInView: string };

export const projectInViewState = (projectId: string): ProjectInView => ({
  projectInView: projectId,
});

/** The project a navigation asked to show, or null (any other state, or none). */
export function projectInViewOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('projectInView' in state)) return null;
  const { projectInView } = state;
  return typeof projectInView === 'string' ? projectInView : null;
}
