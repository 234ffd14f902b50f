/**
 * A game as the platform runs it: one object per game (`src/games/<id>/index.ts` exports it,
 * `src/games/registry.ts` lists it). Everything in it is pure and deterministic — no Discord,
 * no database, no clock, no canvas, no `Math.random` (randomness is a seeded generator kept in
 * the state). The platform (lobby, store, timers, turn posts, buttons, autocomplete, pictures)
 * is written once and drives every game only through this interface.
 *
 * Seats are numbered 0..n-1 in joining order. The platform never reads a state, an action, an
 * event or a view itself: it hands them back to the game's functions.
 */
import type { z } from 'zod';

export type Seat = number;
/** Who asks for an action: a seat, or the platform acting for the game (timers, admins). */
export type Actor = Seat | 'system';
/** Whom a view is for: a seat (their private knowledge included) or the channel (public only). */
export type Viewer = Seat | 'channel';

export interface SeatInfo {
  /** How the channel names this player (their server display name); never a secret. */
  name: string;
  computer: boolean;
}

/**
 * Requests every game accepts besides its own actions. `resign` comes from the resigning seat;
 * the others from 'system': a seat ran out of time (the game decides what the computer plays
 * for them), an admin removed a seat, an admin aborted the game.
 */
export type PlatformAction =
  | { type: 'resign' }
  | { type: 'timeout'; seat: Seat }
  | { type: 'remove'; seat: Seat; reason: 'kicked' | 'timeouts' | 'left' }
  | { type: 'abort' };

export type Applied<S, E> = { ok: true; state: S; events: E[] };
/** A refused request: a machine code (for logs), a sentence for the player, and what would be legal (labels). */
export type Refusal = { ok: false; code: string; message: string; legal: string[] };

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
  /** What resigning does, for its confirmation: "Your pawn leaves the map and your cards go to the discard pile." */
  resign: string;
  /** `/<game> rules`: the first topic is the overview. */
  rules: RulesTopic[];
  /** `/<game> help`: how to play this game with the bot. */
  help: string;
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

/** A computer player: the action it takes for `seat`, or null when it has nothing to do. Deterministic. */
export type Bot<S, A> = (s: S, seat: Seat) => A | null;

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

/** Optional support for scenario files (`npm run scenario`, test/scenarios/): see src/platform/scenario.ts. */
export interface ScenarioSupport<S> {
  /**
   * Plays a scenario file of this game (`"game"` already checked): sets up its position, plays
   * its steps, checks its expectations. Throws ScenarioError when the file itself is invalid.
   */
  run(json: unknown): ScenarioResult<S>;
}

export interface GameDefinition<S, A, E, V, O> {
  /** The game's id: its slash command (`/chess`) and its kind in the store. Lower case, ≤ 32. */
  id: string;
  /** As players know it: "Chess". */
  title: string;
  /** One line for `/games` and the command's description (≤ 100 characters). */
  description: string;
  seats: { min: number; max: number };
  /**
   * The options of a game, as a zod object whose every field has a default. The one source of
   * their types, defaults, validation, labels and menus: each field's `.meta()` is an OptionMeta
   * (src/platform/options.ts).
   */
  options: z.ZodType<O>;
  state: {
    /** The version written into every state (`state.version`). */
    version: number;
    /** What a stored state must look like; the state's type is inferred from it. */
    schema: z.ZodType<S>;
    upgraders: Upgraders;
  };
  /** A new game: seats in order, a seed for the generator, options already parsed. */
  setup(input: { seats: SeatInfo[]; seed: string; options: O }): Applied<S, E>;
  /** Seats that may act now, in the order they are asked; several act at once; [] once the game is over. */
  activeSeats(s: S): Seat[];
  /** Everything `seat` may do now (empty when it is not theirs to act); never PlatformActions. */
  legalActions(s: S, seat: Seat): A[];
  /**
   * Applies a request. `input` is untrusted JSON: the game parses it (its own actions from a
   * seat, PlatformActions as documented) and refuses what the rules do not allow, never
   * throwing and never changing `s`.
   */
  apply(s: S, actor: Actor, input: unknown): Applied<S, E> | Refusal;
  /** Non-null once the game is over. */
  outcome(s: S): Outcome | null;
  /** Seats that left the game through these events (resigned, removed), so the store marks them. */
  seatsLeft(events: readonly E[]): { seat: Seat; reason: string }[];
  /** What `viewer` may know: the only thing drawings see. */
  view(s: S, viewer: Viewer): V;
  /** Computer players by name; `bots[defaultBot]` plays computer seats. */
  bots: Record<string, Bot<S, A>>;
  defaultBot: string;
  words: GameWords<S, A, E>;
  /** Move subcommands, in the order they are listed. */
  commands: MoveCommand<A>[];
  /** Parses an autocomplete value or a button's value back into an action (untrusted text); null if it is not one. */
  decode(text: string): A | null;
  /** Writes an action as an autocomplete value or a button value: ≤ 80 characters. */
  encode(action: A): string;
  /** Reads a move typed by hand (not picked from the list) for `command`; null when it is not understood. */
  parse?(s: S, seat: Seat, command: string, typed: string): A | null;
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
  scenario?: ScenarioSupport<S>;
  /**
   * Whether an event makes the action that caused it final: something hidden or random came
   * out (a card drawn, a die rolled, a secret revealed), so taking the action back would let a
   * player try again knowing it. Omitted: the game offers no undo.
   */
  isFinal?(event: E): boolean;
}

/**
 * A game of any type, as the platform holds it in the registry. Member functions are written
 * as methods here, whose parameters TypeScript checks bivariantly, so a GameDefinition of
 * specific types is one: the platform passes back only what the same game gave it.
 */
export interface AnyGame {
  id: string;
  title: string;
  description: string;
  seats: { min: number; max: number };
  options: z.ZodType<unknown>;
  state: { version: number; schema: z.ZodType<unknown>; upgraders: Upgraders };
  setup(input: { seats: SeatInfo[]; seed: string; options: unknown }): Applied<unknown, unknown>;
  activeSeats(s: unknown): Seat[];
  legalActions(s: unknown, seat: Seat): unknown[];
  apply(s: unknown, actor: Actor, input: unknown): Applied<unknown, unknown> | Refusal;
  outcome(s: unknown): Outcome | null;
  seatsLeft(events: readonly unknown[]): { seat: Seat; reason: string }[];
  view(s: unknown, viewer: Viewer): unknown;
  bots: Record<string, AnyBot>;
  defaultBot: string;
  words: {
    action(s: unknown, action: unknown): string;
    event(s: unknown, event: unknown): string | null;
    prompt(s: unknown, seat: Seat): Prompt<unknown>;
    phase(s: unknown): string;
    status(s: unknown): string[];
    resign: string;
    rules: RulesTopic[];
    help: string;
    unavailable?(s: unknown, seat: Seat, command: string): string;
    summary?(s: unknown): string[];
  };
  commands: { name: string; option: string; description: string; choice: string; what: string; accepts(action: unknown): boolean }[];
  decode(text: string): unknown;
  encode(action: unknown): string;
  parse?(s: unknown, seat: Seat, command: string, typed: string): unknown;
  posts?(steps: readonly Step<unknown, unknown>[]): PostPlan<unknown, unknown>[];
  preview?(s: unknown, seat: Seat, action: unknown): Picture | null;
  board(s: unknown): Picture;
  hand?(s: unknown, seat: Seat): { text: string; pictures: Picture[] };
  drawings: string;
  scenario?: { run(json: unknown): ScenarioResult };
  isFinal?(event: unknown): boolean;
}

/** A bot of any game: a method type, so that its parameter is checked bivariantly too. */
type AnyBot = { bot(s: unknown, seat: Seat): unknown }['bot'];

/** Checks a definition's types where it is written, and returns it as it is. */
export function defineGame<S, A, E, V, O>(def: GameDefinition<S, A, E, V, O>): GameDefinition<S, A, E, V, O> {
  return def;
}
