import { createContext } from 'react';

/** True under a page's <main> (the portal shell's): a full-page view there is not a landmark of its own. */
export const InsideMain = createContext(false);
