/**
 * A Game of Fences turn as a few taps (src/platform/choices.ts), each level's labels drawn on
 * its picture:
 * - before the roll: **Roll the dice**, or **Move a fence** first (which fence, labelled a–f on
 *   the board; which part of the board; which empty slot, numbered on that part shown larger);
 * - after the roll: where a piece goes. The squares where a first move can end are labelled
 *   (their names); a move of the whole roll is played at once, one that uses a single die then
 *   shows its path and labels where the other die can take a piece;
 * - after a capture: the start square the captured piece goes to.
 * So a turn is Roll, a square, and a second square when the dice move two pieces.
 */
import { choiceTree, type Choice, type ChoiceOption, type Spelling } from '../../platform/choices.ts';
import type { Picture, Prompt } from '../../platform/game.ts';
import { BOARD, DIRECTIONS, cellsOf, nameOfEdge, nameOfSquare, parseSquare, xOf, yOf } from './board.ts';
import { currentResults, vacantSlots, type Action } from './engine.ts';
import { firstDirection, turnsBack, type PieceMove, type Result } from './moves.ts';
import type { KimboState, PiecePath } from './state.ts';
import { boardAlt, view, type Area, type KimboChoiceView, type Mark } from './views.ts';
import { actionLabel, CORNER_NAMES, seatName } from './words.ts';

type Level = Choice<Action, Picture>;

export function prompt(s: KimboState, seat: number): Prompt<Action> {
  if (s.stage === 'start') {
    return { text: 'your turn: roll the dice, or first move one of your fences.', buttons: [], choice: startChoice(s, seat) };
  }
  if (s.stage === 'corner') {
    const v = s.corners[0]!;
    const question = `you captured ${seatName(s, v.seat)}'s piece ${v.piece + 1}: which start square does it go to?`;
    return { text: question, buttons: [], choice: cornerChoice(s, question) };
  }
  const results = currentResults(s);
  const dice = s.dice ? `${s.dice[0]} and ${s.dice[1]}` : '';
  return {
    text: `you rolled ${dice}: where does a piece go? Press its square (labelled on the board), or type the move with \`/kimbo move\` (${results.length} possible).`,
    buttons: [],
    choice: moveChoice(s),
  };
}

function startChoice(s: KimboState, seat: number): Level {
  const options: ChoiceOption<Action, Picture>[] = [{ label: 'Roll the dice', says: '', action: { type: 'roll' }, style: 'primary' }];
  if (s.fences.some((f) => f.owner === seat)) options.push({ label: 'Move a fence', says: '', then: () => fenceChoice(s, seat), style: 'secondary' });
  return { question: 'roll the dice, or first move one of your fences', options };
}

/** A choice's picture: the board with `marks`, `trails` drawn, pieces where the trails end. */
function choicePicture(s: KimboState, marks: Mark[], more: Partial<Pick<KimboChoiceView, 'trails' | 'zoom' | 'focus'>> = {}): Picture {
  const base = view(s);
  const trails = more.trails ?? [];
  const pieces = base.pieces.map((p) => [...p]);
  for (const t of trails) pieces[t.seat]![t.piece] = t.squares[t.squares.length - 1]!;
  const v: KimboChoiceView = { ...base, pieces, marks, trails, zoom: more.zoom ?? null, focus: more.focus ?? [] };
  const labels = marks.map((m) => m.label).join(', ');
  return { kind: 'choice', view: v, alt: `${boardAlt({ ...v })} Labelled: ${labels}.`.slice(0, 1024) };
}

// ---- After the roll: where a piece goes --------------------------------------------------------

const endOf = (m: PieceMove): number => m.squares[m.squares.length - 1]!;
/** A square's label is its name (HOME for HOME): the board prints the names along its sides. */
const squareLabel = (sq: number): string => nameOfSquare(sq);

/** The move that made a capture: the one ending on its square, else the sum whose first die stopped there. */
function capturer(r: Result, at: number): PieceMove | undefined {
  return r.moves.find((m) => endOf(m) === at) ?? r.moves.find((m) => m.dice.length === 2 && m.squares[m.dice[0]!] === at);
}

/**
 * One piece's move in words: "piece 2 from B3 east 4+3 (turns back), takes Bo's 1 on H5"; "a
 * piece from A1" where several of the player's pieces share the square (they are alike).
 */
function moveWords(s: KimboState, r: Result, m: PieceMove): string {
  const from = nameOfSquare(m.squares[0]!);
  const together = s.pieces[s.current]!.filter((sq) => sq === m.squares[0]).length > 1;
  const piece = together ? 'a piece' : `piece ${m.piece + 1}`;
  const caps = r.captures.filter((c) => capturer(r, c.at) === m).map((c) => `takes ${seatName(s, c.seat)}'s ${c.piece + 1}${c.at === endOf(m) ? '' : ` on ${nameOfSquare(c.at)}`}`);
  const took = caps.length ? `, ${caps.join(', ')}` : '';
  if (m.jump) return `${piece} jumps the fence from ${from}${took}`;
  const d = firstDirection(m.squares);
  const back = turnsBack(m.squares) ? ' (turns back)' : '';
  return `${piece} from ${from} ${d === null ? '' : `${DIRECTIONS[d]} `}${m.dice.join('+')}${back}${took}`;
}

/**
 * Every result spelt as the squares where its moves end: a one-piece result by its square; a
 * two-piece result by either piece's square first, then the other's.
 */
function spellings(s: KimboState): Spelling<Action>[] {
  const out: Spelling<Action>[] = [];
  for (const r of currentResults(s)) {
    const action: Action = { type: 'move', key: r.key };
    const [m0, m1] = r.moves;
    if (!m0) continue;
    if (!m1) {
      const unused = r.unused !== null && !m0.jump ? ` (the ${r.unused} is not used)` : '';
      out.push({ action, steps: [{ label: squareLabel(endOf(m0)), says: `${moveWords(s, r, m0)}${unused}` }] });
      continue;
    }
    for (const [a, b] of [[m0, m1], [m1, m0]] as const) {
      out.push({ action, steps: [
        { label: squareLabel(endOf(a)), says: `${moveWords(s, r, a)}, then the ${b.dice.join('+')} for another piece` },
        { label: squareLabel(endOf(b)), says: moveWords(s, r, b) },
      ] });
    }
  }
  return out;
}

const placeOf = (label: string): number | null => parseSquare(label);

function moveChoice(s: KimboState): Level {
  const all = spellings(s);
  const dice = s.dice ? `${s.dice[0]} and ${s.dice[1]}` : '';
  return choiceTree<Action, Picture>({
    spellings: all,
    key: (a) => (a.type === 'move' ? a.key : a.type),
    words: (a) => actionLabel(s, a),
    // A square where one move stops and others go on: pressed again, the piece stops there.
    stop: (a, path) => ({ label: path[path.length - 1]!, says: `stop there: ${actionLabel(s, a)}` }),
    level: (path, labels) => {
      const marks = labels.flatMap((label): Mark[] => {
        const sq = placeOf(label);
        return sq === null ? [] : [{ label, at: { square: sq } }];
      });
      if (path.length === 0) return { question: `you rolled ${dice}: where does a piece go?`, picture: choicePicture(s, marks) };
      // The first move chosen: its path drawn, its piece where it ends.
      const trails = new Map<string, PiecePath>();
      for (const sp of all) {
        if (sp.steps[0]?.label !== path[0] || sp.action.type !== 'move') continue;
        const r = currentResults(s).find((x) => x.key === (sp.action as { key: string }).key);
        const m = r?.moves.find((x) => squareLabel(endOf(x)) === path[0]);
        if (m) trails.set(`${m.piece}:${m.squares.join(',')}`, { seat: s.current, piece: m.piece, squares: m.squares, jump: m.jump });
      }
      const left = s.dice ? remainingDie(s, [...trails.values()]) : '';
      return { question: `then${left ? ` the ${left}` : ''}: where does a piece go?`, picture: choicePicture(s, marks, { trails: [...trails.values()] }) };
    },
  });
}

/** The die a chosen first move leaves, when every such move leaves the same one. */
function remainingDie(s: KimboState, trails: readonly PiecePath[]): string {
  const [a, b] = s.dice!;
  const steps = new Set(trails.map((t) => t.squares.length - 1));
  if (steps.size !== 1) return '';
  const used = [...steps][0]!;
  return used === a ? String(b) : used === b ? String(a) : '';
}

// ---- After a capture: the captured piece's start square -----------------------------------------

function cornerChoice(s: KimboState, question: string): Level {
  const options = BOARD.starts.map((sq, corner): ChoiceOption<Action, Picture> => ({ label: nameOfSquare(sq), says: CORNER_NAMES[corner]!, action: { type: 'corner', corner } }));
  return { question, picture: choicePicture(s, options.map((o, k) => ({ label: o.label, at: { square: BOARD.starts[k]! } }))), options };
}

// ---- Before the roll: a fence moved ------------------------------------------------------------

const FENCE_LABELS = 'abcdefghijkl';

/** The board in nine parts of 5 × 5 squares (the middle one around HOME). */
const AREAS: readonly { name: string; area: Area }[] = ['top left', 'top', 'top right', 'left', 'middle', 'right', 'bottom left', 'bottom', 'bottom right']
  .map((name, i) => ({ name, area: { x0: (i % 3) * 5, y0: Math.floor(i / 3) * 5, x1: (i % 3) * 5 + 4, y1: Math.floor(i / 3) * 5 + 4 } }));

/** The part of the board a slot belongs to: that of the square west or north of it. */
const areaOf = (edge: number): number => {
  const [a] = cellsOf(edge);
  return Math.floor(yOf(a) / 5) * 3 + Math.floor(xOf(a) / 5);
};

function fenceChoice(s: KimboState, seat: number): Level {
  const own = s.fences.filter((f) => f.owner === seat).map((f) => f.slot).sort((x, y) => x - y);
  const marks = own.map((slot, i) => ({ label: FENCE_LABELS[i]!, at: { edge: slot } }));
  return {
    question: 'which of your fences moves?',
    picture: choicePicture(s, marks),
    options: own.map((slot, i) => ({ label: FENCE_LABELS[i]!, says: `the fence on ${nameOfEdge(slot)}`, then: () => areaChoice(s, slot) })),
  };
}

function areaChoice(s: KimboState, from: number): Level {
  const vacant = vacantSlots(s);
  const areas = AREAS.map((a, i) => ({ ...a, slots: vacant.filter((e) => areaOf(e) === i) })).filter((a) => a.slots.length > 0);
  return {
    question: `where does the fence from ${nameOfEdge(from)} go? Pick a part of the board`,
    picture: choicePicture(s, areas.map((a) => ({ label: a.name, at: { area: a.area } })), { focus: [from] }),
    options: areas.map((a) => ({ label: a.name, says: `${a.slots.length} empty slots`, then: () => slotChoice(s, from, a.area, a.slots) })),
  };
}

function slotChoice(s: KimboState, from: number, area: Area, slots: readonly number[]): Level {
  // Numbered in reading order: by the row of their middle, then its column.
  const mid = (e: number) => {
    const [a, b] = cellsOf(e);
    return [(yOf(a) + yOf(b)) / 2, (xOf(a) + xOf(b)) / 2] as const;
  };
  const ordered = [...slots].sort((x, y) => mid(x)[0] - mid(y)[0] || mid(x)[1] - mid(y)[1]);
  const options = ordered.map((to, i): ChoiceOption<Action, Picture> => ({ label: String(i + 1), says: nameOfEdge(to), action: { type: 'fence', from, to } }));
  return {
    question: `which slot does the fence from ${nameOfEdge(from)} go to? Then the dice are rolled`,
    picture: choicePicture(s, ordered.map((e, i) => ({ label: String(i + 1), at: { edge: e } })), { zoom: area, focus: [from] }),
    options,
  };
}
