import { z } from 'zod';
import { LIMITS } from './constants.ts';

/** spec §5 name rules, one schema each; the web app validates input with the same ones. */
export const ProjectNameSchema = z
  .string()
  .trim()
  .min(1, 'A project needs a name.')
  .max(
    LIMITS.projectNameMaxLength,
    `A project name has at most ${LIMITS.projectNameMaxLength} characters.`,
  );

export const NewTaskNameSchema = z
  .string()
  .trim()
  .min(1, 'A task needs a name.')
  .max(LIMITS.taskNameMaxLength, `A task has at most ${LIMITS.taskNameMaxLength} characters.`);

export const TaskRenameSchema = z
  .string()
  .trim()
  .min(1, 'A task needs a name.')
  .max(
    LIMITS.taskRenameMaxLength,
    `A task name has at most ${LIMITS.taskRenameMaxLength} characters.`,
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
