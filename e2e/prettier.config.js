// e2e/ is formatted by web's Prettier (npm run format in web/) with web's settings: one place for them.
import { readFileSync } from 'node:fs';

export default JSON.parse(readFileSync(new URL('../web/.prettierrc', import.meta.url), 'utf8'));
