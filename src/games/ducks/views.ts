/**
 * What the channel sees (D23): everything but the generator and the Automa's deck order. Every
 * viewer sees the same: nothing is secret to one player. Drawings see only this.
 */
import type { Picture } from '../../platform/game.ts';
import { moduleBeside } from '../../platform/files.ts';
import { COMPONENTS } from './components.ts';
import { a, plural } from './grammar.ts';
import { actionPath, currentCard } from './engine.ts';
import { dotName, SIZE, spaceName, type Colour } from './grid.ts';
import { allowedPlacements, breadUnlocked, draw, eggUnlocked, fullSections, newPens, pathEdges, scoreOf } from './rules.ts';
import type { Area, DucksState, FenceAction, Score } from './state.ts';

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
}

const code = (i: number): string => {
  const c = COMPONENTS.contents[i];
  return c?.kind === 'ducks' ? String(c.n) : c?.kind === 'bread' ? 'b' : c?.kind === 'egg' ? 'e' : '.';
};

export function viewOf(s: DucksState): DucksView {
  const card = currentCard(s);
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
  };
}

/** Alt text: the board in words, short enough for screen readers (≤ 1,024 characters kept). */
export function boardAlt(v: DucksView): string {
  const players = v.players.map((p) => `${p.name} (${p.colour}) ${plural(p.score.total, 'point')}, ${plural(v.pens.filter((x) => x.owner === p.colour && !x.automa).length, 'pen')}`).join('; ');
  const card = v.automa?.card ? `; its card: ${a(`${COMPONENTS.shapes.get(v.automa.card.shape)?.name ?? v.automa.card.shape} pen`)} through dot ${v.automa.card.dotName}` : '';
  const automa = v.automa ? ` The Automa (${v.automa.colour}) has ${plural(v.pens.filter((x) => x.automa).length, 'pen')}, ${plural(v.automa.left, 'card')} left${card}.` : '';
  const last = v.pens.length ? ` Latest pen: ${v.pens[v.pens.length - 1]!.cells.map(spaceName).join(' ')} (${v.pens[v.pens.length - 1]!.owner}).` : '';
  return `Duck Pens board, turn ${v.turn.number}: ${players}.${automa}${last}`.slice(0, 1024);
}

export const boardPicture = (s: DucksState): Picture => {
  const view = viewOf(s);
  return { kind: 'board', view, alt: boardAlt(view) };
};

/** D24: a fence as it would stand, for its player alone before it is confirmed (pens it would close shaded). */
export function previewPicture(s: DucksState, seat: number, a: FenceAction): Picture {
  const colour = s.colours[seat] as Colour;
  const edges = pathEdges(actionPath(a)) ?? [];
  const fences = draw(s.fences, edges, colour);
  const view = viewOf({ ...s, fences, lastEdges: edges, pens: [...s.pens, ...newPens(fences, s.pens, colour, edges)] });
  return { kind: 'board', view, alt: `Preview of your fence ${actionPath(a).map(dotName).join(' → ')}: ${boardAlt(view)}` };
}

/** The five specialty shapes, for `/ducks rules`. */
export const shapesPicture = (): Picture => ({ kind: 'shapes', view: { shapes: viewShapes() }, alt: `The five specialty pens: ${COMPONENTS.specialty.map((s) => `${s.name}, ${s.cells.length} spaces`).join('; ')}.` });
const viewShapes = () => COMPONENTS.specialty.map((sh) => ({ id: sh.id, name: sh.name, cells: sh.cells, duckBoxes: sh.duckBoxes }));

export const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);
