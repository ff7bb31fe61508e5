import { countAutomationsOf } from './modules/automations/automations.service.ts';
import type { PolicyCounts } from './modules/policy/policy.service.ts';
import { countProjectsOf } from './modules/projects/projects.service.ts';
import { countTasksIn } from './modules/tasks/tasks.service.ts';

/** What the policy counts, from the modules that own the rows (the policy sits below them). */
export const policyCounts: PolicyCounts = {
  projects: countProjectsOf,
  automations: countAutomationsOf,
  tasksIn: countTasksIn,
};
