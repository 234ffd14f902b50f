// The fixed map most ruling tests use (drawn in docs/scenarios.md), and a helper that builds
// a scenario object on it.
export const TEST_MAP = [
  { tile: "Tanner's Lane", x: -1, y: -1 }, { tile: 'Chapel Hill', x: 0, y: -1 }, { tile: 'The Yards', x: 1, y: -1 },
  { tile: 'Sunnyside', x: -1, y: 0 }, { tile: 'Old Town', x: 0, y: 0 }, { tile: 'Four Points', x: 1, y: 0 },
  { tile: 'The Stix', x: 2, y: 0 }, { tile: 'Kettle Yard', x: 3, y: 0 },
  { tile: 'Nettlebed', x: -1, y: 1 }, { tile: 'Venice', x: 0, y: 1 }, { tile: 'Downtown', x: 1, y: 1 },
  { tile: 'Goose Green', x: 2, y: 1 }, { tile: 'Saltmarsh', x: 3, y: -1 },
];

export function onTestMap(fields: Record<string, unknown>): Record<string, unknown> {
  return { game: 'fence', name: 'test', players: ['ana', 'bo', 'cy'], map: TEST_MAP, ...fields };
}
