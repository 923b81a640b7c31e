export const AVATAR_SIZE = 160;

/** Draws an image centred and zoomed (1 to 2) on a square canvas and exports it as PNG. */
export async function renderAvatar(source: string, zoom: number): Promise<string> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return source;
  const side = Math.min(image.naturalWidth || AVATAR_SIZE, image.naturalHeight || AVATAR_SIZE) / zoom;
  const sx = ((image.naturalWidth || AVATAR_SIZE) - side) / 2;
  const sy = ((image.naturalHeight || AVATAR_SIZE) - side) / 2;
  context.drawImage(image, sx, sy, side, side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
  return canvas.toDataURL('image/png');
}
