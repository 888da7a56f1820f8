interface ImportMetaEnv {
  /** `true` at build time lets a production build attach the Stately inspector with `?inspect`. */
  readonly VITE_STATELY_INSPECTOR?: string;
}
