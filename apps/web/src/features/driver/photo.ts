/**
 * A photo of the pour (R-ETICKET-2): the camera's picture made small enough to send over a weak
 * network, at most 1600 px on its longer side, as a JPEG data URL under the server's cap.
 */
import { photoMaxBytes, base64ByteLength } from '@dispatch/domain/tickets/ticket-delivery';

export const photoMaxSide = 1600;

export function scaledSize(width: number, height: number, maxSide = photoMaxSide) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

async function bitmapOf(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      // Some browsers refuse the option; the image element below still reads the file.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function photoDataUrl(file: Blob): Promise<string> {
  const image = await bitmapOf(file);
  const { width, height } = scaledSize(image.width, image.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas');
  context.drawImage(image, 0, 0, width, height);
  for (const quality of [0.82, 0.7, 0.55, 0.4]) {
    const url = canvas.toDataURL('image/jpeg', quality);
    const payload = url.slice(url.indexOf(',') + 1);
    if (base64ByteLength(payload) <= photoMaxBytes) return url;
  }
  throw new Error('The photo is too large');
}
