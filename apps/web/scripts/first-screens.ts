import path from 'node:path';

const source = (file: string) => path.resolve(import.meta.dirname, '..', file);

/**
 * What a signed-in start loads by dynamic import before its first list paints: the part of the
 * API contract it calls, with its client (decision 016), and the screen its address opens
 * (`/plan`, else Execute, as `mainScreenFor` in signed-in-app.tsx chooses).
 */
export const API_CLIENT = [
  source('src/api/first-screen-endpoints.ts'),
  source('src/api/http-client.ts'),
];
export const PLAN_SCREEN = source('src/features/plan/plan-screen.tsx');
export const EXECUTE_SCREEN = source('src/features/execute/execute-screen.tsx');

/**
 * The whole endpoint table: built after the first screen shows (decision 041), so no module a
 * first screen runs may import it statically.
 */
export const WHOLE_CONTRACT = path.resolve(
  import.meta.dirname,
  '../../../packages/shared/src/api.ts',
);

/** What a signed-out visit loads instead (app.tsx). */
export const SIGNED_OUT_SCREENS = [source('src/app/signed-out-routes.tsx')];
