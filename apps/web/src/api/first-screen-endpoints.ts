import { authApi } from '@hustle/shared/auth.api';
import { mergeEndpointTables } from '@hustle/shared/endpoint';
import { eventsApi } from '@hustle/shared/events.api';
import { syncApi } from '@hustle/shared/sync.api';
import { workspaceApi } from '@hustle/shared/workspace.api';

/**
 * The part of the contract a signed-in start calls before its first screen shows: the session,
 * the workspace, its live updates and their catch-up. Building every endpoint's schemas is the
 * largest piece of script a first screen runs; the rest of the contract loads once it has shown
 * (api-client.ts, issue 12).
 */
export const firstScreenEndpoints = mergeEndpointTables(authApi, workspaceApi, eventsApi, syncApi);
