import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@hustle/shared/constants';
import { API_DOCS_PATH } from '@hustle/shared/endpoint';
import { policyAllowingStyles } from './security.ts';

/**
 * The one inline style swagger-ui renders: the `<style>` of the Swagger logo in its top bar
 * (`.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}`, in
 * swagger-ui-standalone-preset.js). Allowed by its hash, so that exact text and nothing else;
 * docs.test.ts fails when an upgrade of the bundle changes it.
 */
export const SWAGGER_UI_STYLE_HASHES = ["'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"];

/** The app's policy with the hashes above added to style-src, and nothing else changed. */
function docsPolicy(appPolicy: string): string {
  return policyAllowingStyles(appPolicy, SWAGGER_UI_STYLE_HASHES);
}

/**
 * OpenAPI generated from the zod schemas of packages/shared, served at /api/docs with its
 * self-hosted swagger-ui page. The page runs under the app's own CSP rather than the plugin's
 * looser one (issue 13, finding 5).
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hustle API', version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, transformStaticCSP: docsPolicy });
}
