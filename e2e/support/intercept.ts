import type { Page } from '@playwright/test';

interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
}

const fulfilError = (answer: ErrorAnswer) => ({
  status: answer.status,
  contentType: 'application/json',
  body: JSON.stringify({ error: { code: answer.code, message: answer.message } }),
});

/** Answers every matching page call with an error in the API's one error shape. */
export const failCall = (page: Page, call: string, answer: ErrorAnswer) =>
  page.route(call, (route) => route.fulfill(fulfilError(answer)));

/**
 * Holds the matching page calls until the returned `release` is called, so a scenario can look at
 * the state in between; then they reach the server, or get `answer` instead when one is given.
 */
export async function holdCall(
  page: Page,
  call: string,
  answer?: ErrorAnswer,
): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(call, async (route) => {
    await held;
    await (answer ? route.fulfill(fulfilError(answer)) : route.continue());
  });
  return release;
}
