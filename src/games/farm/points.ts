/** Kinds of points a player scores, in the order the end's table lists them, and their names there. */
export const POINT_KINDS = ['animals', 'card', 'market', 'horse', 'winter', 'bales', 'storage'] as const;
export type PointKind = (typeof POINT_KINDS)[number];
export const POINT_NAMES: Record<PointKind, string> = { animals: 'animals', card: 'card', market: 'fair', horse: 'horse', winter: 'Winter', bales: 'bales', storage: 'storage' };
