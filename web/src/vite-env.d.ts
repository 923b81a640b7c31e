/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** API base address; '/api' when unset. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
