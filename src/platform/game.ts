/**
 * A game as the platform runs it: one object per game (`src/games/<id>/index.ts` exports it,
 * `src/games/registry.ts` lists it). Everything in it is pure and deterministic — no Discord,
 * no database, no clock, no canvas, no `Math.random` (randomness is a seeded generator kept in
 * the state). The platform (lobby, store, timers, turn posts, buttons, autocomplete, pictures)
 * is written once and drives every game only through this interface.
 *
 * Seats are numbered 0..n-1 in joining order. Of a state the platform reads only its own
 * fields (`seatFields`: who sits where, who is out, timeouts in a row; src/platform/seats.ts);
 * actions, events, views and the rest of the state it hands back to the game's functions.
 */
import { z } from 'zod';
import type { Choice } from './choices.ts';
import { newSeats, seatFields, TIMEOUTS_TO_LEAVE, type LeaveReason, type Seat, type SeatInfo, type SeatState } from './seats.ts';

export { newSeats, seatFields, TIMEOUTS_TO_LEAVE, type LeaveReason, type Seat, type SeatInfo, type SeatState };
/** Who asks for an action: a seat, or the platform acting for the game (timers, admins). */
export type Actor = Seat | 'system';
/** Whom a view is for: a seat (their private knowledge included) or the channel (public only). */
export type Viewer = Seat | 'channel';

/** A change: the new state and the events that tell it. */
export type Applied<S, E> = { ok: true; state: S; events: E[] };
/** A refused request: a machine code (for logs), a sentence for the player, and what would be legal (labels). */
export type Refusal = { ok: false; code: string; message: string; legal: string[] };
export const refuse = (code: string, message: string, legal: string[] = []): Refusal => ({ ok: false, code, message, legal });

export interface Outcome {
  /** 'finished': the game reached its end (with or without a winner); 'aborted': an admin ended it. */
  status: 'finished' | 'aborted';
  /** Seats that won; several share the win, none means nobody won. */
  winners: Seat[];
  /** The game's own record of the ending, stored as it is (JSON). */
  detail: unknown;
}

/** vN → vN+1 state upgraders, keyed by N; each gets a plain JSON object of version N. */
export type Upgraders = Readonly<Record<number, (state: Record<string, unknown>) => Record<string, unknown>>>;

/**
 * A picture to draw: which of the game's drawers (`kind`), the view it draws (plain JSON: it is
 * posted to the render worker) and its alt text. Build it from a view only, never from a state,
 * so a picture can show nothing its viewer may not know.
 */
export interface Picture {
  kind: string;
  view: unknown;
  /** Alt text for screen readers (≤ 1,024 characters are kept). */
  alt: string;
}

/**
 * What a picture's pixels depend on: its kind and its view (drawings draw from nothing else).
 * Two pictures with the same identity are the same picture, whatever their alt text.
 */
export const pictureIdentity = (p: Pick<Picture, 'kind' | 'view'>): string => JSON.stringify([p.kind, p.view]);

/** One applied action: the state after it and the events it caused. */
export interface Step<S, E> {
  state: S;
  events: readonly E[];
}

/** One public post: the events it tells (in words) and the picture(s) it carries. */
export interface PostPlan<S, E> {
  events: readonly E[];
  /** The state at the end of the post: the prompt of the batch's last post is read from it. */
  state: S;
  picture: Picture | null;
  /**
   * More pictures shown after `picture` in the same post (a round's dice rolls, each with its
   * own picture). Discord shows at most 10 attachments in a post: further ones are not posted.
   */
  morePictures?: readonly Picture[];
  /**
   * The change is the first part of something players see as one moment (a turn made of
   * several actions): the channel waits. Set only on a batch's last plan; the whole batch is
   * then held, and its events are told with the next post (the platform reads them back from
   * the action log, so a restart loses none). The player who acted is answered privately,
   * with what they must do next.
   */
  held?: boolean;
  /**
   * Pictures a later post is likely to show, drawn as soon as this one is out so that post does
   * not wait for them (the rolls of a round whose post waits for a choice): a later post of the
   * game whose picture has the same identity (pictureIdentity) takes the drawing.
   */
  ahead?: readonly Picture[];
}

/** A typed move's words that name nothing in the game (a card, player or place it does not have). */
export interface NotUnderstood {
  notUnderstood: string[];
}

export const isNotUnderstood = (x: unknown): x is NotUnderstood =>
  typeof x === 'object' && x !== null && Array.isArray((x as { notUnderstood?: unknown }).notUnderstood);

/** A button offered with a prompt; pressing it submits `action` for the seat the prompt is for. */
export interface ChoiceButton<A> {
  label: string;
  action: A;
  style?: 'primary' | 'secondary' | 'success' | 'danger';
}

/** What one seat must do now, in words, and the choices that are answered with buttons. */
export interface Prompt<A> {
  /** Follows the seat's mention: "your turn: `/chess move` a piece." */
  text: string;
  buttons: ChoiceButton<A>[];
  /**
   * The choice as a few taps on labels the pictures mark (src/platform/choices.ts); when given,
   * the platform offers it instead of `buttons`, its first level on the turn post.
   */
  choice?: Choice<A, Picture>;
}

/**
 * A move subcommand (`/chess move move:…`): one autocompleted string option whose suggestions
 * are the seat's legal actions that `accepts`. Names follow Discord's rules (lower case, ≤ 32).
 */
export interface MoveCommand<A> {
  name: string;
  /** The option's name. */
  option: string;
  /** The subcommand's description (≤ 100 characters). */
  description: string;
  /** The option's description (≤ 100 characters). */
  choice: string;
  /** For refusals: "You cannot ${what} right now." */
  what: string;
  accepts(action: A): boolean;
}

/** A topic of `/<game> rules`: `value` is its id, `name` its title in the topic list. */
export interface RulesTopic {
  name: string;
  value: string;
  text: string;
  /** A picture shown with the topic (the pieces, a diagram), drawn like any other. */
  picture?: Picture;
}

/**
 * Player-facing words. Plain language for phone screens: no ruling ids, no formulas. Every
 * function gets the state the words are about (names, cells and cards come from it).
 */
export interface GameWords<S, A, E> {
  /** A legal action as offered in autocomplete and on buttons (≤ 100 characters). */
  action(s: S, action: A): string;
  /** One line for the channel per event, or null for bookkeeping events. */
  event(s: S, event: E): string | null;
  /** What `seat` (one of `activeSeats`) must do now. */
  prompt(s: S, seat: Seat): Prompt<A>;
  /** The headline of `/status`: "round 3 of at most 200", "map building". */
  phase(s: S): string;
  /** The body of `/status`: players, scores, piles — public facts only. */
  status(s: S): string[];
  /** What resigning does, for its confirmation: "Your pawn leaves the map and your cards go to the discard pile." Omitted: "You leave the game." */
  resign?: string;
  /** `/<game> rules`: the first topic is the overview. Omitted: one overview, the game's description. */
  rules?: RulesTopic[];
  /** `/<game> help`: how to play this game with the bot. Omitted: how to start one, and its move subcommands. */
  help?: string;
  /**
   * Why a move subcommand (`command`, its name) offers `seat` nothing although it is their turn,
   * and what they can do instead: "You have already moved a piece this turn: now roll."
   * Omitted: "You cannot <what> right now."
   */
  unavailable?(s: S, seat: Seat, command: string): string;
  /**
   * The game's story for its end post, a few short lines (rounds played, who did what to
   * whom, cards left), after the platform's line naming the winners. Omitted: no summary.
   */
  summary?(s: S): string[];
}

/**
 * A computer player: the action it takes for `seat`, or null when it has nothing to do.
 * Deterministic: tie-breaks come from `botRng` (src/platform/rng.ts). Written as a method's
 * type so that a bot of a specific game is a bot of any game (parameters checked bivariantly).
 */
export type Bot<S, A> = { bot(s: S, seat: Seat): A | null }['bot'];

/**
 * The levels a computer seat may be given in the lobby, easiest first: the names of bots every
 * game of the bot has, alike in each (src/games/levels.ts measures them).
 */
export const LEVELS = ['easy', 'normal', 'strong'] as const;
export type Level = (typeof LEVELS)[number];

/** An invalid scenario file: the message says where and why. */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

export interface ScenarioResult<S = unknown> {
  /** One object per step: the action and its events or refusal (and any failed expectation). */
  lines: object[];
  state: S;
  /** Failed expectations and broken invariants, one sentence each; empty when all is well. */
  failures: string[];
}

/** A request applied by the platform: its events and the seats it made leave (the store marks them). */
export type Answer<S, E> = (Applied<S, E> & { left: { seat: Seat; reason: LeaveReason }[] }) | Refusal;

/**
 * How a request is applied: the platform's way (`applyRequest`, src/platform/requests.ts, which
 * the runtime's applyRules calls), passed to scenario files so that they play as the bot does.
 */
export type ApplyRequest<S, E> = (s: S, actor: Actor, input: unknown) => Answer<S, E>;

/** Optional support for scenario files (`npm run scenario`, test/scenarios/): see src/runtime/scenario.ts. */
export interface ScenarioSupport<S, E> {
  /**
   * Plays a scenario file of this game (`"game"` already checked): sets up its position, plays
   * its steps through `apply` (the platform's), checks its expectations. Throws ScenarioError
   * when the file itself is invalid.
   */
  run(json: unknown, apply: ApplyRequest<S, E>): ScenarioResult<S>;
}

/**
 * How a game's turns go, when it can say so: one seat at a time (`current`: whose turn it is),
 * or every seat still in at once (`waiting`: whether the seat still owes its move). The
 * platform then knows whose move it is: nobody once the game is over, never a seat that left.
 */
export type Turn<S> = { current(s: S): Seat } | { waiting(s: S, seat: Seat): boolean };

/**
 * A timed-out seat's part, played for it. `counts: false` when it was no turn of theirs (a
 * question asked during another player's turn, answered for them): it does not count towards
 * the timeouts in a row.
 */
export type TimedOut<S, E> = (Applied<S, E> & { counts?: boolean }) | Refusal;

/**
 * A game as its folder writes it. Members marked "Omitted:" have a default (defineGame fills
 * it in). Functions are written as methods, whose parameters TypeScript checks bivariantly, so
 * that a definition of specific types is also one of `unknown` types (AnyGame): the platform
 * passes back only what the same game gave it.
 */
export interface GameDefinition<S, A, E, V, O> {
  /** The game's id: its slash command (`/chess`) and its kind in the store. Lower case, ≤ 32. */
  id: string;
  /** As players know it: "Chess". */
  title: string;
  /** One line for `/games` and the command's description (≤ 100 characters). Omitted: "Play <title> in this channel". */
  description?: string;
  seats: { min: number; max: number };
  /**
   * The options of a game, as a zod object whose every field has a default. The one source of
   * their types, defaults, validation, labels and menus: each field's `.meta()` is an OptionMeta
   * (src/platform/options.ts). Omitted: none.
   */
  options?: z.ZodType<O>;
  state: {
    /** The version written into every state (`state.version`). */
    version: number;
    /** What a stored state must look like (with `seatFields`); the state's type is inferred from it. */
    schema: z.ZodType<S>;
    /** Omitted: none. */
    upgraders?: Upgraders;
  };
  /** A new game: seats in order, a seed for the generator, options already parsed. The state starts with `newSeats(seats)`. */
  setup(input: { seats: SeatInfo[]; seed: string; options: O }): Applied<S, E>;
  /** How turns go: give `turn` where it says enough, else `activeSeats`. */
  turn?: Turn<S>;
  /** Seats that may act now, in the order they are asked; several act at once; [] once the game is over. Omitted: from `turn`. */
  activeSeats?(s: S): Seat[];
  /** Everything `seat` may do now (empty when it is not theirs to act); never PlatformActions. */
  legalActions(s: S, seat: Seat): A[];
  /**
   * Plays one of the game's own actions for `seat` (a seat still in a game not over). `input`
   * is untrusted JSON: the game parses it and refuses what the rules do not allow, never
   * throwing and never changing `s`. Callers go through the platform's `applyRequest`.
   */
  play(s: S, seat: Seat, input: unknown): Applied<S, E> | Refusal;
  /**
   * What a seat's leaving means for the rules (its pieces leave, the game may end, the turn
   * passes on). The platform has checked the seat is still in; it marks it out afterwards (the
   * hook may still read who was acting).
   */
  onLeave(s: S, seat: Seat, reason: LeaveReason): Applied<S, E>;
  /**
   * `seat`, one the game waits for, ran out of time for the `inARow`-th time in a row: its part
   * played for it (H2: by the simple strategy). The platform counts it, and at TIMEOUTS_TO_LEAVE
   * removes the seat right after (onLeave) unless the game is over.
   */
  onTimeout(s: S, seat: Seat, inARow: number): TimedOut<S, E>;
  /** An admin ended the game: the state with the game over, aborted. */
  onAbort(s: S): Applied<S, E>;
  /** Non-null once the game is over. */
  outcome(s: S): Outcome | null;
  /** What `viewer` may know: the only thing drawings see. */
  view(s: S, viewer: Viewer): V;
  /**
   * Computer players by name: a computer seat is played by the bot of the level chosen for it
   * in the lobby (LEVELS, when the game has them), or else by `bots[defaultBot]`.
   */
  bots: Record<string, Bot<S, A>>;
  /** Omitted: the first of `bots`. */
  defaultBot?: string;
  words: GameWords<S, A, E>;
  /** Move subcommands, in the order they are listed. Omitted: none (moves are made with the prompts' buttons). */
  commands?: MoveCommand<A>[];
  /** Parses an autocomplete value or a button's value back into an action (untrusted text); null if it is not one. */
  decode(text: string): A | null;
  /** Writes an action as an autocomplete value or a button value: ≤ 80 characters. */
  encode(action: A): string;
  /**
   * Reads a move typed by hand (not picked from the list) for `command`; null when it is not
   * understood, or the words that name nothing in the game ("r7" where there is no Red 7), so
   * the player is told what was not understood instead of a guess being played.
   */
  parse?(s: S, seat: Seat, command: string, typed: string): A | NotUnderstood | null;
  /**
   * How the public posts of one change are cut: one per moment players see as separate (a
   * turn, a roll), each with its picture. Omitted: one post for the whole batch with `board`.
   */
  posts?(steps: readonly Step<S, E>[]): PostPlan<S, E>[];
  /**
   * A move that cannot be taken back, shown to its player alone before it is played: the picture
   * of the move made, answered privately with a Confirm button (the move is played when it is
   * pressed). Null, or omitted: moves are played at once.
   */
  preview?(s: S, seat: Seat, action: A): Picture | null;
  /** The picture of `/map` and of every turn post by default: what the channel sees. */
  board(s: S): Picture;
  /** The private part of `/hand`, for a seat still in the game; omitted when a game has no secrets. */
  hand?(s: S, seat: Seat): { text: string; pictures: Picture[] };
  /**
   * The module that draws this game's pictures: its URL (`moduleBeside('./draw/index.ts', import.meta.url)`
   * from files.ts, which names the compiled .js once built).
   * Its default export is a Drawings object (src/render/drawings.ts); the render worker loads it, so
   * canvas never enters the game's rules.
   */
  drawings: string;
  scenario?: ScenarioSupport<S, E>;
  /**
   * Whether an event makes the action that caused it final: something hidden or random came
   * out (a card drawn, a die rolled, a secret revealed), so taking the action back would let a
   * player try again knowing it. Omitted: the game offers no undo.
   */
  isFinal?(event: E): boolean;
}

type Def<S, A, E, V, O> = GameDefinition<S, A, E, V, O>;
type Defaulted = 'description' | 'options' | 'activeSeats' | 'defaultBot' | 'commands';

/** A game as the platform runs it: its definition with every default filled in (defineGame). */
export type Game<S, A, E, V, O> = Omit<Def<S, A, E, V, O>, Defaulted | 'state' | 'words'> & Required<Pick<Def<S, A, E, V, O>, Defaulted>> & {
  state: Required<Def<S, A, E, V, O>['state']>;
  words: Def<S, A, E, V, O>['words'] & Required<Pick<Def<S, A, E, V, O>['words'], 'resign' | 'rules' | 'help'>>;
};

/** A game of any type, as the registry holds it. */
export type AnyGame = Game<unknown, unknown, unknown, unknown, unknown>;

const NO_OPTIONS = z.object({});

/** Seats that may act now, from a game's declared turns. */
function turnSeats<S extends SeatState>(turn: Turn<S>, outcome: (s: S) => Outcome | null): (s: S) => Seat[] {
  return (s) => {
    if (outcome(s)) return [];
    if ('current' in turn) {
      const seat = turn.current(s);
      return s.out[seat] ? [] : [seat];
    }
    return s.seats.flatMap((_, seat) => (!s.out[seat] && turn.waiting(s, seat) ? [seat] : []));
  };
}

/** A game's definition, its types checked where it is written, with its defaults filled in. */
export function defineGame<S extends SeatState, A, E, V, O>(def: GameDefinition<S, A, E, V, O>): Game<S, A, E, V, O> {
  const activeSeats = def.activeSeats ?? (def.turn ? turnSeats(def.turn, (s) => def.outcome(s)) : null);
  if (!activeSeats) throw new Error(`${def.id}: a game says how its turns go (turn) or who acts (activeSeats)`);
  const defaultBot = def.defaultBot ?? Object.keys(def.bots)[0];
  if (defaultBot === undefined || !def.bots[defaultBot]) throw new Error(`${def.id}: a game has a computer player (bots, defaultBot)`);
  const commands = def.commands ?? [];
  const description = def.description ?? `Play ${def.title} in this channel`;
  const help = `**How to play ${def.title} here**: \`/${def.id} new\` opens a game; players press **Join** and the host **Start**. When it is your turn, press one of the buttons${commands.length ? ' or use:' : '.'}`
    + commands.map((c) => `\n• \`/${def.id} ${c.name}\`: ${c.description}`).join('');
  return {
    ...def,
    description,
    commands,
    options: def.options ?? (NO_OPTIONS as unknown as z.ZodType<O>),
    state: { upgraders: {}, ...def.state },
    activeSeats,
    defaultBot,
    words: {
      resign: 'You leave the game.',
      rules: [{ name: 'Overview', value: 'overview', text: `**${def.title}**: ${description}` }],
      help,
      ...def.words,
    },
  };
}

// Small pieces definitions share.

/** A move command's `accepts`: the actions of these types. */
export const ofTypes = <A extends { type: string }>(...types: A['type'][]) => (a: A): boolean => types.includes(a.type);

/** A definition's `isFinal`: events of these types make the action that caused them final. */
export function finalAfter<E extends { type: string }>(types: readonly E['type'][]): (event: E) => boolean {
  const final = new Set<string>(types);
  return (e) => final.has(e.type);
}
