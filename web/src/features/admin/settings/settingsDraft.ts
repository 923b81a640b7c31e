import type { SettingsMap } from '../api';

/** The keys whose value in `draft` differs from `saved`: what a save sends (only the keys to change). */
export function changedSettings(saved: SettingsMap, draft: SettingsMap): SettingsMap {
  const out: SettingsMap = {};
  for (const [key, value] of Object.entries(draft)) {
    if (JSON.stringify(value) !== JSON.stringify(saved[key])) out[key] = value;
  }
  return out;
}

/** Largest image the server keeps in a setting (700 KB of data URL). */
export const MAX_IMAGE_SETTING = 700 * 1024;

/** Reads an image file as a data URL; undefined when it is too large for a setting. */
export function readImage(file: File): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.length > MAX_IMAGE_SETTING ? undefined : url);
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
