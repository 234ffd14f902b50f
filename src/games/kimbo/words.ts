/** What players read: action labels, event lines, prompts, status, rules and help. Plain words for phones. */
import type { RulesTopic } from '../../platform/game.ts';
import { BOARD, DIRECTIONS, HOME, nameOfEdge, nameOfSquare } from './board.ts';
import { currentResults, ROLL_FIRST, type Action, type KimboEvent } from './engine.ts';
import { firstDirection, OFF, turnsBack, type PieceMove, type Result } from './moves.ts';
import type { KimboState } from './state.ts';

export const SIDE_NAMES = ['North', 'East', 'South', 'West'];
export const CORNER_NAMES = ['top left', 'top right', 'bottom right', 'bottom left'];

export const seatName = (s: KimboState, seat: number): string => s.seats[seat]?.name ?? `player ${seat + 1}`;
const where = (sq: number): string => (sq === HOME ? 'HOME' : sq === OFF ? 'captured' : nameOfSquare(sq));
const pieceOf = (s: KimboState, seat: number, piece: number): string => `${seatName(s, seat)}'s piece ${piece + 1}`;

/** Which move of a result made a capture: the one that stood on its square at the end of a die. */
function capturer(r: Result, at: number): PieceMove | undefined {
  return r.moves.find((m) => m.squares[m.squares.length - 1] === at || (m.dice.length === 2 && m.squares[m.dice[0]!] === at));
}

/**
 * "piece 2 B3 east 4+3 → H8", "piece 1 H4 south 5 (turns back) → H3", "piece 1 jumps D5 → D6";
 * each capture right after the piece that made it, with its square: "(takes Bo's 1 on F3)".
 */
export function resultLabel(s: KimboState, r: Result): string {
  const parts = r.moves.map((m) => {
    const from = m.squares[0]!;
    const to = m.squares[m.squares.length - 1]!;
    const caps = r.captures.filter((c) => capturer(r, c.at) === m).map((c) => `takes ${seatName(s, c.seat)}'s ${c.piece + 1} on ${where(c.at)}`);
    const took = caps.length ? ` (${caps.join(', ')})` : '';
    if (m.jump) return `piece ${m.piece + 1} jumps ${where(from)} → ${where(to)}${took}`;
    const d = firstDirection(m.squares);
    const back = turnsBack(m.squares) ? ' (turns back)' : '';
    return `piece ${m.piece + 1} ${where(from)} ${d === null ? '' : DIRECTIONS[d]} ${m.dice.join('+')}${back} → ${where(to)}${took}`;
  });
  const tail = r.unused !== null && r.moves.some((m) => !m.jump) ? ` (${r.unused} unused)` : '';
  return parts.join(', ') + tail;
}

export function actionLabel(s: KimboState, a: Action): string {
  switch (a.type) {
    case 'roll': return 'Roll the dice';
    case 'fence': return `Fence ${nameOfEdge(a.from)} → ${nameOfEdge(a.to)}`;
    case 'move': {
      const r = currentResults(s).find((x) => x.key === a.key);
      return r ? resultLabel(s, r) : 'a move';
    }
    case 'corner': {
      const victim = s.corners[0];
      const sq = nameOfSquare(BOARD.starts[a.corner]!);
      return victim ? `${seatName(s, victim.seat)}'s ${victim.piece + 1} to ${sq} (${CORNER_NAMES[a.corner]})` : `Start square ${sq}`;
    }
  }
}

export function eventText(s: KimboState, e: KimboEvent): string | null {
  switch (e.type) {
    case 'started': {
      const rolls = e.rolls.map((round) => round.map((r) => `${seatName(s, r.seat)} ${r.dice[0] + r.dice[1]}`).join(', ')).join('; then ');
      const sides = s.seats.map((_, i) => `${seatName(s, i)} plays ${SIDE_NAMES[s.sides[i]!]}`).join(', ');
      return `${sides}. Opening rolls: ${rolls}. ${seatName(s, e.first)} goes first.`;
    }
    case 'fenceMoved': return `${seatName(s, e.seat)} moves a fence from ${nameOfEdge(e.from)} to ${nameOfEdge(e.to)}.`;
    case 'rolled': return `${seatName(s, e.seat)} rolls ${e.dice[0]} and ${e.dice[1]}.`;
    case 'rollLost': return `No piece can move with that roll: ${seatName(s, e.seat)}'s turn is over.`;
    case 'moved': {
      // Each capture follows the move that made it: the one ending there, else the sum's first die.
      const by = (at: number) => {
        const ending = e.moves.findIndex((m) => m.to === at);
        return ending >= 0 ? ending : Math.max(0, e.moves.findIndex((m) => m.dice.length === 2));
      };
      const caps = (i: number) => e.captures.filter((c) => by(c.at) === i).map((c) => `captures ${pieceOf(s, c.seat, c.piece)} on ${where(c.at)}`);
      const parts = e.moves.flatMap((m, i) => [
        m.jump
          ? `jumps piece ${m.piece + 1} over a fence from ${where(m.from)} to ${where(m.to)}`
          : `moves piece ${m.piece + 1} from ${where(m.from)} ${m.turnsBack ? `${m.from === m.to ? 'and back ' : ''}to ${where(m.to)} (${m.dice.join('+')}, turning back in a dead end)` : `to ${where(m.to)} (${m.dice.join('+')})`}`,
        ...caps(i),
      ]);
      const home = e.moves.filter((m) => m.to === HOME).length;
      const tail = e.unused !== null && !e.moves.some((m) => m.jump) ? ` The ${e.unused} is not used.` : '';
      return `${seatName(s, e.seat)} ${parts.join(', ')}.${home ? ` ${home === 1 ? 'A piece is' : 'Two pieces are'} HOME!` : ''}${tail}`;
    }
    case 'cornered': return `${seatName(s, e.seat)} puts ${pieceOf(s, e.victim.seat, e.victim.piece)} on ${nameOfSquare(e.square)}.`;
    case 'returned': return `${seatName(s, e.seat)} left before choosing where it goes: ${pieceOf(s, e.victim.seat, e.victim.piece)} goes back to its own start square, ${nameOfSquare(e.square)} (${CORNER_NAMES[BOARD.starts.indexOf(e.square)]}).`;
    case 'turn': return null;
    case 'timedOut': return `${seatName(s, e.seat)} ran out of time: the bot plays the turn for them${e.inARow >= 2 ? ` (${e.inARow} in a row; the third removes them)` : ''}.`;
    case 'left': {
      const why = { resigned: 'resigns', kicked: 'is removed from the game', timeouts: 'is removed after three turns in a row ran out of time', left: 'has left' }[e.reason];
      return `${seatName(s, e.seat)} ${why}: their pieces leave the board and their fences stay as neutral fences.`;
    }
    case 'over': {
      const o = e.outcome;
      if (o.kind === 'aborted') return 'The game was aborted.';
      if (o.kind === 'nobody') return 'Nobody is left in the game.';
      const names = o.seats.map((x) => seatName(s, x)).join(' and ');
      if (o.reason === 'allHome') return `🏠 ${names} has all four pieces HOME and wins!`;
      if (o.reason === 'lastSeat') return `${names} is the last player left and wins.`;
      return `The round limit is reached: ${names} ${o.seats.length > 1 ? 'share the win' : 'wins'} with the most pieces in HOME.`;
    }
  }
}

/** Why `/kimbo fence` or `/kimbo move` offers nothing now. */
export function unavailableText(s: KimboState, _seat: number, command: string): string {
  if (command === 'move') return s.stage === 'start' ? ROLL_FIRST : 'First choose a start square for the captured piece.';
  return s.stage === 'start' ? 'You have no fence of your own to move.' : 'A fence can only be moved before rolling the dice.';
}

export const phaseText = (s: KimboState): string => (s.outcome ? 'game over' : `round ${s.round} of at most ${s.options.roundLimit}`);

export function statusLines(s: KimboState): string[] {
  const lines = s.seats.map((_, seat) => {
    if (s.out[seat]) return `${seatName(s, seat)} (${SIDE_NAMES[s.sides[seat]!]}): left the game`;
    const ps = s.pieces[seat]!;
    const home = ps.filter((p) => p === HOME).length;
    const onBoard = ps.map((p, i) => (p === HOME ? null : `${i + 1} ${where(p)}`)).filter(Boolean).join(', ');
    return `${seatName(s, seat)} (${SIDE_NAMES[s.sides[seat]!]}): ${home} in HOME${onBoard ? ` · pieces ${onBoard}` : ''}`;
  });
  if (s.dice && !s.outcome) lines.push(`Dice: ${s.dice[0]} and ${s.dice[1]}`);
  return lines;
}

export const RESIGN_TEXT = 'Your pieces leave the board (HOME too) and your fences stay where they are as neutral fences.';

export const RULES: RulesTopic[] = [
  { name: 'Overview', value: 'overview', text: '**Game of Fences** (Parker Brothers, 1960). Be the first to bring all four of your pieces into HOME, the big square in the middle, by exact count. Each turn: move one of your fences if you like, roll two dice, move. Pieces go straight and turn only when they hit a fence or a black line, so fences steer everyone.' },
  { name: 'Setting up', value: 'setup', text: 'Each player has one piece in each of the four corner squares and six fences on their side of the board. Two players sit opposite. With fewer than four, the entrance of each empty side is shut by three grey fences that nobody may move. Everyone rolls; the highest total starts, then play goes clockwise.' },
  { name: 'Your turn', value: 'turn', text: '1. You may move ONE of your own fences to any empty slot on the board (before rolling).\n2. Roll the dice.\n3. Move: one piece the total of both dice, or one piece by one die and another piece by the other. You must use both dice if you can; otherwise one; if no piece can move, the roll is lost.' },
  { name: 'Moving', value: 'moving', text: 'Start a piece in any of the four directions not blocked by a fence or black line. It goes straight. When it meets a fence or a black line it turns left or right (your choice when both are open); it turns back only in a dead end, and may even end on the square it started from: that still counts as a move. Turning costs no step. Pieces jump over other pieces freely; the border counts as a black line.' },
  { name: 'Capturing', value: 'capture', text: 'Land exactly on an opponent\'s piece to capture it: you put it back on any corner square you choose. When moving one piece the total, you may also capture with the first die and then go on. Corner squares are safe: any number of pieces may share them.' },
  { name: 'HOME', value: 'home', text: 'HOME has four openings, one in the middle of each side. A piece enters only with the last step of its move: heading straight in, or turned in by a fence on the opening square. Before its last step an opening acts like a wall. Pieces in HOME stay there.' },
  { name: 'Doubles', value: 'doubles', text: 'On doubles you may, instead of moving, jump one of your pieces over a fence next to it onto the square beyond (never over a black line, never into HOME). A jump lands like a move: it captures an opponent there.' },
  { name: 'Last piece', value: 'last', text: 'With one piece left outside HOME: if either die alone takes it into HOME, it goes in. Otherwise it must move the total of both dice, even away from HOME.' },
  { name: 'Winning', value: 'winning', text: 'The first player with all four pieces in HOME wins. If the round limit is reached, whoever has the most pieces in HOME wins (ties share). A player who leaves loses their pieces; their fences stay as grey ones. A piece they captured but had not yet sent to a corner goes back to its own corner.' },
];

export const HELP = [
  '**How to play Game of Fences here**',
  '`/kimbo new` opens a lobby (2–4 players; **Join**, then the host presses **Start**).',
  'On your turn the bot pings you: press **Roll the dice**, or first **Move a fence** (your fences are lettered on the board; pick one, a part of the board, then an empty slot by its number). `/kimbo fence` does the same by typing.',
  'Only you see the roll at first: every square a piece can reach is labelled on the board; press one. When the dice move two pieces, the board then shows that move and labels where the other die can go. The channel sees your whole turn, roll and move, in one post. `/kimbo move` lists every possible move too (type a piece number or a square to narrow it), or type one like "piece 2 B3 east 4+3".',
  'Squares are named by column A–O (left to right) and row 1–15 (top to bottom); a fence slot is written between two squares, like "G5|G6".',
  'If you capture a piece, buttons ask which corner it goes to. `/kimbo map` shows the board, `/kimbo status` the pieces, `/kimbo rules` the rules.',
].join('\n');
