import path from 'node:path';
import type { Plugin } from 'vite';
import {
  API_CLIENT,
  EXECUTE_SCREEN,
  PLAN_SCREEN,
  SIGNED_OUT_SCREENS,
  WHOLE_CONTRACT,
} from './first-screens.ts';

type ImportsOf = (id: string) => readonly string[];

/** `roots` and every module they import statically, directly or not. */
export function staticClosure(roots: readonly string[], importsOf: ImportsOf): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...importsOf(id));
  }
  return found;
}

const difference = (from: Set<string>, ...taken: Set<string>[]) =>
  new Set([...from].filter((id) => !taken.some((set) => set.has(id))));

export type FirstScreenModules = {
  /** The API contract with its client, less what the entry holds. */
  contract: Set<string>;
  /** What Plan and Execute both import, less the entry's, the contract's and the login's. */
  lists: Set<string>;
  /**
   * What Plan imports and Execute does not (Plan's screen included), less the contract's and
   * the login's. The entry's modules are not taken away: a package's index that the entry
   * imports names modules the entry never uses, and those belong here; the entry's group comes
   * first, so what the entry does use stays in it.
   */
  plan: Set<string>;
  /** What Execute imports and Plan does not, as `plan`. */
  execute: Set<string>;
  /** What the login screens import and Plan or Execute too, less the contract's (as `plan`). */
  withLogin: Set<string>;
};

/**
 * Sorts the modules a signed-in first screen runs into the chunks of decision 038. Every set
 * taken away is closed under static imports, so a module of `lists` never imports one that
 * imports it back through another chunk. The rest of each screen is a chunk of its own, and so
 * is what the login shares with them: left to Vite, every small module another lazy screen
 * imports too (a text field, a hook) became a file of its own, about twenty requests on the way
 * to a first list, each waiting its turn on a phone's six connections.
 */
export function firstScreenModules(entry: string, importsOf: ImportsOf): FirstScreenModules {
  const closure = (roots: readonly string[]) => staticClosure(roots, importsOf);
  const initial = closure([entry]);
  const contract = difference(closure(API_CLIENT), initial);
  const plan = closure([PLAN_SCREEN]);
  const execute = closure([EXECUTE_SCREEN]);
  const signedOut = closure(SIGNED_OUT_SCREENS);
  const shared = new Set([...plan].filter((id) => execute.has(id)));
  const lists = difference(shared, initial, contract, signedOut);
  return {
    contract,
    lists,
    plan: difference(plan, contract, signedOut, execute),
    execute: difference(execute, contract, signedOut, plan),
    withLogin: difference(
      new Set([...signedOut].filter((id) => plan.has(id) || execute.has(id))),
      contract,
    ),
  };
}

/**
 * The modules of a signed-in first screen (the entry, the first part of the contract, Plan and
 * Execute) that import the whole endpoint table statically: none, or the start builds every
 * endpoint's schemas before its first list again (decision 041).
 */
export function wholeContractImporters(entry: string, importsOf: ImportsOf): string[] {
  const firstScreen = staticClosure([entry, ...API_CLIENT, PLAN_SCREEN, EXECUTE_SCREEN], importsOf);
  return [...firstScreen].filter((id) => importsOf(id).includes(WHOLE_CONTRACT));
}

/**
 * A signed-in first screen in a few files instead of some forty (decision 038): on a phone's
 * connection every request waits its round trip on one of six connections. The entry holds
 * everything it imports statically; the API contract is one chunk, what Plan and Execute
 * share (the lists, drag and drop, the write path) is another, the rest of each screen one
 * each, and what the login shares with them one more. The rest splits as Vite does.
 */
export function firstScreenChunks(): Plugin {
  let modules: FirstScreenModules = {
    contract: new Set(),
    lists: new Set(),
    plan: new Set(),
    execute: new Set(),
    withLogin: new Set(),
  };
  // A chunk of exactly one set: its imports outside the set belong to the entry, the contract
  // or the login.
  const moduleGroup = (name: string, set: Exclude<keyof FirstScreenModules, 'contract'>) => ({
    name,
    test: (id: string) => modules[set].has(id),
    priority: 1,
    includeDependenciesRecursively: false,
  });
  return {
    name: 'hustle-first-screen-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'], priority: 3 },
                { name: 'contract', test: (id) => modules.contract.has(id), priority: 2 },
                moduleGroup('lists', 'lists'),
                moduleGroup('plan-screen', 'plan'),
                moduleGroup('execute-screen', 'execute'),
                moduleGroup('with-login', 'withLogin'),
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => this.getModuleInfo(id)?.isEntry);
      if (!entry) throw new Error('The web build has no entry module');
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const importers = wholeContractImporters(entry, importsOf);
      if (importers.length > 0) {
        const names = importers.map((id) => path.relative(process.cwd(), id)).join(', ');
        throw new Error(
          `A first screen imports the whole API contract statically, through ${names}; ` +
            'load it through the API client instead (docs/decisions/041).',
        );
      }
      modules = firstScreenModules(entry, importsOf);
    },
  };
}
