/**
 * `#Project` in quick add (decision 062): the project whose name the text after `#` spells
 * (names with spaces too), else the first whose name starts with the word typed, case-insensitive;
 * a word no project starts with names a new project. `#` must follow a space or the start and
 * come before a letter, so "#1" or "C#" stay text.
 */
export interface ProjectChoice {
  id: string;
  name: string;
}

export interface ProjectTag {
  start: number;
  end: number;
  text: string;
  /** The project picked; null when the word names a project to create. */
  project: ProjectChoice | null;
  /** The name typed after `#`. */
  typed: string;
}

const TAG = /(?<![^\s])#(?=\p{L})/gu;
const WORD = /^[^\s]+/u;
// A tag at the end of a sentence keeps its full stop or comma out of the name.
const TRAILING_MARKS = /[.,;:!?)]+$/u;

const isBoundary = (char: string | undefined) => char === undefined || /[\s.,;:!?)]/u.test(char);

/** The first `#` tag of the text that is not among `skip`, or null. */
export function findProjectTag(
  text: string,
  projects: readonly ProjectChoice[],
  skip: (tag: ProjectTag) => boolean = () => false,
): ProjectTag | null {
  for (const match of text.matchAll(TAG)) {
    const start = match.index;
    const rest = text.slice(start + 1);
    const restLower = rest.toLowerCase();
    // The longest whole name first: "#Home office" is the project "Home office", not "Home".
    const whole = projects
      .filter((project) => {
        const name = project.name.toLowerCase();
        return name !== '' && restLower.startsWith(name) && isBoundary(rest[name.length]);
      })
      .sort((a, b) => b.name.length - a.name.length)[0];
    const word = (WORD.exec(rest)?.[0] ?? '').replace(TRAILING_MARKS, '');
    const length = whole ? whole.name.length : word.length;
    const typed = rest.slice(0, length);
    const project =
      whole ??
      projects.find((candidate) => candidate.name.toLowerCase().startsWith(typed.toLowerCase())) ??
      null;
    const tag = { start, end: start + 1 + length, text: `#${typed}`, project, typed };
    if (!skip(tag)) return tag;
  }
  return null;
}
