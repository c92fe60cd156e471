// Shape features of a normalised foreground mask, chosen for icons (line and glyph art):
//  - the mask itself at 16x16 (where ink is),
//  - a blurred 8x8 copy (tolerant of line weight and small shifts, like a distance transform),
//  - edge-orientation histograms: 4x4 cells x 8 directions of the mask's gradient (what the strokes do),
//  - the foreground box's aspect ratio.
// Each block is centred and scaled to unit length before weighting, so cosine similarity compares
// shapes block by block rather than being swamped by ink coverage.

export const GRID = 64;
const MASK_CELLS = 16;
const BLUR_CELLS = 8;
const HOG_CELLS = 4;
const HOG_BINS = 8;
const WEIGHTS = { mask: 1, blur: 0.8, hog: 1.2, aspect: 0.35 };

export const DESCRIPTOR_LENGTH = MASK_CELLS ** 2 + BLUR_CELLS ** 2 + HOG_CELLS ** 2 * HOG_BINS + 1;

function pool(grid: Float32Array, cells: number): Float32Array {
  const out = new Float32Array(cells * cells);
  const k = GRID / cells;
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++)
      out[Math.floor(y / k) * cells + Math.floor(x / k)]! += grid[y * GRID + x]! / (k * k);
  }
  return out;
}

const kernels = new Map<number, Float64Array>();
function gaussian(radius: number): Float64Array {
  let kernel = kernels.get(radius);
  if (!kernel) {
    kernel = new Float64Array(2 * radius + 1).map((_, i) =>
      Math.exp(-((i - radius) ** 2) / (2 * (radius / 2) ** 2)),
    );
    const total = kernel.reduce((a, b) => a + b, 0);
    for (let i = 0; i < kernel.length; i++) kernel[i]! /= total;
    kernels.set(radius, kernel);
  }
  return kernel;
}

/** One separable Gaussian pass along x (step 1) or y (step GRID), clamping at the edges. */
function blurPass(src: Float32Array, kernel: Float64Array, alongY: boolean): Float32Array {
  const out = new Float32Array(src.length);
  const radius = (kernel.length - 1) / 2;
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) {
        const sx = alongY ? x : Math.min(GRID - 1, Math.max(0, x + k));
        const sy = alongY ? Math.min(GRID - 1, Math.max(0, y + k)) : y;
        sum += src[sy * GRID + sx]! * kernel[k + radius]!;
      }
      out[y * GRID + x] = sum;
    }
  }
  return out;
}

function blur(grid: Float32Array, radius: number): Float32Array {
  const kernel = gaussian(radius);
  return blurPass(blurPass(grid, kernel, false), kernel, true);
}

function orientationHistograms(grid: Float32Array): Float32Array {
  const smooth = blur(grid, 2);
  const out = new Float32Array(HOG_CELLS * HOG_CELLS * HOG_BINS);
  const cell = GRID / HOG_CELLS;
  for (let y = 1; y < GRID - 1; y++) {
    for (let x = 1; x < GRID - 1; x++) {
      // Sobel on the smoothed mask (written out: a closure per pixel costs more than the maths).
      const i = y * GRID + x;
      const nw = smooth[i - GRID - 1]!;
      const n = smooth[i - GRID]!;
      const ne = smooth[i - GRID + 1]!;
      const w = smooth[i - 1]!;
      const e = smooth[i + 1]!;
      const sw = smooth[i + GRID - 1]!;
      const s = smooth[i + GRID]!;
      const se = smooth[i + GRID + 1]!;
      const gx = ne + 2 * e + se - nw - 2 * w - sw;
      const gy = sw + 2 * s + se - nw - 2 * n - ne;
      const magnitude = Math.hypot(gx, gy);
      if (magnitude < 1e-3) continue;
      // Signed direction: the mask is always foreground = 1, so inside and outside edges differ.
      const angle = (Math.atan2(gy, gx) + 2 * Math.PI) % (2 * Math.PI);
      const pos = (angle / (2 * Math.PI)) * HOG_BINS;
      const bin = Math.floor(pos) % HOG_BINS;
      const frac = pos - Math.floor(pos);
      const base = (Math.floor(y / cell) * HOG_CELLS + Math.floor(x / cell)) * HOG_BINS;
      out[base + bin]! += magnitude * (1 - frac);
      out[base + ((bin + 1) % HOG_BINS)]! += magnitude * frac;
    }
  }
  return out;
}

function standardise(block: Float32Array, weight: number): Float32Array {
  const mean = block.reduce((a, b) => a + b, 0) / block.length;
  let norm = 0;
  for (let i = 0; i < block.length; i++) {
    block[i] = block[i]! - mean;
    norm += block[i]! ** 2;
  }
  const scale = norm > 0 ? weight / Math.sqrt(norm) : 0;
  for (let i = 0; i < block.length; i++) block[i] = block[i]! * scale;
  return block;
}

/** The descriptor of a GRID x GRID normalised mask; unit length, so cosine similarity is a dot product. */
export function shapeDescriptor(grid: Float32Array, aspect: number): Float32Array {
  const logAspect = Math.max(-2, Math.min(2, Math.log(aspect)));
  const parts = [
    standardise(pool(grid, MASK_CELLS), WEIGHTS.mask),
    standardise(pool(blur(grid, 4), BLUR_CELLS), WEIGHTS.blur),
    standardise(orientationHistograms(grid), WEIGHTS.hog),
    new Float32Array([WEIGHTS.aspect * logAspect]),
  ];
  const out = new Float32Array(DESCRIPTOR_LENGTH);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  const norm = Math.sqrt(out.reduce((s, v) => s + v * v, 0)) || 1;
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm;
  return out;
}
