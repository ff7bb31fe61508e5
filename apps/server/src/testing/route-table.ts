import type { InjectOptions } from 'fastify';
import type { TestApp } from './test-app.ts';

/** The route table as the API documents it: `method /path/{param}`. */
export function routeTable(t: TestApp): string[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method} ${path}`),
  );
}

export const splitRoute = (route: string) => {
  const [method, pattern] = route.split(' ') as [string, string];
  return { method: method.toUpperCase(), pattern };
};

/**
 * The answer, or null when none comes: an accepted request to the event stream never ends,
 * and that must fail a test rather than hang it.
 */
export async function answerOf(t: TestApp, request: InjectOptions) {
  let timer: NodeJS.Timeout | undefined;
  const silence = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), 30_000);
  });
  try {
    return await Promise.race([t.app.inject(request), silence]);
  } finally {
    clearTimeout(timer);
  }
}
