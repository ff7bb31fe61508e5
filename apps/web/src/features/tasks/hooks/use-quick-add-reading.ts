import { hasReachedLimit } from '@hustle/shared/access';
import type { SessionResponse } from '@hustle/shared/auth';
import { todayIn } from '@hustle/shared/days';
import type { parseQuickAdd } from '@hustle/shared/quick-add/quick-add';
import type { QuickAdd } from '@hustle/shared/quick-add/quick-add-parts';
import type { WorkspaceResponse } from '@hustle/shared/workspace';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { sessionQueryKey } from '../../../api/session.ts';
import { workspaceQueryKey } from '../../../sync/workspace/workspace-query-key.ts';

type Parse = typeof parseQuickAdd;

// The parser and its date library load on the first typed letter, not with the screen: Plan
// and Execute start without them (decisions 016, 038).
let parser: Promise<Parse> | null = null;
let loadedParse: Parse | null = null;
function loadParser(): Promise<Parse> {
  parser ??= import('@hustle/shared/quick-add/quick-add').then(
    (module) => (loadedParse = module.parseQuickAdd),
    (error: unknown) => {
      // Offline before it was ever cached: the next letter tries again; meanwhile text is text.
      parser = null;
      throw error;
    },
  );
  return parser;
}

export interface QuickAddReading {
  quick: QuickAdd;
  today: string;
  /** The projects' colours, for the project chip's dot. */
  colorOf: (projectId: string) => string | null;
}

/**
 * What quick add understands in the field's text (decision 062), or null while there is nothing
 * to read: empty text, several lines, or the parser not loaded yet. The workspace and session are
 * read from the cache as the text changes rather than subscribed to: Plan can hold a field per
 * project card.
 */
export function useQuickAddReading(
  text: string,
  ignored: readonly string[],
): QuickAddReading | null {
  const queryClient = useQueryClient();
  const [parse, setParse] = useState<Parse | null>(() => loadedParse);
  const isReadable = text.trim() !== '' && !text.includes('\n');

  useEffect(() => {
    if (!isReadable || parse) return;
    let isCurrent = true;
    loadParser().then(
      (loaded) => isCurrent && setParse(() => loaded),
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [isReadable, parse]);

  return useMemo(() => {
    if (!isReadable || !parse) return null;
    const session = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
    const workspace =
      session &&
      queryClient.getQueryData<WorkspaceResponse>(workspaceQueryKey(session.workspaceId));
    if (!session || !workspace) return null;
    const now = new Date();
    const { timeZone } = workspace.days;
    const today = todayIn(now, timeZone);
    const { projects, access } = workspace;
    const quick = parse(text, {
      today,
      now,
      timeZone,
      projects,
      canRepeat: session.featureFlags.includes('automation'),
      canCreateProject: !hasReachedLimit(access.projectsLimit, projects.length),
      ignored,
    });
    const colorOf = (projectId: string) =>
      projects.find((project) => project.id === projectId)?.color ?? null;
    return { quick, today, colorOf };
  }, [isReadable, parse, queryClient, text, ignored]);
}
