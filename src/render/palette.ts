/**
 * Colours every game's pictures share. Seats use the Okabe–Ito palette (distinguishable with
 * the common colour-vision deficiencies); a game should also mark each piece with its seat
 * number, so colour is never the only cue. Black is left free for neutral pieces.
 */
export interface SeatColour {
  fill: string;
  /** Text drawn on the fill: chosen for contrast. */
  ink: string;
  rgb: [number, number, number];
}

const seat = (hex: string, ink: string): SeatColour => ({
  fill: hex,
  ink,
  rgb: [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)],
});

export const SEAT_COLOURS: readonly SeatColour[] = [
  seat('#E69F00', '#000000'), // orange
  seat('#56B4E9', '#000000'), // sky blue
  seat('#009E73', '#FFFFFF'), // bluish green
  seat('#F0E442', '#000000'), // yellow
  seat('#0072B2', '#FFFFFF'), // blue
  seat('#D55E00', '#FFFFFF'), // vermillion
  seat('#CC79A7', '#000000'), // reddish purple
  seat('#999999', '#000000'), // grey: only an eighth seat needs it
];

export const seatColour = (seatIndex: number): SeatColour => SEAT_COLOURS[seatIndex % SEAT_COLOURS.length] as SeatColour;
