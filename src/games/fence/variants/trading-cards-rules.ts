/**
 * Trading Cards' `/fence rules` topic, on its own: words.ts builds its topic list when it loads,
 * and trading-cards.ts itself needs words.ts (a cycle that would leave the topic undefined).
 */
import type { RulesTopic } from '../../../platform/game.ts';

/** `/fence rules` for this variant, in players' words. */
export const TRADING_RULES: RulesTopic = {
  name: 'Variants: trading cards',
  value: 'v-trading',
  text: '**Trading Cards.** During your turn, before or between your moves, you may offer another player a deal with `/fence trade`: up to two of your cards for up to two cards you name (or a gift either way). Players in Jail trade too. The other player sees the cards in their own hand (`/fence hand` or **Show my hand**) and answers with **Accept** or **Decline**; the channel only hears who offered whom and the answer, never the cards. Your offer is withdrawn as soon as you make a move or your turn ends, and you may make three offers a turn at most. An offer nobody answers in time is declined (it does not count as a missed turn). Trading never keeps a turn going: with no move left, the turn still passes.',
};
