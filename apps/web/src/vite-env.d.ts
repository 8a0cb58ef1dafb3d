/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Minutes without user activity before the app logs out (default 5). */
  readonly VITE_IDLE_LOGOUT_MINUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
