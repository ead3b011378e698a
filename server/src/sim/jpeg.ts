/**
 * A small valid baseline JPEG made in code (a few hundred bytes): what the demo's field crew
 * uploads as its photos. Each 8×8 block is one flat colour (only the DC coefficients are coded), so
 * the picture is a coarse mosaic: a sky over a street, tinted per photo.
 */

const SOI = [0xff, 0xd8];
const EOI = [0xff, 0xd9];

const segment = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 255, (body.length + 2) & 255, ...body];

/** JFIF 1.01, no thumbnail. */
const APP0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
/** One quantisation table of 8s: a flat block's DC coefficient 8·(v − 128) quantises to v − 128. */
const DQT = segment(0xdb, [0x00, ...new Array<number>(64).fill(8)]);
/**
 * Huffman tables: DC (class 0) codes every magnitude category 0-11 in 4 bits (the code is the
 * category); AC (class 1) knows only end-of-block, code `0`.
 */
const DHT = segment(0xc4, [
  0x00,
  ...[0, 0, 0, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  ...Array.from({ length: 12 }, (_, i) => i),
  0x10,
  ...[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  0x00,
]);

class BitWriter {
  readonly bytes: number[] = [];
  private acc = 0;
  private n = 0;

  write(value: number, bits: number) {
    for (let i = bits - 1; i >= 0; i--) {
      this.acc = (this.acc << 1) | ((value >> i) & 1);
      if (++this.n === 8) this.flushByte();
    }
  }

  private flushByte() {
    this.bytes.push(this.acc);
    if (this.acc === 0xff) this.bytes.push(0x00); // byte stuffing
    this.acc = 0;
    this.n = 0;
  }

  /** Pads the last byte with 1s. */
  end() {
    if (this.n > 0) this.write(0xff, 8 - this.n);
  }
}

const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

/** RGB → the three YCbCr levels (JFIF). */
function ycc([r, g, b]: readonly number[]): [number, number, number] {
  return [clamp(0.299 * r + 0.587 * g + 0.114 * b), clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b), clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)];
}

/** A DC difference: its category in 4 bits, then the value's bits (negative: one's complement). */
function writeDc(w: BitWriter, diff: number) {
  const magnitude = Math.abs(diff);
  const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
  w.write(category, 4);
  if (category) w.write(diff > 0 ? diff : diff + (1 << category) - 1, category);
}

/**
 * A JPEG of `blocksWide` × `blocksHigh` flat 8×8 blocks, each coloured by `colour(x, y)` (RGB, 0-255).
 */
function mosaicJpeg(blocksWide: number, blocksHigh: number, colour: (x: number, y: number) => readonly number[]): Buffer {
  const width = blocksWide * 8;
  const height = blocksHigh * 8;
  const sof = segment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const sos = segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);
  const w = new BitWriter();
  const previous = [0, 0, 0];
  for (let y = 0; y < blocksHigh; y++) {
    for (let x = 0; x < blocksWide; x++) {
      const levels = ycc(colour(x, y));
      for (let c = 0; c < 3; c++) {
        const dc = levels[c] - 128;
        writeDc(w, dc - previous[c]);
        previous[c] = dc;
        w.write(0, 1); // end of block: every AC coefficient is zero
      }
    }
  }
  w.end();
  return Buffer.from([...SOI, ...APP0, ...DQT, ...sof, ...DHT, ...sos, ...w.bytes, ...EOI]);
}

/** A 64×48 "photo" (sky, buildings, street), tinted by `tint` (0-1). */
export function photoJpeg(tint: number): Buffer {
  const t = Math.max(0, Math.min(1, tint));
  const sky = [110 + 60 * t, 160 + 30 * t, 220 - 40 * t];
  return mosaicJpeg(8, 6, (x, y) => {
    if (y < 2) return sky.map((v) => v + y * 12);
    if (y < 4) return (x + y) % 3 === 0 ? [150, 140, 130] : [190 - 30 * t, 180, 160 + 30 * t];
    return y === 4 ? [90, 90, 95] : [60 + ((x * 37) % 24), 60 + ((x * 37) % 24), 64 + ((x * 37) % 24)];
  });
}
