/**
 * Checks that must hold after every action of every game (issue 2's property list).
 * Each returns a list of problems so a failing game can say everything that went wrong.
 */
import { viewFor, whoMustAct, legalActions, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import { firstPlayerOf, inPlay } from '../../src/games/fence/rules.ts';

const CARD = /^[RB][1-6]$/;

export function checkState(s: FenceState, events: readonly FenceEvent[], before: FenceState): string[] {
  const problems: string[] = [];
  const n = s.seats.length;
  // Card conservation: hands + Stash + discard + start cards set aside = the deck (B1).
  const all = [...s.hands.flat(), ...s.stash.red, ...s.stash.blue, ...s.discard, ...s.startCards.flatMap((c) => (c ? [c.red, c.blue] : []))];
  const counts = new Map<string, number>();
  for (const c of all) counts.set(c, (counts.get(c) ?? 0) + 1);
  for (const colour of ['R', 'B']) for (let v = 1; v <= 6; v++) {
    if ((counts.get(`${colour}${v}`) ?? 0) !== n) problems.push(`card ${colour}${v} count ${counts.get(`${colour}${v}`) ?? 0} != ${n}`);
  }
  if (all.length !== 12 * n) problems.push(`deck size ${all.length} != ${12 * n}`);
  if (s.stash.red.some((c) => c[0] !== 'R') || s.stash.blue.some((c) => c[0] !== 'B')) problems.push('a card in the wrong Stash pile');
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
  // Pending choices belong to the right player.
  const p = s.pending;
  if (p) {
    if (s.out[p.seat]) problems.push('a removed seat owes a choice');
    if (p.kind === 'drawColour') {
      const cause = [...events].reverse().find((e) => e.type === 'hotGoods' || e.type === 'stateEvidence');
      const owner = cause?.type === 'hotGoods' ? cause.roll.winner : cause?.type === 'stateEvidence' ? cause.seat : null;
      if (owner !== p.seat) problems.push(`colour choice owed by ${p.seat}, expected ${owner}`);
      if (s.stash.red.length === 0 || s.stash.blue.length === 0) problems.push('a colour choice with an empty pile');
    }
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
    const view = viewFor(s, viewer);
    const json = JSON.parse(JSON.stringify(view)) as unknown;
    const paths: string[] = [];
    cardPaths(json, 'view', paths);
    const allowed = /^view\.(discard\[\d+\]|me\.hand\[\d+\]|me\.startCards\[\d+\])$/;
    for (const path of paths) if (!allowed.test(path)) problems.push(`${viewer}: a card at ${path}`);
    const keys: string[] = [];
    forbiddenKeys(json, 'view', keys);
    problems.push(...keys.map((k) => `${viewer}: secret key ${k}`));
    if (viewer === 'channel' && view.me) problems.push('the channel view has a hand');
    if (typeof viewer === 'number' && view.me && view.me.seat !== viewer) problems.push(`${viewer} sees seat ${view.me.seat}'s hand`);
    if (typeof viewer === 'number' && JSON.stringify(view.me?.hand) !== JSON.stringify(s.hands[viewer])) problems.push(`${viewer}: own hand missing or wrong`);
  }
  return problems;
}

/** Events are posted to the channel: cards may appear only where they were played face up. */
export function checkEvents(events: readonly FenceEvent[]): string[] {
  const problems: string[] = [];
  events.forEach((e, i) => {
    const paths: string[] = [];
    cardPaths(e, `event${i}`, paths);
    const allowed = e.type === 'movedSelf' || e.type === 'copsMoved' || e.type === 'startRevealed';
    if (paths.length && !allowed) problems.push(`event ${e.type} carries a card at ${paths.join(', ')}`);
  });
  return problems;
}
