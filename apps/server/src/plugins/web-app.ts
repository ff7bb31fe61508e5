import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { APP_ICON_PATH } from '../lib/server-page.ts';
import { isApiRequest } from './error-handler.ts';

/**
 * The CSP sources that allow the built page's inline scripts (its theme, before the first
 * paint; decision 036), each by the hash of its text, so no other inline script runs.
 */
export function inlineScriptSources(webDistDir: string): string[] {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}'`,
  );
}

/** Serves the built SPA with an index.html fallback, so one port does everything. */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = fs.existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each text file (decision 036): sent as they are.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh. A cache between browser
      // and server keeps each coding apart.
      setHeaders: (res, file) => {
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader(
          'Cache-Control',
          file.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // Browsers ask for /favicon.ico where a document names no icon (a JSON answer opened in a
    // tab, say): they get the app's SVG icon, which they show whatever the name.
    app.get('/favicon.ico', (_request, reply) => reply.sendFile(APP_ICON_PATH.slice(1)));
  } else {
    app.log.warn(`No web build at ${webDistDir}: run "npm run build" to serve the app`);
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (
      !wantsPage ||
      isApiRequest(request) ||
      !hasWebApp ||
      path.extname(request.url.split('?')[0] ?? '')
    ) {
      return reply.status(404).send({
        error: {
          code: 'NOT_FOUND',
          message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
        },
      });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
