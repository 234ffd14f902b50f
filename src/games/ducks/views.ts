/**
 * What the channel sees (D23): everything but the generator and the Automa's deck order. Every
 * viewer sees the same: nothing is secret to one player. Drawings see only this.
 */
import type { Picture } from '../../platform/game.ts';
import { moduleBeside } from '../../platform/files.ts';
import { COMPONENTS } from './components.ts';
import { count } from '../grammar.ts';
import { a } from './grammar.ts';
import { actionPath, currentCard } from './engine.ts';
import { dotName, SIZE, spaceName, type Colour } from './grid.ts';
import { allowedPlacements, breadUnlocked, draw, ducksOn, eggUnlocked, fullSections, newPens, pathEdges, scoreOf } from './rules.ts';
import type { Area, DucksState, EndReason, FenceAction, Score } from './state.ts';

export interface PlayerView {
  name: string;
  colour: Colour;
  area: Area;
  score: Score;
  rerollsPerTurn: number;
  bread: boolean;
  egg: boolean;
  onTurn: boolean;
}

export interface DucksView {
  size: number;
  /** One character per space, row by row from the bottom (y = 1): '1'–'3' ducks, 'b', 'e', '.'. */
  contents: string;
  fences: string;
  lastEdges: number[];
  pens: { cells: number[]; owner: Colour; shape: string | null; automa: boolean }[];
  players: PlayerView[];
  /** The specialty shapes of the player area and the Automa's shapes, by id. */
  shapes: { id: string; name: string; cells: (readonly [number, number])[]; duckBoxes: number; specialty: boolean }[];
  rerollSections: number[];
  breadBoxes: number;
  eggBoxes: number;
  shapePoints: number[];
  automa: { colour: Colour; left: number; card: { shape: string; dot: readonly [number, number]; dotName: string; dots: (readonly [number, number])[] } | null } | null;
  turn: { number: number; seat: number; dice: Colour[] };
  over: boolean;
  /** Once the game is scored: why it ended, each player's points by part, who won and how. */
  ending: Ending | null;
}

/** A scored game's end, as its picture's table shows it (D20–D22, A9, A10). */
export interface Ending {
  /** Why it ended, in a few words: "two skipped turns in a row", "the Automa's last card". */
  why: string;
  rows: {
    name: string;
    colour: Colour;
    /** Pens in the largest group (a). */
    group: number;
    /** Specialty shapes outlined and their points (b). */
    outlined: number;
    shapePoints: number;
    /** The full duck rows and the ducks each scores (c): "P 3". */
    fullRows: { name: string; ducks: number }[];
    duckPoints: number;
    total: number;
    /** Ducks in all their pens: the tie-break (D22). */
    ducks: number;
  }[];
  /** Who won and by what: "Ana wins, 12 points to 9", "… on the tie-break: 20 ducks penned to 17". */
  verdict: string;
}

/**
 * A choice's mark: a candidate fence (its dots, the edge where its label sits), an Automa
 * placement (its spaces; each is shown on a part of the board of its own), or a label at a
 * point of the board (x, y in dots: where a group of placements lies). `tone`: what it does for
 * the seat choosing — nothing special, a pen it captures, a pen another side gets.
 */
export type DucksMark =
  | { label: string; tone: Tone; fence: { dots: (readonly [number, number])[]; at: number } }
  | { label: string; tone: Tone; place: { cells: number[] } }
  | { label: string; tone: Tone; spot: readonly [number, number] };
export type Tone = 'plain' | 'mine' | 'theirs';

/**
 * A choice's picture (src/platform/choices.ts): the board, the candidates of a level with
 * their labels where they are, the pens they would close shaded with the same labels, and the
 * level's verbs as labels beside the dice. `title` names the seat choosing and the question.
 */
export interface DucksChoiceView extends DucksView {
  title: string;
  /** The colour of the seat choosing: fences are drawn in it. */
  colour: Colour;
  marks: DucksMark[];
  /** Pens a candidate would close: their spaces, who would own them, the candidates' labels. */
  would: { cells: number[]; owner: Colour; labels: string[] }[];
  verbs: string[];
  /** An Automa pen shown where it would go (the fewest ducks' place), its label a spot mark on it. */
  placed?: number[];
}

const code = (i: number): string => {
  const c = COMPONENTS.contents[i];
  return c?.kind === 'ducks' ? String(c.n) : c?.kind === 'bread' ? 'b' : c?.kind === 'egg' ? 'e' : '.';
};

export function view(s: DucksState): DucksView {
  // A card the game ended on (its pen fit nowhere) is not to be placed.
  const card = s.end ? null : currentCard(s);
  const c = card === null ? null : COMPONENTS.cards[card];
  return {
    size: SIZE,
    contents: COMPONENTS.contents.map((_, i) => code(i)).join(''),
    fences: s.fences,
    lastEdges: [...s.lastEdges],
    pens: s.pens.map((p) => ({ cells: [...p.cells], owner: p.owner, shape: p.shape, automa: p.automa })),
    players: s.seats.map((seat, i) => {
      const area = s.areas[i] as Area;
      return {
        name: seat.name,
        colour: s.colours[i] as Colour,
        area: structuredClone(area),
        score: scoreOf(s, i),
        rerollsPerTurn: fullSections(area.rerolls),
        bread: breadUnlocked(area),
        egg: eggUnlocked(area),
        onTurn: !s.end && s.turn.seat === i,
      };
    }),
    shapes: [...COMPONENTS.shapes.values()].map((sh) => ({ id: sh.id, name: sh.name, cells: sh.cells, duckBoxes: sh.duckBoxes, specialty: COMPONENTS.specialty.includes(sh) })),
    rerollSections: [...COMPONENTS.rerollSections],
    breadBoxes: COMPONENTS.breadBoxes,
    eggBoxes: COMPONENTS.eggBoxes,
    shapePoints: [...COMPONENTS.shapePoints],
    automa: s.automa
      ? {
        colour: s.automa.colour,
        left: s.automa.deck.length,
        card: c ? { shape: c.shape, dot: c.dot, dotName: dotName(c.dot), dots: allowedPlacements(s.fences, s.pens, c).dots } : null,
      }
      : null,
    turn: { number: s.turn.number, seat: s.turn.seat, dice: [...s.turn.dice] },
    over: s.end !== null,
    ending: endingOf(s),
  };
}

const seatName = (s: DucksState, seat: number): string => s.seats[seat]?.name ?? `player ${seat + 1}`;

/** Why a scored game ended (D20, A9), in a few words. */
export const WHY: Record<EndReason, string> = {
  skips: 'two turns in a row were skipped',
  deck: 'the Automa\'s last card is played',
};

/** A scored game's end: why, each player's points by part, and the verdict; null before it (or when it was not scored). */
export function endingOf(s: DucksState): Ending | null {
  if (!s.end || s.end.kind !== 'scored') return null;
  const rows = s.seats.map((seat, i) => {
    const sc = scoreOf(s, i);
    const area = s.areas[i] as Area;
    const colour = s.colours[i] as Colour;
    const fullRows = COMPONENTS.specialty.filter((sh) => (area.ducks[sh.id] ?? 0) >= sh.duckBoxes).map((sh) => ({
      name: sh.name,
      ducks: s.pens.filter((p) => p.owner === colour && !p.automa && p.shape === sh.id).reduce((n, p) => n + p.cells.reduce((m, c) => m + ducksOn(c), 0), 0),
    }));
    return { name: seat.name, colour, group: sc.group, outlined: sc.outlined, shapePoints: sc.shapePoints, fullRows, duckPoints: sc.duckPoints, total: sc.total, ducks: sc.ducks };
  });
  return { why: s.end.reason ? WHY[s.end.reason] : 'the game is over', rows, verdict: verdictOf(s, rows) };
}

/** Who won and by what (D22; solo A10): the points, or the tie-break when points were level. */
function verdictOf(s: DucksState, rows: Ending['rows']): string {
  const winners = s.end?.winners ?? [];
  if (s.automa) {
    const me = rows[0]!;
    return winners.length
      ? `${me.name} wins: ${count(me.total, 'point')}, at least the ${COMPONENTS.soloTarget} needed to beat the Automa`
      : `The Automa wins: ${me.name} scored ${me.total} of the ${COMPONENTS.soloTarget} points needed to beat it`;
  }
  const names = winners.map((w) => seatName(s, w));
  const top = rows[winners[0] ?? 0]!;
  const others = rows.filter((_, i) => !winners.includes(i));
  if (winners.length > 1) return `${names.join(' and ')} share the win: ${count(top.total, 'point')} and ${count(top.ducks, 'duck')} penned each`;
  const level = others.filter((r) => r.total === top.total);
  if (level.length) return `${names[0]} wins on the tie-break: ${count(top.total, 'point')} each, and ${top.ducks} ducks penned to ${level.map((r) => r.ducks).join(', ')}`;
  return `${names[0]} wins, ${count(top.total, 'point')} to ${others.map((r) => r.total).join(', ')}`;
}

/** Who must act now, by name: the seat on turn, and anyone owing duck boxes (D19). */
export function toPlay(v: DucksView): string[] {
  if (v.over) return [];
  return v.players.filter((p) => p.onTurn || p.area.pending > 0).map((p) => p.name);
}

/** Alt text: the board in words, short enough for screen readers (≤ 1,024 characters kept). */
export function boardAlt(v: DucksView): string {
  const players = v.players.map((p) => `${p.name} (${p.colour}) ${count(p.score.total, 'point')}, ${count(v.pens.filter((x) => x.owner === p.colour && !x.automa).length, 'pen')}`).join('; ');
  const card = v.automa?.card ? `; its card: ${a(`${COMPONENTS.shapes.get(v.automa.card.shape)?.name ?? v.automa.card.shape} pen`)} through dot ${v.automa.card.dotName}` : '';
  const automa = v.automa ? ` The Automa (${v.automa.colour}) has ${count(v.pens.filter((x) => x.automa).length, 'pen')}, ${count(v.automa.left, 'card')} left${card}.` : '';
  const last = v.pens.length ? ` Latest pen: ${v.pens[v.pens.length - 1]!.cells.map(spaceName).join(' ')} (${v.pens[v.pens.length - 1]!.owner}).` : '';
  const who = toPlay(v);
  const next = v.ending ? ` ${v.ending.verdict}.` : who.length ? ` ${who.join(' and ')} to play.` : '';
  return `Duck Pens board, turn ${v.turn.number}: ${players}.${automa}${last}${next}`.slice(0, 1024);
}

/** The board as the channel sees it; `lastEdges`: the fences to mark as new (default: the state's). */
export const boardPicture = (s: DucksState, lastEdges?: readonly number[]): Picture => {
  const v = view(s);
  if (lastEdges) v.lastEdges = [...lastEdges];
  return { kind: 'board', view: v, alt: boardAlt(v) };
};

/** A choice's picture for `seat`: the board with the level's marks, the pens they would close, its verbs. */
export function choicePicture(s: DucksState, seat: number, title: string, marks: DucksMark[], would: DucksChoiceView['would'], verbs: string[], placed?: number[]): Picture {
  const base = view(s);
  const v: DucksChoiceView = { ...base, title, colour: s.colours[seat] as Colour, marks, would, verbs, ...(placed ? { placed } : {}) };
  const labels = [...marks.map((m) => m.label), ...verbs];
  return { kind: 'choice', view: v, alt: `${title}. ${boardAlt(base)} Labelled: ${labels.join(', ')}.`.slice(0, 1024) };
}

/** D24: a fence as it would stand, for its player alone before it is confirmed (pens it would close shaded). */
export function previewPicture(s: DucksState, seat: number, a: FenceAction): Picture {
  const colour = s.colours[seat] as Colour;
  const edges = pathEdges(actionPath(a)) ?? [];
  const fences = draw(s.fences, edges, colour);
  const v = view({ ...s, fences, lastEdges: edges, pens: [...s.pens, ...newPens(fences, s.pens, colour, edges)] });
  return { kind: 'board', view: v, alt: `Preview of your fence ${actionPath(a).map(dotName).join(' → ')}: ${boardAlt(v)}` };
}

/** The five specialty shapes, for `/ducks rules`. */
export const shapesPicture = (): Picture => ({ kind: 'shapes', view: { shapes: viewShapes() }, alt: `The five specialty pens: ${COMPONENTS.specialty.map((s) => `${s.name}, ${s.cells.length} spaces`).join('; ')}.` });
const viewShapes = () => COMPONENTS.specialty.map((sh) => ({ id: sh.id, name: sh.name, cells: sh.cells, duckBoxes: sh.duckBoxes }));

export const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);
