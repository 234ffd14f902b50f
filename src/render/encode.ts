/**
 * PNG encoding. @napi-rs/canvas's own encoder has no compression level and is the bulk of a
 * render's time (≈ 60–120 ms for a standard map here). This is the smallest PNG writer that
 * does the job, measured on the 6-player standard map (1.6 M pixels, flat colours):
 * - pixels come from `canvas.data()` (the raw RGBA buffer; ≈ 30 % quicker than getImageData,
 *   and identical for our opaque pictures, where premultiplied = straight);
 * - colour type 2 (RGB): alpha is always 255, so it is dropped while copying the rows;
 * - filter None: for this flat art Sub and Up made *larger* files (285 / 264 KB vs 239 KB
 *   at level 2) and were no faster; Sub + Z_RLE, tried too, gave 486 KB for no time gained;
 * - zlib level 2: as fast as level 1 and a little smaller; level 4+ doubles the time.
 * It runs inside the render worker (worker.ts), so the synchronous deflate costs the bot's
 * event loop nothing; `encodeCanvas` is the in-thread variant, deflating on libuv's pool.
 */
import type { Canvas } from '@napi-rs/canvas';
import { endianness } from 'node:os';
import { crc32, deflate, deflateSync } from 'node:zlib';

const LITTLE_ENDIAN = endianness() === 'LE';

export const DEFLATE_LEVEL = 2;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function ihdr(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // RGB
  return header;
}

/**
 * Scanlines as PNG wants them: a filter byte (0, None) then the row's RGB, alpha dropped.
 * Written into `out` when given (its first (3w + 1)·h bytes), else into a new array.
 */
export function rgbScanlines(rgba: Uint8Array, width: number, height: number, out?: Uint8Array): Uint8Array {
  if (rgba.length < width * height * 4) throw new RangeError(`rgbScanlines: ${rgba.length} bytes for ${width}x${height}`);
  if (rgba.byteOffset % 4 !== 0) rgba = rgba.slice(0, width * height * 4);
  const rowLen = width * 3 + 1;
  if (out && out.length < rowLen * height) throw new RangeError(`rgbScanlines: ${out.length} bytes of output for ${width}x${height}`);
  const rows = out ? out.subarray(0, rowLen * height) : new Uint8Array(rowLen * height);
  if (!LITTLE_ENDIAN) {
    for (let y = 0, i = 0; y < height; y++) {
      rows[y * rowLen] = 0;
      for (let x = 0, p = y * rowLen + 1; x < width; x++, p += 3, i += 4) rows.set(rgba.subarray(i, i + 3), p);
    }
    return rows;
  }
  // Four pixels (RGBA words, R the low byte) packed into three RGB words in an aligned row
  // buffer, then one memcpy per row (output rows are 3w+1 bytes, never aligned): measured
  // 4.3 ms for the standard map against 7.2 ms writing byte by byte. Int32, not Uint32: an
  // opaque pixel's word is ≥ 2³¹, which a Uint32Array hands to the JIT as a double.
  const px = new Int32Array(rgba.buffer, rgba.byteOffset, width * height);
  const words = new Int32Array(Math.ceil((width * 3) / 4) + 1);
  const row = new Uint8Array(words.buffer, 0, width * 3);
  const quads = width >> 2;
  for (let y = 0; y < height; y++) {
    let i = y * width, o = 0;
    for (let q = 0; q < quads; q++) {
      const a = px[i] as number, b = px[i + 1] as number, c = px[i + 2] as number, d = px[i + 3] as number;
      words[o] = (a & 0xffffff) | (b << 24);
      words[o + 1] = ((b >>> 8) & 0xffff) | (c << 16);
      words[o + 2] = ((c >>> 16) & 0xff) | (d << 8);
      o += 3;
      i += 4;
    }
    for (let x = quads * 4, p = quads * 12; x < width; x++, p += 3) {
      const v = px[i++] as number;
      row[p] = v;
      row[p + 1] = v >>> 8;
      row[p + 2] = v >>> 16;
    }
    rows[y * rowLen] = 0;
    rows.set(row, y * rowLen + 1);
  }
  return rows;
}

/**
 * The scanlines of the synchronous encoder, kept between pictures: a new 2–5 MB array each
 * time is fresh memory to fault in and, being counted by V8, brings the next full GC nearer.
 * Only the render thread's own encodes use it (deflateSync is done with it before returning).
 */
const SCRATCH_MAX = 16 * 1024 * 1024;
let scratch = new Uint8Array(0);

function scratchFor(bytes: number): Uint8Array | undefined {
  if (bytes > SCRATCH_MAX) return undefined;
  if (scratch.length < bytes) scratch = new Uint8Array(bytes);
  return scratch;
}

const assemble = (width: number, height: number, idat: Uint8Array): Buffer =>
  Buffer.concat([SIGNATURE, chunk('IHDR', ihdr(width, height)), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);

/** Synchronous: for the render worker, whose thread does nothing else. */
export function encodeRgbaSync(rgba: Uint8Array, width: number, height: number, level = DEFLATE_LEVEL): Buffer {
  return assemble(width, height, deflateSync(rgbScanlines(rgba, width, height, scratchFor((width * 3 + 1) * height)), { level }));
}

/** In-thread encoding (CLI, tests): the deflate runs on libuv's pool, the row copy (≈ 6 ms) here. */
export function encodeCanvas(canvas: Canvas, level = DEFLATE_LEVEL): Promise<Buffer> {
  const { width, height } = canvas;
  const rows = rgbScanlines(canvas.data(), width, height);
  return new Promise((resolve, reject) => {
    deflate(rows, { level }, (err, z) => (err ? reject(err) : resolve(assemble(width, height, z))));
  });
}

/** The built-in encoder, kept for the bench's comparison. */
export const encodeBuiltIn = (canvas: Canvas): Buffer => canvas.toBuffer('image/png');
