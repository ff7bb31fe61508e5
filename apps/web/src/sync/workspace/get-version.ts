import { api } from '../../api/api-client.ts';

export const fetchWorkspaceVersion = () => api.getWorkspaceVersion();
