// The layout's promises, checked on the import graph: a game's rules load no Discord, database
// or canvas; the platform, runtime, Discord, store and render-engine code reach a game only
// through the registry and say nothing of any one game; the store reaches no game at all and the
// runtime no chat service; the product never imports test code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(root, path)).isDirectory() ? files(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

/** Every module a file imports (static, dynamic and type imports), relative ones as project paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => (m[1] ?? m[2] ?? m[3]) as string);
  return specs.map((s) => (s.startsWith('.') ? relative(root, resolve(join(root, dirname(file)), s)) : s));
}

const games = readdirSync(join(root, 'src/games')).filter((d) => statSync(join(root, 'src/games', d)).isDirectory());
/** The shared code: platform, runtime, Discord, store, render engine, replays and records, slash-command definitions. */
const shared = ['src/platform', 'src/runtime', 'src/discord', 'src/store', 'src/render', 'src/replay', 'commands'].flatMap(files);

describe('import boundaries', () => {
  it('finds the games and the shared code', () => {
    expect(games).toContain('fence');
    expect(shared.length).toBeGreaterThan(20);
  });

  it.each(games)("the rules of %s import no discord.js, Prisma, canvas, store, Discord or render code (only its draw/ folder draws)", (game) => {
    const rules = files(`src/games/${game}`).filter((f) => !f.startsWith(`src/games/${game}/draw/`));
    const bad = rules.flatMap((f) => importsOf(f).filter((m) =>
      /^(discord\.js|@discordjs\/|@prisma\/|@napi-rs\/canvas|@libsql\/)/.test(m) || /^(src\/(discord|store|render)|generated)\//.test(m)).map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it.each(games)('the drawings of %s import canvas and the render engine, never Discord or the store', (game) => {
    const draw = files(`src/games/${game}`).filter((f) => f.startsWith(`src/games/${game}/draw/`));
    const bad = draw.flatMap((f) => importsOf(f).filter((m) => /^(discord\.js|@discordjs\/|@prisma\/|@libsql\/)/.test(m) || /^(src\/(discord|store)|generated)\//.test(m)).map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it('platform, runtime, Discord, store, render engine and replays reach a game only through src/games/registry.ts', () => {
    const bad = shared.flatMap((f) => importsOf(f).filter((m) => m.startsWith('src/games/') && m !== 'src/games/registry.ts').map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it('the platform and the games import nothing of Discord, the store or the render engine but drawings', () => {
    const bad = files('src/platform').flatMap((f) => importsOf(f).filter((m) => /^(discord\.js|@prisma\/|@napi-rs\/canvas)/.test(m) || /^src\/(discord|store|render)\//.test(m)).map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it('the store only stores: it imports neither the registry nor the runtime that runs the rules, nor Discord', () => {
    const bad = files('src/store').flatMap((f) => importsOf(f).filter((m) => /^src\/(games|runtime|discord)\//.test(m)).map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it("the runtime (a move's life) imports nothing of Discord: posts go through the adapter's Posting", () => {
    const bad = files('src/runtime').flatMap((f) => importsOf(f).filter((m) => /^(discord\.js|@discordjs\/)/.test(m) || /^src\/discord\//.test(m)).map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it('the product (src/, commands/) imports no test code', () => {
    const bad = [...files('src'), ...files('commands')].flatMap((f) => importsOf(f).filter((m) => m.startsWith('test/')).map((m) => `${f} → ${m}`));
    expect(bad).toEqual([]);
  });

  it('the Discord adapter and the command definitions import in one direction: no circle', () => {
    const mine = [...files('src/discord'), ...files('commands')];
    const graph = new Map(mine.map((f) => [f, importsOf(f).filter((m) => mine.includes(m))]));
    const circles: string[] = [];
    // A depth-first walk: an import of a file still on the path closes a circle.
    const state = new Map<string, 'open' | 'done'>();
    const walk = (f: string, path: string[]): void => {
      state.set(f, 'open');
      for (const m of graph.get(f) ?? []) {
        if (state.get(m) === 'open') circles.push([...path.slice(path.indexOf(m)), m].join(' → '));
        else if (!state.has(m)) walk(m, [...path, m]);
      }
      state.set(f, 'done');
    };
    for (const f of mine) if (!state.has(f)) walk(f, [f]);
    expect(circles).toEqual([]);
  });

  it("the shared code names no game's types, words or fields", () => {
    // FENCE!'s vocabulary, as a sample of what must stay in its folder; other games keep theirs in theirs.
    const words = /FENCE!|\bFence[A-Z]\w*|games\/fence|\bCops\b|\bJail\b|Hot Goods|neighbo(u)?rhood|roundLimit|autoBuild|\bpending\.seat\b/;
    const found = shared.flatMap((f) => readFileSync(join(root, f), 'utf8').split('\n').flatMap((line, n) => (words.test(line) ? [`${f}:${n + 1}: ${line.trim()}`] : [])));
    expect(found).toEqual([]);
  });
});
