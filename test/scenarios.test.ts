// Every scenario file under test/scenarios/ is one test, named by its "name" (which starts
// with the ids of the rulings it checks), played by the game it names. The format is
// documented in docs/scenarios.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../src/runtime/scenario.ts';

const dir = join(import.meta.dirname, 'scenarios');
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

describe('scenarios', () => {
  it('the folder holds scenarios', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const name = (JSON.parse(text) as { name?: string }).name ?? file;
    it(name, () => {
      expect(name, `${file}: a scenario name starts with the ruling id(s) it checks`).toMatch(/^([A-Z]+\d+ )+/);
      const { failures } = runScenario(text);
      expect(failures, file).toEqual([]);
    });
  }
});
