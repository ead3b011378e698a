/**
 * Photos are shrunk on the phone before they are kept and uploaded: a camera's 4000×3000 picture
 * (3-6 MB) becomes at most 1600 px on its longest side, JPEG quality 0.8 (some 200-400 KB), which is
 * what a street on a weak mobile network can carry. A small JPEG, PNG or WebP stays as it is; a
 * picture the browser cannot decode is kept as taken (the server says whether it takes it).
 */

export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;
/** Types the server takes as they are (png/jpg/webp). */
const KEPT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The size to draw a width×height picture at so its longest side is at most `max`; null when it fits already. */
export function shrinkSize(width: number, height: number, max: number = MAX_SIDE): { width: number; height: number } | null {
  if (!(width > 0) || !(height > 0)) return null;
  const longest = Math.max(width, height);
  if (longest <= max) return null;
  const scale = max / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A decoded picture: its size and something the encoder can draw. */
interface Decoded {
  width: number;
  height: number;
  source: CanvasImageSource;
  close?: () => void;
}

/** How pictures are decoded and encoded (the browser's canvas; a fake in tests). */
export interface ImageTools {
  decode(blob: Blob): Promise<Decoded>;
  encode(source: CanvasImageSource, width: number, height: number, quality: number): Promise<Blob>;
}

/** The browser's: createImageBitmap (turned by the photo's orientation), a canvas, toBlob('image/jpeg'). */
const browserTools: ImageTools = {
  async decode(blob) {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    return { width: bitmap.width, height: bitmap.height, source: bitmap, close: () => bitmap.close() };
  },
  encode(source, width, height, quality) {
    return new Promise((resolve, reject) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return reject(new Error('canvas 不可用'));
      ctx.drawImage(source, 0, 0, width, height);
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('图片压缩失败'))), 'image/jpeg', quality);
    });
  },
};

const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

/** The photo to keep: shrunk to MAX_SIDE as a JPEG, or the picture itself when it is small enough (or cannot be decoded). */
export async function shrinkPhoto(file: Blob, name: string, tools: ImageTools = browserTools): Promise<{ blob: Blob; name: string }> {
  let decoded: Decoded;
  try {
    decoded = await tools.decode(file);
  } catch {
    return { blob: file, name };
  }
  try {
    const size = shrinkSize(decoded.width, decoded.height);
    if (!size && KEPT_TYPES.has(file.type)) return { blob: file, name };
    const target = size ?? { width: decoded.width, height: decoded.height };
    const blob = await tools.encode(decoded.source, target.width, target.height, JPEG_QUALITY);
    return { blob, name: jpegName(name) };
  } catch {
    return { blob: file, name };
  } finally {
    decoded.close?.();
  }
}
