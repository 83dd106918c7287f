// The dog's generated avatar, for /getpublicpetimg when the dog has no profile picture: drawn as SVG,
// served as PNG, since link previews (Facebook, X) do not show SVG images.
import sharp from 'sharp';
import { recentlyUsed } from '../shared/recently-used.js';
const AVATAR_BACKGROUNDS = ['#ffe08a', '#cde9f7', '#d7f0d2', '#f6d2d2', '#e5d8f4', '#fde3c8', '#d2eeee', '#eeeeee', '#f3e6b3'];

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function avatarSvg(name: string, avatarColorIndex: number): string {
  const background = AVATAR_BACKGROUNDS[(Math.max(1, Math.min(9, avatarColorIndex)) - 1) % AVATAR_BACKGROUNDS.length];
  const letter = escapeXml((Array.from(name.trim())[0] ?? '?').toUpperCase());
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img" aria-label="${escapeXml(name)}">
<rect width="400" height="400" rx="200" fill="${background}"/>
<text x="200" y="200" dy=".35em" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="180" font-weight="700" fill="#1f2d3a">${letter}</text>
</svg>`;
}

// Previews of many dogs share few (letter, colour) pairs: the most recently drawn are kept.
const KEPT_PNGS = 256;
const pngs = new Map<string, Promise<Buffer>>();

/** avatarSvg as a 400 px PNG. */
export function avatarPng(name: string, avatarColorIndex: number): Promise<Buffer> {
  // drawn from the first letter alone, so dogs of one letter and colour share it
  const svg = avatarSvg(Array.from(name.trim())[0] ?? '?', avatarColorIndex);
  return recentlyUsed(pngs, svg, KEPT_PNGS, () => {
    const png = sharp(Buffer.from(svg)).png().toBuffer();
    png.catch(() => pngs.delete(svg));
    return png;
  });
}
