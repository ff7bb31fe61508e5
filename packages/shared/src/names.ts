import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { nameText } from './text.ts';

/** spec §5 name rules, one schema each; the web app validates input with the same ones. */
export const ProjectNameSchema = nameText(
  z
    .string()
    .trim()
    .min(1, 'A project needs a name.')
    .max(
      LIMITS.projectNameMaxLength,
      `A project name has at most ${LIMITS.projectNameMaxLength} characters.`,
    ),
  'A project name',
);

export const NewTaskNameSchema = nameText(
  z
    .string()
    .trim()
    .min(1, 'A task needs a name.')
    .max(LIMITS.taskNameMaxLength, `A task has at most ${LIMITS.taskNameMaxLength} characters.`),
  'A task name',
);

export const TaskRenameSchema = nameText(
  z
    .string()
    .trim()
    .min(1, 'A task needs a name.')
    .max(
      LIMITS.taskRenameMaxLength,
      `A task name has at most ${LIMITS.taskRenameMaxLength} characters.`,
    ),
  'A task name',
);

/**
 * spec §5 "New task text": a text ending in a newline is ignored and blank text is not sent;
 * several non-empty lines ask the user whether to make one task per line.
 */
export function newTaskLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

export function isSubmittableTaskText(text: string): boolean {
  return !/\n$/.test(text) && text.trim().length > 0 && text.length <= LIMITS.taskNameMaxLength;
}
