/** FENCE! for the platform (its definition, `fence`) and the engine's public face for tests and tools. */
import { defineGame, type Outcome as PlatformOutcome, finalAfter, ofTypes } from '../../platform/game.ts';
import { actionSchema, type Action } from './actions.ts';
import { computerAction } from './ai/index.ts';
import { abortGame, play, setup, leaveGame, timeOut } from './engine.ts';
import { actingSeats, legalActions } from './legal.ts';
import type { FenceEvent } from './events.ts';
import { boardPicture, handPicture, selfJailPicture, tileHandPicture, DRAWINGS } from './pictures.ts';
import { posts } from './posts.ts';
import { runScenario } from './scenario.ts';
import { parseTyped } from './typed.ts';
import { optionsSchema, stateSchema, STATE_VERSION, upgraders, type FenceOptions, type FenceState } from './state.ts';
import type { FenceView } from './views.ts';
import { view } from './visible.ts';
import { tradeLine } from './variants/trading-cards.ts';
import { cardsText, tileName } from './names.ts';
import { actionLabel, eventText, HELP, phaseText, playersOrder, RESIGN_TEXT, RULES, statusLines, summaryLines, unavailableText } from './words.ts';
import { prompt } from './choices.ts';

export { setup, play, type SetupInput } from './engine.ts';
export { legalActions, whoMustAct, actingSeats } from './legal.ts';
export type { FenceView, SeatView } from './views.ts';
export { view } from './visible.ts';
export { actionSchema, actionKey, type Action, type Actor, type Refusal, type RefusalCode } from './actions.ts';
export type { FenceEvent } from './events.ts';
export { actionLabel, eventText } from './words.ts';
export { nbName, tileName, seatName, cardsText } from './names.ts';
export { cellName, columnName, rowName, type City } from './grid.ts';
export { standardTileSet, type TileDef, type TileSet } from './tiles.ts';
export { STATE_VERSION, DEFAULT_OPTIONS, type FenceState, type FenceOptions, type SeatInfo, type Outcome, type Pending } from './state.ts';
export type { NbId, PlacedTile } from './geometry.ts';
export { computerAction, playComputers, type Strategy } from './ai/index.ts';

const NB = /^[A-Za-z0-9#-]+\/[0-9]$/;

function outcomeOf(s: FenceState): PlatformOutcome | null {
  const o = s.outcome;
  if (!o) return null;
  return { status: o.kind === 'aborted' ? 'aborted' : 'finished', winners: o.kind === 'winner' ? [...o.seats] : [], detail: o };
}

/**
 * Events after which an action cannot be taken back: a card drawn, dealt, burned or taken at
 * random, a die rolled, the Stash shuffled, a start tile revealed or redrawn, a player leaving,
 * the end of the game.
 */
const isFinal = finalAfter<FenceEvent>([
  'cardDrawn', 'dealt', 'hotGoods', 'hotGoodsStopped', 'copsRolled', 'startRevealed', 'startRedrawn', 'removed', 'gameOver',
  'hunchRolled', 'tunnelDrawn', 'tradingPostRolled', 'postTraded', 'ritzyDrawn', 'roundsRolled', 'stashBurned', 'stashReshuffled',
  'tradeOffered', 'tradeAccepted', 'tradeDeclined',
]);

export const fence = defineGame<FenceState, Action, FenceEvent, FenceView, FenceOptions>({
  id: 'fence',
  title: 'FENCE!',
  description: 'FENCE!: build a city of tiles, move pawns with red and blue cards, dodge the Cops, grab Hot Goods',
  seats: { min: 2, max: 8 },
  options: optionsSchema,
  state: { version: STATE_VERSION, schema: stateSchema, upgraders },
  setup: ({ seats, seed, options }) => setup({ seats, seed, options }),
  activeSeats: actingSeats,
  // Suggestions and buttons list moves that jail their own mover last.
  legalActions: (s, seat) => playersOrder(s, seat, legalActions(s, seat)),
  play,
  onLeave: leaveGame,
  onTimeout: timeOut,
  onAbort: abortGame,
  outcome: outcomeOf,
  view,
  bots: {
    normal: (s, seat) => computerAction(s, seat, 'normal'),
    simple: (s, seat) => computerAction(s, seat, 'simple'),
    easy: (s, seat) => computerAction(s, seat, 'easy'),
    strong: (s, seat) => computerAction(s, seat, 'strong'),
    random: (s, seat) => computerAction(s, seat, 'random'),
  },
  words: {
    action: actionLabel,
    event: eventText,
    prompt,
    phase: phaseText,
    status: statusLines,
    resign: RESIGN_TEXT,
    rules: RULES,
    help: HELP,
    unavailable: unavailableText,
    summary: summaryLines,
  },
  commands: [
    { name: 'place', option: 'placement', what: 'place a tile', description: 'Map building: place a tile from your hand', choice: 'Tile, cell and rotation (pick from the list)', accepts: ofTypes('place') },
    { name: 'swap', option: 'swap', what: 'swap a tile', description: 'Map building: swap a tile from your hand for a placed one', choice: 'Which tile replaces which (pick from the list)', accepts: ofTypes('swap') },
    { name: 'move', option: 'move', what: 'Move Yourself', description: 'Move Yourself: play one card or a red/blue pair', choice: 'Cards and destination (pick from the list)', accepts: ofTypes('moveSelf') },
    { name: 'push', option: 'push', what: 'push a pawn', description: 'Move Others: push another pawn one road step', choice: 'Whose pawn and where (pick from the list)', accepts: ofTypes('push') },
    { name: 'cops', option: 'cops', what: 'move the Cops', description: 'Move Others: move the Cops by road or tip them off with cards', choice: 'Where the Cops go (pick from the list)', accepts: ofTypes('copsRoad', 'tipOff') },
    { name: 'boat', option: 'card', what: 'play a boat', description: 'Boats: play a face card as a boat while Moving Others', choice: 'Which boat (pick from the list)', accepts: ofTypes('playBoat') },
    { name: 'hunch', option: 'die', what: 'play a Hunch', description: 'From Jail: roll a die of the colour you choose to send the Cops', choice: 'Which die (pick from the list)', accepts: ofTypes('hunch') },
    { name: 'trade', option: 'trade', what: 'trade cards', description: 'Offer another player a trade of cards, or trade at the Trading Post', choice: 'What to give to whom, and what to ask for (pick from the list)', accepts: ofTypes('postTrade', 'postPass', 'offerTrade') },
    { name: 'pick', option: 'neighborhood', what: 'choose a neighborhood', description: 'Choose a neighborhood when the bot asks you to pick from a long list', choice: 'Neighborhood (pick from the list)', accepts: ofTypes('chooseNeighborhood') },
  ],
  // Choices keep the short values their buttons have always had (`red`, `4-2/0`); moves are JSON.
  encode: (a) => (a.type === 'chooseColour' ? a.colour : a.type === 'chooseNeighborhood' ? a.nb : JSON.stringify(a)),
  decode: (text) => {
    if (text === 'red' || text === 'blue') return { type: 'chooseColour', colour: text };
    if (NB.test(text)) return { type: 'chooseNeighborhood', nb: text };
    if (!text.startsWith('{')) return null;
    try {
      const parsed = actionSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
  parse: parseTyped,
  posts,
  preview: selfJailPicture,
  board: boardPicture,
  hand: (s, seat) => {
    const v = view(s, seat);
    const me = v.me!;
    const lines: string[] = [me.hand.length ? `Cards (${me.hand.length}): ${cardsText(me.hand)}` : 'Cards: none yet'];
    if (me.startCards) lines.push(`Your secret start tile: ${cardsText(me.startCards)}`);
    const trade = tradeLine(s, seat);
    if (trade) lines.push(trade);
    const pictures = [handPicture(v)];
    if (s.phase === 'building') {
      const tiles = s.tileHands[seat] ?? [];
      lines.push(tiles.length ? `Tiles (${tiles.length}, face up for everyone): ${tiles.map((t) => tileName(s, t)).join('; ')}` : 'Tiles: none left');
      pictures.push(tileHandPicture(v, seat));
    }
    return { text: lines.join('\n'), pictures };
  },
  drawings: DRAWINGS,
  scenario: { run: runScenario },
  isFinal,
});

