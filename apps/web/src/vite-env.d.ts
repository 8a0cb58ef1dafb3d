/// <reference types="vite/client" />

// The app reads no build-time variables: every setting comes from GET app-config at run time.
type ImportMetaEnv = Record<string, never>;

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
