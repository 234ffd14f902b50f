// Options drawn at random for random play: each variant on in about 40% of games.
import type { FenceOptions } from '../../src/games/fence/index.ts';

export function randomVariantOptions(rng: { next(): number }): Partial<FenceOptions> {
  const on = () => rng.next() < 0.4;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rng.next() * values.length)] as T;
  return {
    autoBuild: rng.next() < 0.5,
    ritzy: on(),
    boats: on(),
    tradingPost: on(),
    tunnel: on(),
    bigMap: on(),
    hunch: on(),
    turnTakingPawns: on(),
    freeForAll: on(),
    rewardedTiles: on() ? pick(['two', 'three'] as const) : 'off',
    rewardedSmallDeal: on(),
    missingTiles: on(),
    everyNeighborhood: on(),
    jokers: on(),
    tradingCards: on(),
    mixedStash: on(),
    blindStash: on(),
    hotGoodsByCards: on() ? pick(['discard', 'setAside'] as const) : 'off',
    moreHotGoods: on() ? pick(['all', 'allButOne'] as const) : 'off',
    wastedHotGoods: on(),
    accumulation: on(),
    rolledRounds: on(),
  };
}
