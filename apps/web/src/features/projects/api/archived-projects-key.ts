export const archivedProjectsKey = (workspaceId: string) =>
  ['archived-projects', workspaceId] as const;
