/** Fences (the farm game) for the platform: its definition, `farm`. */
import { defineGame, finalAfter, ofTypes } from '../../platform/game.ts';
import { actionSchema, type Action } from './actions.ts';
import { easyChoice, strongChoice } from './bots.ts';
import { abortGame, activeSeats, play, leaveGame, legalActions, randomChoice, setup, simpleChoice, timeOut } from './engine.ts';
import type { FarmEvent } from './events.ts';
import { DRAWINGS, handPicture, previewPicture } from './pictures.ts';
import { posts, wholeMap } from './posts.ts';
import { optionsSchema, stateSchema, STATE_VERSION, upgraders, type FarmOptions, type FarmState } from './state.ts';
import { view, type FarmView } from './views.ts';
import { runScenario } from './scenario.ts';
import { decodeSeason, encodeSeason } from './seasons-codes.ts';
import { isSeasonAction } from './seasons-data.ts';
import { actionLabel, dustPeek, eventText, HELP, phaseText, RESIGN_TEXT, RULES, statusLines, summaryLines } from './words.ts';
import { prompt, unavailable } from './choices.ts';

const PLACE = /^p:([A-Z]\d\d):(-?\d{1,3}):(-?\d{1,3}):([0-3])$/;
const CLAIM = /^c:(\d{1,5})$/;
/** A region answer: fox, bale, horse, tractor, sharecropper. */
const TOKEN = /^([fbhts]):(\d{1,5})$/;
const TOKEN_TYPE = { f: 'fox', b: 'bale', h: 'horse', t: 'tractor', s: 'share' } as const;
const STORE = /^o:([ra]):(cow|pig|sheep)$/;
const TAKE = /^k:([0-5]):([hr]):(\d{1,2})$/;

/** A typed placement: "B17 3,-2 90", "b17 at 3 -2 turned 180". */
const TYPED = /^\s*([A-Za-z]\d\d)\s*(?:at\s*)?\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?\s*(?:,?\s*(?:turned\s*)?(0|90|180|270)\s*°?)?\s*$/i;

/** Events after which a move cannot be taken back: a tile drawn or shown dead, a market card turned, a player leaving, the end. */
const isFinal = finalAfter<FarmEvent>(['started', 'drew', 'dead', 'market', 'removed', 'ended', 'season', 'swapped']);

export const farm = defineGame<FarmState, Action, FarmEvent, FarmView, FarmOptions>({
  id: 'farm',
  title: 'Fences',
  description: 'Fences, the tile-laying farm game: build fields, close farms, score animals',
  seats: { min: 2, max: 6 },
  options: optionsSchema,
  state: { version: STATE_VERSION, schema: stateSchema, upgraders },
  setup: ({ seats, seed, options }) => setup({ seats, seed, options }),
  activeSeats,
  legalActions,
  play,
  onLeave: leaveGame,
  onTimeout: timeOut,
  onAbort: abortGame,
  outcome: (s) => (s.outcome ? { status: s.outcome.kind, winners: [...s.outcome.winners], detail: { ...s.outcome, scores: [...s.scores] } } : null),
  view,
  bots: { normal: simpleChoice, simple: simpleChoice, easy: easyChoice, strong: strongChoice, random: randomChoice },
  words: { action: actionLabel, event: eventText, prompt, phase: phaseText, status: statusLines, resign: RESIGN_TEXT, rules: RULES, help: HELP, unavailable, summary: summaryLines },
  commands: [
    { name: 'place', option: 'placement', what: 'place a tile', description: 'Place one of your tiles (pick tile, cell and turn from the list)', choice: 'Tile, cell (column,row) and turn', accepts: ofTypes('place') },
    { name: 'field', option: 'field', what: 'choose a field', description: 'Choose the field for the fox, a hay bale or the horse', choice: 'Which field (pick from the list)', accepts: ofTypes('fox', 'bale', 'horse') },
    { name: 'gate', option: 'gate', what: 'move a gate', description: 'Open or close a gate after placing a tile, or leave them', choice: 'Which gate (pick from the list)', accepts: ofTypes('gate', 'keepGates') },
    { name: 'henhouse', option: 'where', what: 'place a henhouse', description: 'Put a henhouse (or a tractor, a sharecropper, the horse) on the tile you just placed, or none', choice: 'Which part of the tile (pick from the list)', accepts: ofTypes('claim', 'pass', 'tractor', 'share', 'horse', 'evict') },
    { name: 'answer', option: 'choice', what: 'answer that', description: 'Answer a storage or Dust Bowl question, or stop placing extra tiles', choice: 'Your answer (pick from the list)', accepts: ofTypes('store', 'take', 'decline') },
    { name: 'season', option: 'move', what: 'make a season move', description: "This round's season move: swap a tile (Autumn), move one (Flood) or turn one (Rainy)", choice: 'Which move (pick from the list)', accepts: ofTypes('swap', 'lift', 'turnTile') },
  ],
  encode: (a) => {
    if (isSeasonAction(a)) return encodeSeason(a);
    switch (a.type) {
      case 'place': return `p:${a.tile}:${a.x}:${a.y}:${a.rot}`;
      case 'claim': return `c:${a.region}`;
      case 'pass': return 'c:-';
      case 'gate': return `g:${a.tile}`;
      case 'keepGates': return 'g:-';
      case 'store': return `o:${a.op[0]}:${a.kind}`;
      case 'take': return `k:${a.seat}:${a.from[0]}:${a.index}`;
      case 'decline': return 'd';
      case 'share': return `s:${a.region}`;
      default: return `${a.type[0]}:${a.region}`;
    }
  },
  decode: (text) => {
    const season = decodeSeason(text);
    if (season) return season;
    if (text === 'c:-') return { type: 'pass' };
    if (text === 'g:-') return { type: 'keepGates' };
    if (text === 'd') return { type: 'decline' };
    const g = /^g:(\d{1,4})$/.exec(text);
    if (g) return { type: 'gate', tile: Number(g[1]) };
    const t = TOKEN.exec(text);
    if (t) return { type: TOKEN_TYPE[t[1] as keyof typeof TOKEN_TYPE], region: Number(t[2]) };
    const o = STORE.exec(text);
    if (o) return { type: 'store', op: o[1] === 'r' ? 'remove' : 'add', kind: o[2] as 'cow' | 'pig' | 'sheep' };
    const k = TAKE.exec(text);
    if (k) return { type: 'take', seat: Number(k[1]), from: k[2] === 'h' ? 'hand' : 'row', index: Number(k[3]) };
    const c = CLAIM.exec(text);
    if (c) return { type: 'claim', region: Number(c[1]) };
    const p = PLACE.exec(text);
    if (!p) return null;
    const parsed = actionSchema.safeParse({ type: 'place', tile: p[1], x: Number(p[2]), y: Number(p[3]), rot: Number(p[4]) });
    return parsed.success ? parsed.data : null;
  },
  parse: (_s, _seat, command, typed) => {
    if (command === 'henhouse') return /^\s*(none|no|pass)\s*$/i.test(typed) ? { type: 'pass' } : null;
    const m = TYPED.exec(typed);
    if (!m) return null;
    return { type: 'place', tile: (m[1] as string).toUpperCase(), x: Number(m[2]), y: Number(m[3]), rot: Number(m[4] ?? 0) / 90 };
  },
  posts,
  preview: previewPicture,
  board: wholeMap,
  hand: (s, seat) => {
    const v = view(s, seat);
    const tiles = s.hands[seat] ?? [];
    const row = s.rows?.[seat] ?? [];
    const peek = dustPeek(s, seat);
    return {
      text: [
        tiles.length ? `Your tiles: ${tiles.join(', ')} (shown in their four turns; only you see this).` : 'You have no tiles in hand.',
        row.length ? `Your row (face up, placed instead of a hand tile): ${row.join(', ')}.` : '',
        peek,
      ].filter(Boolean).join('\n'),
      pictures: tiles.length || row.length ? [handPicture(v)] : [],
    };
  },
  drawings: DRAWINGS,
  scenario: { run: runScenario },
  isFinal,
});
