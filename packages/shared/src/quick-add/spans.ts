/** Where a quick add part lies in the typed line. */
export type Span = { start: number; end: number };

export const keyOf = (kind: string, text: string) =>
  `${kind}:${text.toLowerCase().replace(/\s+/gu, ' ')}`;

/** The text with the spans blanked out, so later finders read them as plain words. */
export const blank = (text: string, spans: readonly Span[]) =>
  spans.reduce(
    (masked, { start, end }) =>
      masked.slice(0, start) + ' '.repeat(end - start) + masked.slice(end),
    text,
  );
