/**
 * Checks that must hold after every action of every game (issue 2's property list).
 * Each returns a list of problems so a failing game can say everything that went wrong.
 */
import { view, whoMustAct, legalActions, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import { firstPlayerOf, inPlay } from '../../src/games/fence/rules.ts';
import { cardConservationProblem } from '../../src/games/fence/scenario.ts';

/** Any card: numbers, Jokers, face cards. */
const CARD = /^[RB]([1-6]|J|F)$/;

export function checkState(s: FenceState, events: readonly FenceEvent[], before: FenceState): string[] {
  const problems: string[] = [];
  // Card conservation: hands + Stash + discard + start cards + cards set aside = the deck the
  // options make (B1; Jokers, face cards and four-suit decks with the variants).
  const conservation = cardConservationProblem(s);
  if (conservation) problems.push(`cards not conserved: ${conservation}`);
  if (s.phase !== 'building') {
    const live = inPlay(s);
    // B9: no pawn or Cops off limits; a jailed pawn has no neighborhood (it is 'jail').
    s.pawns.forEach((p, i) => {
      if (p && p !== 'jail' && !live.has(p)) problems.push(`pawn ${i} off limits at ${p}`);
      if (s.out[i] && p !== null) problems.push(`removed seat ${i} still has a pawn`);
    });
    if (s.cops && !live.has(s.cops)) problems.push(`Cops off limits at ${s.cops}`);
  }
  // B14: Move Yourself never ends on an occupied neighborhood.
  for (const e of events) {
    if (e.type === 'movedSelf') {
      const others = before.pawns.filter((p, i) => i !== e.seat && p === e.to && !before.out[i]);
      if (others.length || before.cops === e.to) problems.push(`seat ${e.seat} moved onto occupied ${e.to}`);
    }
    if (e.type === 'jailed') for (const seat of e.seats) if (s.pawns[seat] !== 'jail' && !s.out[seat] && !events.some((x) => x.type === 'movedSelf' && x.seat === seat)) problems.push(`seat ${seat} jailed but pawn at ${s.pawns[seat]}`);
  }
  // From one pile, a drawn card's colour is the drawer's secret.
  // (With Mixed Stash the piles merge after the deal: draws before it, while building, chose their colour.)
  const blind = (e: FenceEvent) => s.options.blindStash || (e.type === 'cardDrawn' && e.why !== 'reward');
  if (s.stash.mixed) for (const e of events) if ((e.type === 'cardDrawn' && e.colour !== null && blind(e)) || (e.type === 'dealt' && e.red !== null && s.options.blindStash)) problems.push(`a blind draw shows its colour (${e.type})`);
  // Pending choices belong to the right player.
  const p = s.pending;
  if (p) {
    if (s.out[p.seat]) problems.push('a removed seat owes a choice');
    if (p.kind === 'drawColour') {
      const cause = [...events].reverse().find((e) => e.type === 'hotGoods' || e.type === 'stateEvidence');
      const owner = cause?.type === 'hotGoods' ? cause.roll.winner : cause?.type === 'stateEvidence' ? cause.seat : null;
      // A prize of several cards asks again after each one.
      const more = before.pending?.kind === 'drawColour' && before.pending.seat === p.seat && before.pending.count === p.count + 1;
      if (owner !== p.seat && p.reason !== 'reward' && !more) problems.push(`colour choice owed by ${p.seat}, expected ${owner}`);
    }
    if ((p.kind === 'drawColour' || p.kind === 'discardColour') && (s.stash.red.length === 0 || s.stash.blue.length === 0)) problems.push('a colour choice with an empty pile');
    if (p.kind === 'discardColour' && p.seat !== firstPlayerOf(s)) problems.push('the Stash discard choice is not the First Player\'s');
    if (p.kind === 'copsNeighborhood' && p.seat !== firstPlayerOf(s)) problems.push('the Cops choice is not the First Player\'s');
    if (p.kind === 'pawnNeighborhood' && p.seat !== s.current) problems.push('the pawn choice is not the placing player\'s');
  }
  // The player who must act has something to do.
  if (!s.outcome) {
    const seat = whoMustAct(s);
    if (seat === null || legalActions(s, seat).length === 0) problems.push(`seat ${seat} must act but has no legal action (${s.phase})`);
  } else if (whoMustAct(s) !== null) problems.push('the game is over but someone must act');
  return problems;
}

/** Every string that looks like a card, with where it sits in the JSON. */
function cardPaths(value: unknown, path: string, out: string[]): void {
  if (typeof value === 'string') {
    if (CARD.test(value)) out.push(path);
  } else if (Array.isArray(value)) value.forEach((v, i) => cardPaths(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) cardPaths(v, `${path}.${k}`, out);
}

const FORBIDDEN_KEYS = /^(rng|seed|fixedDice|hands|startCards)$/;
function forbiddenKeys(value: unknown, path: string, out: string[]): void {
  if (Array.isArray(value)) value.forEach((v, i) => forbiddenKeys(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // The viewer's own start cards (view.me.startCards) are theirs to see.
      if (FORBIDDEN_KEYS.test(k) && `${path}.${k}` !== 'view.me.startCards') out.push(`${path}.${k}`);
      if (k === 'stash' && (Array.isArray((v as { red?: unknown }).red) || Array.isArray((v as { blue?: unknown }).blue))) out.push(`${path}.stash (pile order)`);
      forbiddenKeys(v, `${path}.${k}`, out);
    }
  }
}

/** Views: cards appear only in the viewer's own hand and start cards and the (public) discard pile. */
export function checkViews(s: FenceState): string[] {
  const problems: string[] = [];
  const viewers: (number | 'channel')[] = ['channel', ...s.seats.map((_, i) => i)];
  for (const viewer of viewers) {
    const v = view(s, viewer);
    const json = JSON.parse(JSON.stringify(v)) as unknown;
    const paths: string[] = [];
    cardPaths(json, 'view', paths);
    // Hot Goods drawn by cards are drawn face up.
    const allowed = /^view\.(discard\[\d+\]|me\.hand\[\d+\]|me\.startCards\[\d+\]|hotGoods\.rolls\[\d+\]\.cards\[\d+\])$/;
    // Trading Cards: an open offer's cards are seen by its two players only.
    const trade = s.extended?.trade;
    const party = trade && (viewer === trade.from || viewer === trade.to) ? /^view\.extended\.trade\.(give|ask)\[\d+\]$/ : null;
    for (const path of paths) if (!allowed.test(path) && !party?.test(path)) problems.push(`${viewer}: a card at ${path}`);
    const keys: string[] = [];
    forbiddenKeys(json, 'view', keys);
    problems.push(...keys.map((k) => `${viewer}: secret key ${k}`));
    if (viewer === 'channel' && v.me) problems.push('the channel view has a hand');
    if (typeof viewer === 'number' && v.me && v.me.seat !== viewer) problems.push(`${viewer} sees seat ${v.me.seat}'s hand`);
    if (typeof viewer === 'number' && JSON.stringify(v.me?.hand) !== JSON.stringify(s.hands[viewer])) problems.push(`${viewer}: own hand missing or wrong`);
  }
  return problems;
}

/** Events are posted to the channel: cards may appear only where they were played face up. */
export function checkEvents(events: readonly FenceEvent[]): string[] {
  const problems: string[] = [];
  events.forEach((e, i) => {
    const paths: string[] = [];
    cardPaths(e, `event${i}`, paths);
    // Cards played or drawn face up: moves, revealed start pairs, pairs drawn for a tile, a card discarded from the Stash.
    const allowed = ['movedSelf', 'copsMoved', 'startRevealed', 'ritzyDrawn', 'tunnelDrawn', 'hotGoods', 'stashBurned'].includes(e.type);
    if (paths.length && !allowed) problems.push(`event ${e.type} carries a card at ${paths.join(', ')}`);
  });
  return problems;
}
