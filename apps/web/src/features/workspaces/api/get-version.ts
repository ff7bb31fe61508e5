import { WorkspaceVersionSchema } from '@hustle/shared/workspace';
import { apiRequest } from '../../../api/http-client.ts';

export const fetchWorkspaceVersion = () =>
  apiRequest('/api/v1/dashboard/version', { schema: WorkspaceVersionSchema });
