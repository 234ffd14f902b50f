/**
 * PNG encoding. @napi-rs/canvas's own encoder has no compression level and is the bulk of a
 * render's time (≈ 100–300 ms for a map). pngjs was tried first and measured worse here
 * (≈ 110 ms async for a standard map, with its JS row filter blocking the event loop for
 * over 100 ms), so this is the smallest PNG writer that does the job: RGBA rows with filter
 * None (for flat artwork this made smaller files than Up at the same speed) deflated by
 * zlib's async API at a low level, on libuv's thread pool. The canvas is read in bands with
 * a yield between them, so the event loop is never held for the whole picture.
 */
import type { Canvas } from '@napi-rs/canvas';
import { crc32, createDeflate, deflate } from 'node:zlib';

/** zlib level 2: measured ≈ as fast as 1 and a few percent smaller; 4+ doubles the time. */
export const DEFLATE_LEVEL = 2;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export function encodeRgba(data: Buffer | Uint8Array, width: number, height: number, level = DEFLATE_LEVEL): Promise<Buffer> {
  const rowLen = width * 4;
  if (data.length < rowLen * height) return Promise.reject(new RangeError(`encodeRgba: ${data.length} bytes for ${width}x${height}`));
  const src = Buffer.from(data.buffer, data.byteOffset, rowLen * height);
  const raw = Buffer.allocUnsafe((rowLen + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (rowLen + 1);
    raw[o] = 0; // filter None
    src.copy(raw, o + 1, y * rowLen, (y + 1) * rowLen);
  }
  return new Promise((resolve, reject) => {
    deflate(raw, { level }, (err, z) => {
      if (err) reject(err);
      else resolve(Buffer.concat([SIGNATURE, chunk('IHDR', ihdr(width, height)), chunk('IDAT', z), chunk('IEND', Buffer.alloc(0))]));
    });
  });
}

/** Rows read and deflated per step: small enough that no step holds the event loop long. */
const BAND_ROWS = 96;

/**
 * Reads the canvas in bands and streams them through zlib, yielding between bands. Skia
 * rasterizes on the first pixel read, so that read is the longest step; the rest are copies.
 */
export async function encodeCanvas(canvas: Canvas): Promise<Buffer> {
  const { width, height } = canvas;
  const ctx = canvas.getContext('2d');
  const rowLen = width * 4;
  const z = createDeflate({ level: DEFLATE_LEVEL });
  const chunks: Buffer[] = [];
  z.on('data', (d: Buffer) => chunks.push(d));
  const done = new Promise<void>((resolve, reject) => {
    z.on('end', resolve);
    z.on('error', reject);
  });
  for (let y = 0; y < height; y += BAND_ROWS) {
    const rows = Math.min(BAND_ROWS, height - y);
    // getImageData gives straight (not premultiplied) RGBA; every picture is opaque anyway.
    const px = ctx.getImageData(0, y, width, rows).data;
    const src = Buffer.from(px.buffer, px.byteOffset, rowLen * rows);
    const raw = Buffer.allocUnsafe((rowLen + 1) * rows);
    for (let r = 0; r < rows; r++) {
      raw[r * (rowLen + 1)] = 0; // filter None
      src.copy(raw, r * (rowLen + 1) + 1, r * rowLen, (r + 1) * rowLen);
    }
    if (!z.write(raw)) await new Promise((resolve) => z.once('drain', resolve));
    await new Promise((resolve) => setImmediate(resolve));
  }
  z.end();
  await done;
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr(width, height)), chunk('IDAT', Buffer.concat(chunks)), chunk('IEND', Buffer.alloc(0))]);
}

function ihdr(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return header;
}

/** The built-in encoder, kept for the bench's comparison. */
export const encodeBuiltIn = (canvas: Canvas): Buffer => canvas.toBuffer('image/png');
