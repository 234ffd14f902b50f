/**
 * What a command, a button and a menu are, each one piece: its definition (a subcommand's
 * description and options), its declared preconditions (guards.ts) and what it does once they
 * hold, its autocomplete. The router looks them up by name (handlers/index.ts lists them);
 * `checks` runs the preconditions in order, and the command only when every one holds.
 */
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  SlashCommandSubcommandBuilder,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { AnyGame } from '../platform/game.ts';
import type { BotContext } from './context.ts';
import { answerWhenPosted, type Answer } from './game.ts';
import { Refusal, type Precondition } from './guards.ts';
import type { ButtonId } from './ids.ts';
import type { Reply } from './reply.ts';

/** What a call starts with: the bot, the way to answer, the interaction. */
export interface Call<I> {
  ctx: BotContext;
  r: Reply;
  i: I;
}

/** `/<game> <subcommand>`. */
export type GameCall = Call<ChatInputCommandInteraction> & { def: AnyGame };
/** `/games <subcommand>`: about the server, no game named. */
export type ServerCall = Call<ChatInputCommandInteraction> & { def: null };
/** A button press: its custom id read (every part untrusted), in the channel it was pressed in. */
export type PressCall = Call<ButtonInteraction> & { b: ButtonId; channelId: string };
/** A choice in a select menu, like a press. */
export type MenuCall = Call<StringSelectMenuInteraction> & { b: ButtonId; channelId: string };

/**
 * What a command ends with, once its preconditions held: an Answer (said once its posts are
 * out, after the lock is released), a refusal, or nothing (it answered itself).
 */
export type Outcome = Answer | Refusal | void;
type Run<C> = (c: C) => Promise<Outcome> | Outcome;

/** A command's preconditions and what it does: `run` checks them in order, then does it. */
export interface Checked<C> {
  run(c: C): Promise<Outcome>;
}

/**
 * Declares preconditions, in the order they are checked, then what the command does. Each
 * precondition gets what the ones before it found: the types say so, so that `player` (which
 * needs the game) cannot come before the precondition that loads it.
 */
export interface Checks<C> {
  (run: Run<C>): Checked<C>;
  <A>(p1: Precondition<C, A>, run: Run<C & A>): Checked<C>;
  <A, B>(p1: Precondition<C, A>, p2: Precondition<C & A, B>, run: Run<C & A & B>): Checked<C>;
  <A, B, D>(p1: Precondition<C, A>, p2: Precondition<C & A, B>, p3: Precondition<C & A & B, D>, run: Run<C & A & B & D>): Checked<C>;
  <A, B, D, E>(p1: Precondition<C, A>, p2: Precondition<C & A, B>, p3: Precondition<C & A & B, D>, p4: Precondition<C & A & B & D, E>, run: Run<C & A & B & D & E>): Checked<C>;
  <A, B, D, E, F>(
    p1: Precondition<C, A>, p2: Precondition<C & A, B>, p3: Precondition<C & A & B, D>, p4: Precondition<C & A & B & D, E>,
    p5: Precondition<C & A & B & D & E, F>, run: Run<C & A & B & D & E & F>,
  ): Checked<C>;
  <A, B, D, E, F, G>(
    p1: Precondition<C, A>, p2: Precondition<C & A, B>, p3: Precondition<C & A & B, D>, p4: Precondition<C & A & B & D, E>,
    p5: Precondition<C & A & B & D & E, F>, p6: Precondition<C & A & B & D & E & F, G>, run: Run<C & A & B & D & E & F & G>,
  ): Checked<C>;
  <A, B, D, E, F, G, H>(
    p1: Precondition<C, A>, p2: Precondition<C & A, B>, p3: Precondition<C & A & B, D>, p4: Precondition<C & A & B & D, E>,
    p5: Precondition<C & A & B & D & E, F>, p6: Precondition<C & A & B & D & E & F, G>, p7: Precondition<C & A & B & D & E & F & G, H>,
    run: Run<C & A & B & D & E & F & G & H>,
  ): Checked<C>;
}

/** A precondition as the runner holds it, once the overloads above have checked the order. */
interface Step {
  readonly name: string;
  readonly check: (c: object) => unknown;
  readonly lock?: true;
}

function checksFor<C extends object>(): Checks<C> {
  return ((...args: unknown[]): Checked<C> => {
    const run = args.pop() as (c: object) => Promise<Outcome> | Outcome;
    const steps = args as Step[];
    return { run: (c) => through(c, steps, 0, run) };
  }) as Checks<C>;
}

/** Runs `steps` from `from` on, then `run`; the lock, where declared, holds everything after it. */
async function through(c: object, steps: readonly Step[], from: number, run: (c: object) => Promise<Outcome> | Outcome): Promise<Outcome> {
  for (let k = from; k < steps.length; k++) {
    const step = steps[k]!;
    if (step.lock) {
      const { ctx, channelId } = c as { ctx: BotContext; channelId: string };
      return ctx.store.withChannelLock(channelId, () => through(c, steps, k + 1, run));
    }
    const found = await step.check(c);
    if (found instanceof Refusal) return new Refusal(found.code, found.message, found.legal, step.name);
    c = { ...c, ...(found as object) };
  }
  return run(c);
}

export const onGame: Checks<GameCall> = checksFor<GameCall>();
export const onServer: Checks<ServerCall> = checksFor<ServerCall>();
export const onPress: Checks<PressCall> = checksFor<PressCall>();
export const onMenu: Checks<MenuCall> = checksFor<MenuCall>();

/** A subcommand of `/<game>`: the same for every game (the lobby, information, admin) or one of the game's moves. */
export interface GameCommand {
  readonly name: string;
  /** Its description and options; the builder comes with the name set. */
  define(s: SlashCommandSubcommandBuilder, def: AnyGame): SlashCommandSubcommandBuilder;
  /**
   * Why `def` has no such subcommand (nothing hidden, no undo): it is then not registered for
   * it, and a call of it anyway (a forged one) gets this refusal. Omitted: every game has it.
   */
  lacking?(def: AnyGame): Refusal | null;
  readonly handle: Checked<GameCall>;
  /** Suggestions for its option as it is typed; the outcome for the log line. */
  autocomplete?(ctx: BotContext, i: AutocompleteInteraction, def: AnyGame): Promise<string>;
}

/** A subcommand of `/games`. */
export interface ServerCommand {
  readonly name: string;
  define(s: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder;
  readonly handle: Checked<ServerCall>;
  /** Suggestions for its option as it is typed; the outcome for the log line. */
  autocomplete?(ctx: BotContext, i: AutocompleteInteraction): Promise<string>;
}

/**
 * What a button or a select menu does, by the verb of its custom id (ids.ts). `edits`: it sits
 * on the presser's own private message and replaces it (a choice made there loses its
 * buttons); anywhere else its answer comes as a new private message.
 */
export type ComponentHandler =
  | { readonly kind: 'button'; readonly edits?: true; readonly handle: Checked<PressCall> }
  | { readonly kind: 'menu'; readonly edits?: true; readonly handle: Checked<MenuCall> };

/** Says how a command ended: a refusal, or its answer once its posts are out. */
export async function answer(r: Reply, outcome: Outcome, how: 'private' | 'update' = 'private'): Promise<void> {
  if (outcome instanceof Refusal) {
    r.precondition = outcome.precondition;
    return r.refuse(outcome.code, outcome.message, [...outcome.legal]);
  }
  return answerWhenPosted(r, outcome, how);
}
