// The import graph of src/, read with the TypeScript parser: no module imports itself back
// through others (a circle of type imports counts too: the modules still depend on each other),
// and a game's drawings load its views and drawing code, never its rules. The render workers
// load every game's drawings before they take a job, so what a drawing drags in costs start-up
// time and memory in every worker.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? files(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

interface Imports {
  /** Modules loaded when this one runs (static, dynamic, and `import { type X }`, which verbatimModuleSyntax keeps). */
  runtime: string[];
  /** Every module named, `import type` and `typeof import()` included. */
  all: string[];
}

/** The project files a module imports (package imports left out), as paths from the project root. */
function importsOf(file: string): Imports {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, false);
  const runtime: string[] = [];
  const all: string[] = [];
  const add = (spec: string, typeOnly: boolean) => {
    if (!spec.startsWith('.')) return;
    const path = relative(root, resolve(join(root, dirname(file)), spec));
    all.push(path);
    if (!typeOnly) runtime.push(path);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, node.importClause?.isTypeOnly ?? false);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text, node.isTypeOnly);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) add(node.arguments[0].text, false);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) add(node.argument.literal.text, true);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { runtime, all };
}

const product = files('src');
const graph = new Map(product.map((f) => [f, importsOf(f)]));

/** Groups of modules that reach each other (Tarjan's strongly connected components of more than one module, or one that imports itself). */
function circles(edges: (file: string) => string[]): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || edges(v).includes(v)) found.push(group.sort());
  };
  for (const f of product) if (!index.has(f)) visit(f);
  return found;
}

/** One way round a circle, "a.ts → b.ts → a.ts", to show where to cut it. */
function oneWayRound(group: string[], edges: (file: string) => string[]): string {
  const inGroup = new Set(group);
  const start = group[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges(v)) {
      if (w === start) {
        const path = [start];
        for (let u: string | undefined = v; u && u !== start; u = from.get(u)) path.splice(1, 0, u);
        return `${[...path, start].join(' → ')} (${group.length} modules)`;
      }
      if (inGroup.has(w) && !from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return group.join(', ');
}

const allEdges = (f: string): string[] => (graph.get(f)?.all ?? []).filter((m) => graph.has(m));
const runtimeEdges = (f: string): string[] => (graph.get(f)?.runtime ?? []).filter((m) => graph.has(m));

/** Every module loaded when `start` runs. */
function closure(start: string): string[] {
  const seen = new Set<string>();
  const todo = [start];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...runtimeEdges(f));
  }
  return [...seen].sort();
}
const lines = (f: string): number => readFileSync(join(root, f), 'utf8').split('\n').length;

/** Where the project's files are (src/platform/files.ts): the render engine finds its fonts through it. */
const FILES = 'src/platform/files.ts';

const games = readdirSync(join(root, 'src/games')).filter((d) => existsSync(join(root, 'src/games', d, 'draw/index.ts')));
/** A game's own code outside draw/ that its drawings may load: its views and the data they name (tiles, cells, cards). */
const DRAWINGS_OWN_LINES = 1_000;

describe('the import graph of src/', () => {
  it('reads the whole product and every game with drawings', () => {
    expect(product.length).toBeGreaterThan(100);
    expect(games).toEqual(expect.arrayContaining(['fence', 'kimbo', 'ducks', 'farm']));
    // The reader sees runtime and type-only imports apart.
    expect(graph.get('src/games/fence/draw/index.ts')?.runtime).toContain('src/games/fence/draw/closeup.ts');
    expect(graph.get('src/games/fence/draw/index.ts')?.runtime).not.toContain('src/games/fence/views.ts');
    expect(graph.get('src/games/fence/draw/index.ts')?.all).toContain('src/games/fence/views.ts');
  });

  it('has no import circle (type imports included)', () => {
    expect(circles(allEdges).map((g) => oneWayRound(g, allEdges))).toEqual([]);
  });

  it.each(games)("the drawings of %s load neither the game's rules nor its words, and little of its own code outside draw/", (game) => {
    const dir = `src/games/${game}/`;
    const loaded = closure(`${dir}draw/index.ts`);
    const rules = loaded.filter((f) => ['engine.ts', 'rules.ts', 'words.ts', 'index.ts', 'refusals.ts', 'scenario.ts'].some((name) => f === dir + name));
    expect(rules).toEqual([]);
    // Nothing but the game's own folder, the render engine and where the project's files are
    // (the fonts' folder, from the sources or the compiled build: a module that imports nothing of the project).
    expect(runtimeEdges(FILES)).toEqual([]);
    expect(loaded.filter((f) => !f.startsWith(dir) && !f.startsWith('src/render/') && f !== FILES)).toEqual([]);
    const own = loaded.filter((f) => f.startsWith(dir) && !f.startsWith(`${dir}draw/`));
    const ownLines = own.reduce((n, f) => n + lines(f), 0);
    expect(ownLines, `${own.join(', ')}: ${ownLines} lines`).toBeLessThanOrEqual(DRAWINGS_OWN_LINES);
  });
});
