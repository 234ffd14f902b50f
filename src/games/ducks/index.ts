/** Duck Pens for the platform: its definition, `ducks`. */
import { defineGame, finalAfter, ofTypes } from '../../platform/game.ts';
import { easyChoice, strongChoice } from './bots.ts';
import { abortGame, actionPath, activeSeats, leaveGame, randomChoice, setup, simpleChoice, timeOut } from './engine.ts';
import { offeredActions, play } from './moves.ts';
import { prompt } from './choices.ts';
import { fenceOf, parseFence } from './typed.ts';
import { posts } from './posts.ts';
import { runScenario } from './scenario.ts';
import { actionSchema, optionsSchema, stateSchema, STATE_VERSION, upgraders, type Action, type DucksEvent, type DucksOptions, type DucksState } from './state.ts';
import { boardPicture, DRAWINGS, previewPicture, view, type DucksView } from './views.ts';
import { actionLabel, eventText, HELP, phaseText, RESIGN_TEXT, RULES, statusLines, summary, unavailableText } from './words.ts';
import { dotName, readDot, SIZE, spaceIndex, spaceName } from './grid.ts';

const SPACE = /^[A-Z]\d{1,2}$/;

/** Autocomplete and button values: short words for choices, dots for fences, spaces for placements. */
function encode(a: Action): string {
  switch (a.type) {
    case 'roll': case 'keep': case 'done': return a.type;
    case 'reroll': return `reroll:${a.dice.join('')}`;
    case 'box': return `box:${a.shape}`;
    case 'fence': return `fence:${actionPath(a).map(dotName).join('-')}`;
    case 'bread': return `bread:${[a.from, a.to].map(dotName).join('-')}`;
    case 'place': return `place:${a.cells.map(spaceName).join('-')}`;
  }
}

function decode(text: string): Action | null {
  const [kind, rest = ''] = text.split(':');
  let candidate: unknown = null;
  if (kind === 'roll' || kind === 'keep' || kind === 'done') candidate = { type: kind };
  else if (kind === 'reroll') candidate = { type: 'reroll', dice: [...rest].map(Number) };
  else if (kind === 'box') candidate = { type: 'box', shape: rest };
  else if (kind === 'fence' || kind === 'bread') {
    const dots = rest.split('-').map(readDot);
    if (dots.some((d) => d === null) || dots.length < 2 || dots.length > 10) return null;
    candidate = fenceOf(kind, dots as [number, number][]);
  } else if (kind === 'place') {
    const names = rest.split('-');
    if (!names.every((n) => SPACE.test(n))) return null;
    const cells = names.map((n) => readDot(n)).map((d) => (d && d[0] < SIZE && d[1] < SIZE ? spaceIndex(d[0] + 1, d[1] + 1) : -1));
    candidate = { type: 'place', cells };
  }
  const parsed = actionSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** Events after which a move cannot be taken back: dice rolled or re-rolled, an Automa card turned, a player leaving, the end. */
const isFinal = finalAfter<DucksEvent>(['started', 'rolled', 'rerolled', 'card', 'automaPlaced', 'automaSkipped', 'left', 'over']);

export const ducks = defineGame<DucksState, Action, DucksEvent, DucksView, DucksOptions>({
  id: 'ducks',
  title: 'Duck Pens',
  description: 'Duck Pens: fence in the ducks, solo against the Automa or with two players',
  seats: { min: 1, max: 2 },
  options: optionsSchema,
  state: { version: STATE_VERSION, schema: stateSchema, upgraders },
  setup,
  activeSeats,
  legalActions: offeredActions,
  play,
  onLeave: leaveGame,
  onTimeout: timeOut,
  onAbort: abortGame,
  outcome: (s) => {
    if (!s.end) return null;
    return { status: s.end.kind === 'aborted' ? 'aborted' : 'finished', winners: [...s.end.winners], detail: s.end };
  },
  view,
  bots: { normal: simpleChoice, simple: simpleChoice, easy: easyChoice, strong: strongChoice, random: randomChoice },
  words: { action: actionLabel, event: eventText, prompt, phase: phaseText, status: statusLines, resign: RESIGN_TEXT, rules: RULES, help: HELP, summary, unavailable: unavailableText },
  commands: [
    { name: 'fence', option: 'fence', what: 'draw a fence', description: 'Draw your fence (or the bread\'s extra one), dot to dot', choice: 'From dot to dot, e.g. C4 → C7 (pick from the list)', accepts: ofTypes('fence', 'bread') },
    { name: 'reroll', option: 'dice', what: 're-roll', description: 'Re-roll some of your dice (with a re-roll unlocked)', choice: 'Which dice', accepts: ofTypes('reroll', 'keep') },
    { name: 'place', option: 'placement', what: 'place the Automa\'s pen', description: 'Solo: place the Automa\'s pen through its dot', choice: 'Its spaces (pick from the list)', accepts: ofTypes('place') },
    { name: 'box', option: 'row', what: 'cross off a duck box', description: 'Cross off a duck box in a specialty row', choice: 'Which row', accepts: ofTypes('box') },
  ],
  encode,
  decode,
  parse: (s, seat, command, typed) => (command === 'fence' ? parseFence(s, seat, typed) : decode(typed.trim())),
  posts,
  // D24: a fence is ink once drawn, so its player sees it first.
  preview: (s, seat, a) => (a.type === 'fence' || a.type === 'bread' ? previewPicture(s, seat, a) : null),
  board: boardPicture,
  drawings: DRAWINGS,
  scenario: { run: runScenario },
  isFinal,
});
