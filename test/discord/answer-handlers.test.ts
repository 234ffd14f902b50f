// The REST manager that answers interactions (src/discord/rest.ts) keeps a handler per
// interaction token; they must not pile up for an hour (issue 28.7: a bot answering 25
// interactions a second held ~90,000 of them).
import { Client, GatewayIntentBits } from 'discord.js';
import { afterEach, expect, it, vi } from 'vitest';
import { ANSWER_HANDLER_SWEEP_MS, exemptInteractionEndpoints } from '../../src/discord/rest.ts';

afterEach(() => {
  vi.useRealTimers();
});

it('drops the idle handler of each answered interaction within a minute or so', async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  const app = '123456789012345678';
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { makeRequest: async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }) as never },
  });
  client.application = { id: app } as never;
  const { interactions, stop } = exemptInteractionEndpoints(client);
  try {
    // Thirty answers, each to its own interaction (its own token).
    for (let k = 0; k < 30; k++) await client.rest.patch(`/webhooks/${app}/token-${k}/messages/@original`, { auth: false, body: { content: 'Done' } });
    expect(interactions.handlers.size).toBe(30);
    vi.advanceTimersByTime(ANSWER_HANDLER_SWEEP_MS + 1);
    expect(interactions.handlers.size).toBe(0);
    expect(ANSWER_HANDLER_SWEEP_MS).toBeLessThanOrEqual(5 * 60_000);
  } finally {
    stop();
    await client.destroy();
  }
});
