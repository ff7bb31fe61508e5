import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { apiClientFor, type ApiClient } from '../../testing/api-client.ts';

const TASKS = 6;

type Op =
  | { kind: 'plan' | 'idle' | 'complete' | 'revert' | 'front'; task: number }
  | { kind: 'reorder'; task: number; after: number }
  | { kind: 'hideCompleted' | 'idleAll' };

const task = fc.nat({ max: TASKS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('plan', 'idle', 'complete', 'revert', 'front'), task }),
  fc.record({ kind: fc.constant('reorder'), task, after: task }),
  fc.record({ kind: fc.constantFrom('hideCompleted', 'idleAll') }),
) as fc.Arbitrary<Op>;

/** The Execute list as spec §4 describes it, kept in memory to compare with the server. */
class Model {
  list: number[] = [];
  done = new Set<number>();
  apply(o: Op) {
    const inList = (i: number) => this.list.includes(i);
    const remove = (i: number) => (this.list = this.list.filter((x) => x !== i));
    switch (o.kind) {
      case 'plan':
        if (!this.done.has(o.task) && !inList(o.task)) this.list.push(o.task);
        break;
      case 'idle':
        if (!this.done.has(o.task)) remove(o.task);
        break;
      case 'complete':
        // Completing an open task that is not planned plans it in the same step.
        if (!this.done.has(o.task) && !inList(o.task)) this.list.push(o.task);
        this.done.add(o.task);
        break;
      case 'revert':
        if (this.done.delete(o.task) && !inList(o.task)) this.list.push(o.task);
        break;
      case 'front':
        if (inList(o.task)) this.list = [o.task, ...this.list.filter((x) => x !== o.task)];
        break;
      case 'reorder':
        if (o.task !== o.after && inList(o.task) && inList(o.after)) {
          remove(o.task);
          this.list.splice(this.list.indexOf(o.after) + 1, 0, o.task);
        }
        break;
      case 'hideCompleted':
        this.list = this.list.filter((x) => !this.done.has(x));
        break;
      case 'idleAll':
        this.list = [];
        break;
    }
  }
}

describe.each(testDialects)('planned list order (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function send(client: ApiClient, ids: string[], o: Op) {
    const workspaceId = client.workspaceId;
    switch (o.kind) {
      case 'hideCompleted':
        return client.call('hideCompletedTasks');
      case 'idleAll':
        return client.call('idleAllPlannedTasks');
      case 'front':
        return client.call('putTaskToFront', {
          params: { id: ids[o.task]! },
          body: { workspaceId },
        });
      case 'reorder':
        return client.call('reorderPlannedTask', {
          params: { id: ids[o.task]! },
          body: { workspaceId, afterTaskId: ids[o.after]! },
        });
      default:
        return client.call('taskAction', {
          params: { id: ids[o.task]!, action: o.kind },
          body: { workspaceId, projectId: null, origin: 'workspace' },
        });
    }
  }

  let run = 0;
  it('after any sequence of moves, the list is the model: a permutation without duplicates', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const client = await apiClientFor(t.app, `prop${run}@example.com`);
        const ids: string[] = [];
        for (let i = 0; i < TASKS; i++) {
          const { id } = await client.callOk('createTask', {
            body: { workspaceId: client.workspaceId, name: `T${i}` },
          });
          ids.push(id);
        }
        const model = new Model();
        for (const o of ops) {
          const res = await send(client, ids, o);
          // Refusals (409/400) are part of the contract: they must change nothing.
          expect([200, 400, 409]).toContain(res.statusCode);
          model.apply(o);
        }
        const ws = await client.workspace();
        expect(new Set(ws.plannedTasks).size).toBe(ws.plannedTasks.length);
        expect(ws.plannedTasks).toEqual(model.list.map((i) => ids[i]));
        const states = new Map(ws.tasks.map((x: { id: string; state: string }) => [x.id, x.state]));
        for (const [i, id] of ids.entries()) {
          const expected = model.done.has(i) ? 'DONE' : model.list.includes(i) ? 'PLANNED' : 'IDLE';
          if (states.has(id)) expect(states.get(id)).toBe(expected);
          else expect(expected).toBe('DONE');
        }
      }),
      { numRuns: dialect === 'sqlite' ? 40 : 15 },
    );
  });

  it('concurrent moves from two tabs never duplicate or lose a task', async () => {
    const client = await apiClientFor(t.app, 'tabs@example.com');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { id } = await client.callOk('createTask', {
        body: { workspaceId: client.workspaceId, name: `T${i}`, planned: true },
      });
      ids.push(id);
    }
    const ws = client.workspaceId;
    const moves = Array.from({ length: 40 }, (_, n) =>
      n % 3 === 0
        ? client.call('putTaskToFront', { params: { id: ids[n % 8]! }, body: { workspaceId: ws } })
        : client.call('reorderPlannedTask', {
            params: { id: ids[n % 8]! },
            body: { workspaceId: ws, afterTaskId: ids[(n * 5 + 1) % 8]! },
          }),
    );
    const results = await Promise.all(moves);
    for (const res of results) expect([200, 400]).toContain(res.statusCode);
    const planned = (await client.workspace()).plannedTasks;
    expect([...planned].sort()).toEqual([...ids].sort());
    const keys = await t.database.db
      .selectFrom('planned_tasks')
      .select('position')
      .where('workspace_id', '=', ws)
      .execute();
    expect(new Set(keys.map((k) => k.position)).size).toBe(8);
  });
});
