// A card photo as the server keeps it: checked by its content, squared, resized, and stripped of every
// piece of metadata (EXIF with a phone's GPS position, XMP, ICC, comments). sharp (libvips) writes no
// metadata unless asked to, and the EXIF orientation is applied to the pixels first so nothing is lost.
import sharp from 'sharp';
import { CARD_PHOTO } from '../../../contract/card-extras';

type PhotoType = (typeof CARD_PHOTO.types)[number];

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** The image type by the file's first bytes (what it claims to be is not asked), or null. */
export function photoTypeOf(bytes: Buffer): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** A decompression bomb (a small file of huge dimensions) is refused before its pixels are decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

function squareJpeg(bytes: Buffer, size: number): Promise<Buffer> {
  return (
    sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'cover', withoutEnlargement: false })
      // A transparent logo sits on white, as it would on a printed card.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer()
  );
}

export interface PreparedPhoto {
  image: Buffer;
  thumbnail: Buffer;
}

/** Null when the bytes are not a JPEG, PNG or WebP image that decodes. */
export async function preparePhoto(bytes: Buffer): Promise<PreparedPhoto | null> {
  if (!photoTypeOf(bytes)) return null;
  try {
    const [image, thumbnail] = await Promise.all([
      squareJpeg(bytes, CARD_PHOTO.size),
      squareJpeg(bytes, CARD_PHOTO.thumbnailSize),
    ]);
    return { image, thumbnail };
  } catch {
    return null;
  }
}
