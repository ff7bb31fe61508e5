import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTES_MARKER, writeDoc, type RunRecord } from './doc.ts';
import { parseOptions } from './options.ts';
import { WEB_TIMING } from './web/web-results.ts';

const record: RunRecord = {
  options: parseOptions([], {}),
  machine: {
    cpu: 'Test CPU',
    cores: 2,
    memoryGiB: 8,
    node: 'v20.0.0',
    system: 'Linux',
    loadAverage: 0.5,
    commit: 'abc1234',
    date: '2026-11-24T00:00:00Z',
  },
  loadAverageAtEnd: 0.7,
  database: 'SQLite',
  bareRequestsPerSecond: 20_000,
  commitCeilings: [{ label: 'SQLite', commitsPerSecond: 1_500 }],
  table: '| scenario |\n| --- |\n| first run |',
  web: {
    browser: 'Chromium 1.0',
    runs: 5,
    seeding: 'two accounts',
    timings: [
      {
        id: WEB_TIMING.checkPaint,
        title: 'check paint',
        samplesMs: [12, 30, 18, 15, 20],
        failures: [],
      },
    ],
    lighthouse: [],
    seconds: 70,
  },
  budgets: [],
  rss: [{ label: 'idle', bytes: 2 * 1024 * 1024 }],
  seeding: '3 accounts',
};

describe('the performance doc', () => {
  it('is rewritten from the run, keeping the notes people wrote under the marker', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-')), 'performance.md');
    writeDoc(file, record);
    const first = fs.readFileSync(file, 'utf8');
    expect(first).toContain('commit abc1234');
    expect(first).toContain('bare `node:http` 20,000 req/s; SQLite 1,500 commits/s');
    expect(first.trimEnd().endsWith(NOTES_MARKER)).toBe(true);
    expect(first).toContain('Chromium 1.0, 1280×800, 5 measured runs after a warm-up');
    expect(first).toContain('| check paint | 5 | 18 ms | 30 ms | 0 |');

    fs.appendFileSync(file, '\nThe machine was busy.\n');
    writeDoc(file, { ...record, table: '| scenario |\n| --- |\n| second run |' });
    const second = fs.readFileSync(file, 'utf8');
    expect(second).toContain('second run');
    expect(second).not.toContain('first run');
    expect(second).toContain(`${NOTES_MARKER}\n\nThe machine was busy.\n`);
  });

  it('sets a PostgreSQL run beside SQLite only when the run measured both', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-')), 'performance.md');
    writeDoc(file, record);
    const alone = fs.readFileSync(file, 'utf8');
    expect(alone).not.toContain('## PostgreSQL beside SQLite');
    expect(alone).toContain('## Budgets (issue 12)\n');

    const table =
      '| scenario | SQLite req/s (p99) |\n| --- | --- |\n| small read | 12,000 (p99 9 ms) |';
    writeDoc(file, {
      ...record,
      database: 'PostgreSQL (127.0.0.1:5432)',
      sideBySide: table,
      budgets: [
        { budget: "PostgreSQL: small read ≥ 50 % of SQLite's", measured: '60 %', met: true },
      ],
    });
    const beside = fs.readFileSync(file, 'utf8');
    const at = (text: string) => beside.indexOf(text);
    expect(beside).toContain(`## PostgreSQL beside SQLite\n\nThe same scenarios on SQLite`);
    expect(beside).toContain(`${table}\n\n## Budgets (issue 12; issue 34 for PostgreSQL)\n`);
    expect(at('### Web')).toBeLessThan(at('## PostgreSQL beside SQLite'));
    expect(beside).toContain("| PostgreSQL: small read ≥ 50 % of SQLite's | 60 % | met |");
  });

  it('says why the web phase did not run instead of showing empty tables', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'doc-')), 'performance.md');
    writeDoc(file, { ...record, web: { ...record.web, notRun: 'no Chromium', timings: [] } });
    const doc = fs.readFileSync(file, 'utf8');
    expect(doc).toContain('### Web\n\nWeb phase not run: no Chromium.');
    expect(doc).not.toContain('| browser timing |');
  });
});
