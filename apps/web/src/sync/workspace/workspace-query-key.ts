export const workspaceQueryKey = (workspaceId: string) => ['workspace', workspaceId] as const;
