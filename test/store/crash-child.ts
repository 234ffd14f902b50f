/**
 * For crash.test.ts: plays FENCE! games through the store in one channel as fast as it can,
 * forever, until it is killed; writes "applied" after each action. Picks up whatever the last
 * run left (a lobby or a running game).
 * Usage: node --import tsx test/store/crash-child.ts <database url> <run number>
 */
import { computerAction, whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import { openStore } from '../../src/store/index.ts';
import { applyAction, startGame } from '../../src/runtime/moves.ts';
import { gameById } from '../../src/games/registry.ts';

const [url, run] = process.argv.slice(2);
if (!url) throw new Error('usage: crash-child.ts <database url> <run>');
const store = await openStore(url, { kinds: gameById });
const channelId = 'crash';

for (let game = 0; ; game++) {
  let loaded = await store.loadActiveGame(channelId);
  if (!loaded) {
    loaded = await store.createLobby({ kind: 'fence', guildId: 'g', channelId, hostUserId: 'host', hostName: 'Ann' });
  }
  if (loaded.record.status === 'lobby') {
    // A kill may have left the lobby half filled.
    for (let n = loaded.seats.length; n < 3; n++) await store.joinLobby(loaded.record.id, { userId: null, name: `Robo ${n}` });
    // Short games, so that kills also land on finishing and on starting a new game.
    await store.setLobbyOptions(loaded.record.id, { options: { autoBuild: game % 2 === 0, roundLimit: 2 } });
    loaded = (await startGame(store, loaded.record.id, { seed: `crash-${run}-${game}` })).game;
  }
  let state = loaded.state as FenceState;
  let version = loaded.record.version;
  while (!state.outcome) {
    const seat = whoMustAct(state)!;
    const r = version % 17 === 5
      ? await applyAction(store, loaded.record.id, version, 'system', { type: 'timeout' })
      : await applyAction(store, loaded.record.id, version, seat, computerAction(state, seat, 'random'), { userId: 'someone' });
    if (!r.ok) throw new Error(r.refusal.message);
    state = r.state as FenceState;
    version = r.version;
    // The parent kills after a number of these, not after a time.
    process.stdout.write('applied\n');
  }
}
