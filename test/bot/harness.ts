// The harness's old name, kept while test/bot/recovery.test.ts, crash-driver.ts and
// global-limit.test.ts (changed on another branch) still import it: there `Harness` is FENCE!'s.
// New tests import test/bot/bot-harness.ts (any game) or test/fence/harness.ts (FENCE!).
export { FenceHarness as Harness, SUB_OF } from '../fence/harness.ts';
export { tapsFor, textOf } from './bot-harness.ts';
