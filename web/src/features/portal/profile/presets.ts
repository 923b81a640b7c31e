/**
 * Twelve preset avatars drawn for Tramita (spec section 9): five girls, five
 * boys and the default user, on soft backgrounds. Plain SVG, turned into a
 * PNG by the editor before upload (the server refuses SVG).
 */
const SKIN = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac'];
const HAIR = ['#2c1b10', '#6a4e42', '#b55239', '#e6be8a', '#1b1b1b'];
const BG = ['#c7d2fe', '#fbcfe8', '#bbf7d0', '#fde68a', '#bae6fd', '#ddd6fe'];

function face(skin: string, hair: string, bg: string, girl: boolean): string {
  const longHair = girl ? `<path d="M18 44c0-20 10-30 22-30s22 10 22 30v26H18z" fill="${hair}"/>` : '';
  const topHair = girl
    ? `<path d="M22 38c2-14 10-20 18-20s16 6 18 20c-8-6-22-8-36 0z" fill="${hair}"/>`
    : `<path d="M23 36c0-13 8-19 17-19s17 6 17 19c-5-5-12-7-17-7s-12 2-17 7z" fill="${hair}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="${bg}"/>${longHair}<path d="M14 80c2-14 13-20 26-20s24 6 26 20z" fill="${girl ? '#ec4899' : '#3b82f6'}"/><rect x="35" y="50" width="10" height="12" fill="${skin}"/><ellipse cx="40" cy="38" rx="15" ry="17" fill="${skin}"/>${topHair}<circle cx="34" cy="40" r="1.8" fill="#222"/><circle cx="46" cy="40" r="1.8" fill="#222"/><path d="M35 47q5 4 10 0" stroke="#a0522d" stroke-width="1.6" fill="none" stroke-linecap="round"/></svg>`;
}

const DEFAULT_USER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80"><rect width="80" height="80" fill="#cbd5e1"/><circle cx="40" cy="32" r="14" fill="#f8fafc"/><path d="M14 80c2-16 13-24 26-24s24 8 26 24z" fill="#f8fafc"/></svg>`;

const svgs = [
  ...[0, 1, 2, 3, 4].map((i) => face(SKIN[i]!, HAIR[(i + 1) % 5]!, BG[i % 6]!, true)),
  ...[0, 1, 2, 3, 4].map((i) => face(SKIN[(i + 2) % 5]!, HAIR[i]!, BG[(i + 3) % 6]!, false)),
  face(SKIN[4]!, HAIR[4]!, BG[5]!, true),
  DEFAULT_USER,
];

export const PRESET_AVATARS: string[] = svgs.map(
  (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
);
