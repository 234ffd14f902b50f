/**
 * Types of the parts of gifenc (MIT; it ships none) that the animation encoder uses: palette
 * quantisation, nearest-colour indexing and the GIF stream writer (frames.ts).
 */
declare module 'gifenc' {
  type Palette = number[][];

  interface FrameOptions {
    palette?: Palette | null;
    /** Writes the logical screen, the global colour table (`palette`) and the loop before this frame. */
    first?: boolean;
    transparent?: boolean;
    transparentIndex?: number;
    /** In milliseconds (GIF keeps hundredths). */
    delay?: number;
    /** 0: loop forever. */
    repeat?: number;
    /** The GIF disposal method: 1 leaves the frame in place under the next. */
    dispose?: number;
  }

  interface Encoder {
    writeHeader(): void;
    writeFrame(index: Uint8Array, width: number, height: number, opts?: FrameOptions): void;
    finish(): void;
    bytes(): Uint8Array;
  }

  interface GifEnc {
    GIFEncoder(opts?: { auto?: boolean; initialCapacity?: number }): Encoder;
    quantize(rgba: Uint8Array, maxColors: number, opts?: { format?: 'rgb565' | 'rgb444' | 'rgba4444' }): Palette;
    applyPalette(rgba: Uint8Array, palette: Palette, format?: 'rgb565' | 'rgb444' | 'rgba4444'): Uint8Array;
  }

  // A CommonJS bundle: Node's ESM loader sees only its default export.
  const gifenc: GifEnc;
  export default gifenc;
}
